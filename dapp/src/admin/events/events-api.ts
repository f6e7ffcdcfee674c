/** Admin auction-event calls: list and one (drafts included, under /admin), create, update, publish, delete. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { adminAuctionEventListSchema, adminAuctionEventReplySchema, deletedReplySchema, AuctionEventBody } from '@gavel/domain';
import { apiRequest, queryString, type ReplyOf } from '../../api/http.ts';
import { queryKeys } from '../../api/query-keys.ts';

export const EVENTS_LIMIT = 20;

export function useAdminEvents(filters: { status?: string; search?: string; page: number; limit?: number }) {
  return useQuery({
    queryKey: queryKeys.admin.events.list(filters),
    queryFn: ({ signal }) => apiRequest<ReplyOf<typeof adminAuctionEventListSchema>>(`/admin/auction-events${queryString({ ...filters, limit: filters.limit ?? EVENTS_LIMIT })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminEvent(eventId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.admin.events.event(eventId),
    queryFn: ({ signal }) => apiRequest<ReplyOf<typeof adminAuctionEventReplySchema>>(`/admin/auction-events/${encodeURIComponent(eventId ?? '')}`, { signal }),
    select: (reply) => reply.data,
    enabled: Boolean(eventId),
  });
}

export function useEventMutations() {
  const queryClient = useQueryClient();
  // The reply's event goes into its cache first, so the page the admin returns to never shows the old values.
  const refresh = (reply?: ReturnType<typeof adminAuctionEventReplySchema.parse>) => {
    if (reply) queryClient.setQueryData(queryKeys.admin.events.event(reply.data._id), reply);
    void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.events.all });
  };
  return {
    create: useMutation({
      mutationFn: (body: AuctionEventBody) => apiRequest<ReplyOf<typeof adminAuctionEventReplySchema>>('/auction-events', { method: 'POST', body }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ eventId, body }: { eventId: string; body: Partial<AuctionEventBody> }) =>
        apiRequest<ReplyOf<typeof adminAuctionEventReplySchema>>(`/auction-events/${encodeURIComponent(eventId)}`, { method: 'PUT', body }),
      onSuccess: refresh,
    }),
    publish: useMutation({
      mutationFn: (eventId: string) => apiRequest<ReplyOf<typeof adminAuctionEventReplySchema>>(`/auction-events/${encodeURIComponent(eventId)}/publish`, { method: 'POST' }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (eventId: string) => apiRequest<ReplyOf<typeof deletedReplySchema>>(`/auction-events/${encodeURIComponent(eventId)}`, { method: 'DELETE' }),
      onSuccess: () => refresh(),
    }),
  };
}
