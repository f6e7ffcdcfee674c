import { QueryClient } from '@tanstack/react-query';
import { isRetryable } from '../api/http.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // One quick retry for network or server hiccups, so a real outage reaches its error state in about a
        // second instead of the library's default of three retries with back-off (about 7 s).
        retry: (failureCount, error) => failureCount < 1 && isRetryable(error),
        retryDelay: 800,
        refetchOnWindowFocus: false,
      },
    },
  });
}
