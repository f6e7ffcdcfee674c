import { useQuery } from '@tanstack/react-query';
import { type auctionEventListSchema, type auctionEventReplySchema } from '@gavel/domain';
import { apiRequest, queryString, type ReplyOf } from './http.ts';

const EVENTS_STALE_MS = 5 * 60_000;

export function useAuctionEvents(params: { status?: string; limit?: number } = {}) {
  return useQuery({
    queryKey: ['auction-events', 'list', params],
    queryFn: ({ signal }) => apiRequest<ReplyOf<typeof auctionEventListSchema>>(`/auction-events${queryString(params)}`, { signal }),
    staleTime: EVENTS_STALE_MS,
  });
}

export function useAuctionEvent(id: string | undefined) {
  return useQuery({
    queryKey: ['auction-events', 'detail', id],
    queryFn: ({ signal }) =>
      apiRequest<ReplyOf<typeof auctionEventReplySchema>>(`/auction-events/${encodeURIComponent(id ?? '')}`, { signal }),
    select: (reply) => reply.data,
    enabled: Boolean(id),
    staleTime: EVENTS_STALE_MS,
  });
}
