import { useQuery } from '@tanstack/react-query';
import type { identityReplySchema } from '@gavel/domain';
import { apiRequest, type ReplyOf } from './http.ts';
import { queryKeys } from './query-keys.ts';

/** While a check is under review, ask again every 10 s so an admin's decision shows without a reload. */
const REVIEW_POLL_MS = 10_000;

export function useIdentityCheck() {
  return useQuery({
    queryKey: queryKeys.account.identity,
    queryFn: ({ signal }) => apiRequest<ReplyOf<typeof identityReplySchema>>('/identity-verification', { signal }),
    refetchInterval: (query) => (query.state.data?.kycStatus === 'pending' ? REVIEW_POLL_MS : false),
  });
}

/** Multipart: the text fields and the document file, as the api's POST /identity-verification reads them. */
export function submitIdentity(fields: Record<string, string>, document: File) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('document', document, document.name);
  return apiRequest<ReplyOf<typeof identityReplySchema>>('/identity-verification', { method: 'POST', body });
}
