/**
 * Admin lot calls (admin-side section 7): the admin list (drafts included), one lot in the admin's view, create,
 * update, delete, publish, end, cancel and the admin bid list.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_LOTS_LIMIT,
  adminBidListSchema,
  adminLotListSchema,
  adminLotReplySchema,
  deletedReplySchema,
  type LotCreateBody,
  type LotUpdateBody,
} from '@gavel/domain';

type AdminLotReply = ReturnType<typeof adminLotReplySchema.parse>;
import { apiRequest, queryString } from '../../api/http.ts';

export interface AdminLotFilters {
  search?: string;
  status?: string;
  paymentMethod?: string;
  auctionEventId?: string;
  published?: string;
  page: number;
}

const id = (lotId: string) => encodeURIComponent(lotId);

export function useAdminLots({ page, ...filters }: AdminLotFilters) {
  return useQuery({
    queryKey: ['admin', 'lots', 'list', { ...filters, page }],
    queryFn: ({ signal }) =>
      apiRequest(`/admin/auctions${queryString({ ...filters, limit: ADMIN_LOTS_LIMIT, offset: (page - 1) * ADMIN_LOTS_LIMIT })}`, { schema: adminLotListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminLot(lotId: string | undefined) {
  return useQuery({
    queryKey: ['admin', 'lots', 'one', lotId],
    queryFn: ({ signal }) => apiRequest(`/admin/auctions/${id(lotId ?? '')}`, { schema: adminLotReplySchema, signal }),
    select: (reply) => reply.data,
    enabled: Boolean(lotId),
  });
}

export function useAdminBids(lotId: string) {
  return useQuery({
    queryKey: ['admin', 'lots', 'bids', lotId],
    queryFn: ({ signal }) => apiRequest(`/auctions/${id(lotId)}/bids/admin${queryString({ limit: 50 })}`, { schema: adminBidListSchema, signal }),
  });
}

/**
 * Every lot mutation: the reply's lot goes straight into this lot's cache (the page the admin returns to must
 * not flash the old values while it refetches), then the admin's lists and the public caches are refreshed.
 */
export function useLotMutations() {
  const queryClient = useQueryClient();
  const refresh = (reply?: AdminLotReply) => {
    if (reply) queryClient.setQueryData(['admin', 'lots', 'one', reply.data._id], reply);
    void queryClient.invalidateQueries({ queryKey: ['admin'] });
    void queryClient.invalidateQueries({ queryKey: ['auctions'] });
  };
  const action = (path: string) => useMutation({
    mutationFn: (lotId: string) => apiRequest(`/${path.replace(':id', id(lotId))}`, { method: 'POST', schema: adminLotReplySchema }),
    onSuccess: refresh,
  });
  return {
    create: useMutation({
      mutationFn: (body: LotCreateBody) => apiRequest('/auctions', { method: 'POST', body, schema: adminLotReplySchema }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ lotId, body }: { lotId: string; body: LotUpdateBody }) => apiRequest(`/lots/${id(lotId)}`, { method: 'PUT', body, schema: adminLotReplySchema }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (lotId: string) => apiRequest(`/auctions/${id(lotId)}`, { method: 'DELETE', schema: deletedReplySchema }),
      onSuccess: () => refresh(),
    }),
    publish: action('lots/:id/publish'),
    end: action('auctions/:id/end'),
    cancel: action('auctions/:id/cancel'),
  };
}
