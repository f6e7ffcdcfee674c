import { useQuery } from '@tanstack/react-query';
import type { cmsPageReplySchema } from '@gavel/domain';
import { apiRequest, type ReplyOf } from './http.ts';
import { queryKeys } from './query-keys.ts';

export function useCmsPage(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.cms(slug),
    queryFn: ({ signal }) => apiRequest<ReplyOf<typeof cmsPageReplySchema>>(`/cms/pages/${encodeURIComponent(slug)}`, { signal }),
    select: (reply) => reply.data,
    enabled,
    staleTime: 30 * 60_000,
  });
}
