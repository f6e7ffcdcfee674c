/**
 * Admin lot calls: the admin list (drafts included), one lot in the admin's view, create,
 * update, delete, publish, end, cancel and the admin bid list.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_LOTS_LIMIT, type adminBidListSchema, type adminLotListSchema, type adminLotReplySchema, type deletedReplySchema, type LotCreateBody, type LotUpdateBody } from '@gavel/domain';

type AdminLotReply = ReturnType<typeof adminLotReplySchema.parse>;
import { apiRequest, queryString, type ReplyOf } from '../../api/http.ts';
import { queryKeys } from '../../api/query-keys.ts';

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
    queryKey: queryKeys.admin.lots.list({ ...filters, page }),
    queryFn: ({ signal }) =>
      apiRequest<ReplyOf<typeof adminLotListSchema>>(`/admin/auctions${queryString({ ...filters, limit: ADMIN_LOTS_LIMIT, offset: (page - 1) * ADMIN_LOTS_LIMIT })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminLot(lotId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.admin.lots.lot(lotId),
    queryFn: ({ signal }) => apiRequest<ReplyOf<typeof adminLotReplySchema>>(`/admin/auctions/${id(lotId ?? '')}`, { signal }),
    select: (reply) => reply.data,
    enabled: Boolean(lotId),
  });
}

export function useAdminBids(lotId: string) {
  return useQuery({
    queryKey: queryKeys.admin.lots.bids(lotId),
    queryFn: ({ signal }) => apiRequest<ReplyOf<typeof adminBidListSchema>>(`/auctions/${id(lotId)}/bids/admin${queryString({ limit: 50 })}`, { signal }),
  });
}

/**
 * Every lot mutation: the reply's lot goes straight into this lot's cache (the page the admin returns to must
 * not flash the old values while it refetches), then the admin's lists and the public caches are refreshed.
 */
export function useLotMutations() {
  const queryClient = useQueryClient();
  const refresh = (reply?: AdminLotReply) => {
    if (reply) queryClient.setQueryData(queryKeys.admin.lots.lot(reply.data._id), reply);
    void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.lots.all });
  };
  return {
    create: useMutation({
      mutationFn: (body: LotCreateBody) => apiRequest<ReplyOf<typeof adminLotReplySchema>>('/auctions', { method: 'POST', body }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ lotId, body }: { lotId: string; body: LotUpdateBody }) => apiRequest<ReplyOf<typeof adminLotReplySchema>>(`/lots/${id(lotId)}`, { method: 'PUT', body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (lotId: string) => apiRequest<ReplyOf<typeof deletedReplySchema>>(`/auctions/${id(lotId)}`, { method: 'DELETE' }),
      onSuccess: () => refresh(),
    }),
    publish: useLotAction('lots/:id/publish', refresh),
    end: useLotAction('auctions/:id/end', refresh),
    cancel: useLotAction('auctions/:id/cancel', refresh),
  };
}

/** A POST on the lot that answers with the lot (publish, end, cancel). */
function useLotAction(path: string, refresh: (reply?: AdminLotReply) => void) {
  return useMutation({
    mutationFn: (lotId: string) => apiRequest<ReplyOf<typeof adminLotReplySchema>>(`/${path.replace(':id', id(lotId))}`, { method: 'POST' }),
    onSuccess: refresh,
  });
}
