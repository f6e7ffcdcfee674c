import { useQuery } from '@tanstack/react-query';
import type { userReplySchema, User } from '@gavel/domain';
import { apiRequest, type ReplyOf } from '../api/http.ts';
import { queryKeys } from '../api/query-keys.ts';
import type { ProfileLookup } from './shell/guard-state.ts';

/** The spec's admin profile staleness: 10 minutes. */
const ADMIN_PROFILE_STALE_MS = 10 * 60_000;

/** Who a token belongs to (GET /auth/me with that token); `null` token: nothing to ask. */
export function useProfile(kind: 'admin' | 'user', token: string | null) {
  const query = useQuery({
    queryKey: queryKeys.adminGuard.profile(kind, token),
    queryFn: ({ signal }) => apiRequest<ReplyOf<typeof userReplySchema>>('/auth/me', { signal, token }).then((reply) => reply.user),
    enabled: Boolean(token),
    staleTime: ADMIN_PROFILE_STALE_MS,
    retry: false,
  });
  const lookup: ProfileLookup = !token ? { status: 'idle' } : query.isPending ? { status: 'loading' } : query.isError ? { status: 'error' } : { status: 'done', role: query.data.role };
  return { lookup, user: query.data as User | undefined };
}
