/**
 * Consignments: the signed-in user's submissions (POST /consignments, GET /consignments/mine), the upload of
 * their images (POST /consignments/images), and the admin review (list, one, accept, decline). The user's list
 * sits under the account keys (forgotten when the session ends), the admin's under the admin keys.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  adminConsignmentListSchema,
  adminConsignmentReplySchema,
  ConsignmentAcceptBody,
  ConsignmentBody,
  consignmentListSchema,
  consignmentReplySchema,
  ConsignmentStatus,
  uploadImageReplySchema,
} from '@gavel/domain';
import { apiRequest, queryString, type ReplyOf } from './http.ts';
import { queryKeys } from './query-keys.ts';

const mineKey = [...queryKeys.account.all, 'consignments'] as const;
const adminKey = [...queryKeys.admin.all, 'consignments'] as const;

export async function uploadConsignmentImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const reply = await apiRequest<ReplyOf<typeof uploadImageReplySchema>>('/consignments/images', { method: 'POST', body: form });
  return reply.data.url;
}

export function useMyConsignments(enabled = true) {
  return useQuery({
    queryKey: mineKey,
    queryFn: ({ signal }) => apiRequest<ReplyOf<typeof consignmentListSchema>>('/consignments/mine', { signal }),
    select: (reply) => reply.data,
    enabled,
  });
}

export function useSubmitConsignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsignmentBody) => apiRequest<ReplyOf<typeof consignmentReplySchema>>('/consignments', { method: 'POST', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: mineKey }),
  });
}

export const ADMIN_CONSIGNMENTS_LIMIT = 20;

export function useAdminConsignments(status: ConsignmentStatus | undefined, page: number) {
  return useQuery({
    queryKey: [...adminKey, 'list', status ?? 'all', page],
    queryFn: ({ signal }) => apiRequest<ReplyOf<typeof adminConsignmentListSchema>>(`/admin/consignments${queryString({ status, page, limit: ADMIN_CONSIGNMENTS_LIMIT })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminConsignment(id: string) {
  return useQuery({
    queryKey: [...adminKey, 'one', id],
    queryFn: ({ signal }) => apiRequest<ReplyOf<typeof adminConsignmentReplySchema>>(`/admin/consignments/${encodeURIComponent(id)}`, { signal }),
    select: (reply) => reply.data,
  });
}

export function useReviewConsignment(id: string) {
  const queryClient = useQueryClient();
  const done = () => {
    void queryClient.invalidateQueries({ queryKey: adminKey });
    void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
  };
  const path = `/admin/consignments/${encodeURIComponent(id)}`;
  return {
    accept: useMutation({
      mutationFn: (body: ConsignmentAcceptBody) => apiRequest<ReplyOf<typeof adminConsignmentReplySchema>>(`${path}/accept`, { method: 'POST', body }),
      onSuccess: done,
    }),
    decline: useMutation({
      mutationFn: (reason: string) => apiRequest<ReplyOf<typeof adminConsignmentReplySchema>>(`${path}/decline`, { method: 'POST', body: { reason } }),
      onSuccess: done,
    }),
  };
}
