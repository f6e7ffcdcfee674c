/** Admin users: the list, one user, KYC decisions and payment verification. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_USERS_LIMIT, type adminUserListSchema, type adminUserReplySchema, type kycDecisionSchema } from '@gavel/domain';
import { apiRequest, queryString, type BodyOf, type ReplyOf } from '../../api/http.ts';
import { queryKeys } from '../../api/query-keys.ts';

export interface UserFilters {
  kycStatus?: string;
  paymentVerified?: string;
  search?: string;
  page: number;
}

export function useAdminUsers({ page, ...filters }: UserFilters) {
  return useQuery({
    queryKey: queryKeys.admin.users.list({ ...filters, page }),
    queryFn: ({ signal }) =>
      apiRequest<ReplyOf<typeof adminUserListSchema>>(`/admin/users${queryString({ ...filters, limit: ADMIN_USERS_LIMIT, offset: (page - 1) * ADMIN_USERS_LIMIT })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUser(id: string) {
  return useQuery({
    queryKey: queryKeys.admin.users.user(id),
    queryFn: ({ signal }) => apiRequest<ReplyOf<typeof adminUserReplySchema>>(`/admin/users/${encodeURIComponent(id)}`, { signal }),
    select: (reply) => reply.data,
  });
}

type KycDecision = BodyOf<typeof kycDecisionSchema>;

export function useUserMutations(id: string) {
  const queryClient = useQueryClient();
  const done = (reply: { data: unknown }) => {
    queryClient.setQueryData(queryKeys.admin.users.user(id), reply);
    void queryClient.invalidateQueries({ queryKey: queryKeys.admin.users.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.admin.stats.all });
  };
  const kyc = useMutation({
    mutationFn: (body: KycDecision) => apiRequest<ReplyOf<typeof adminUserReplySchema>>(`/admin/users/${encodeURIComponent(id)}/kyc`, { method: 'PATCH', body }),
    onSuccess: done,
  });
  const payment = useMutation({
    mutationFn: (paymentMethodVerified: boolean) =>
      apiRequest<ReplyOf<typeof adminUserReplySchema>>(`/admin/users/${encodeURIComponent(id)}/payment-verification`, { method: 'PATCH', body: { paymentMethodVerified } }),
    onSuccess: done,
  });
  const biddingLimit = useMutation({
    mutationFn: (limit: string) => apiRequest<ReplyOf<typeof adminUserReplySchema>>(`/admin/users/${encodeURIComponent(id)}/bidding-limit`, { method: 'PATCH', body: { biddingLimit: limit } }),
    onSuccess: done,
  });
  return { kyc, payment, biddingLimit };
}
