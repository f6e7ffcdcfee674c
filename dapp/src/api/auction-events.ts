import { useQuery } from '@tanstack/react-query';
import { auctionEventListSchema, auctionEventReplySchema } from '@gavel/domain';
import { apiRequest, queryString } from './http.ts';

const EVENTS_STALE_MS = 5 * 60_000;

export function useAuctionEvents(params: { status?: string; limit?: number } = {}) {
  return useQuery({
    queryKey: ['auction-events', 'list', params],
    queryFn: ({ signal }) => apiRequest(`/auction-events${queryString(params)}`, { schema: auctionEventListSchema, signal }),
    staleTime: EVENTS_STALE_MS,
  });
}

export function useAuctionEvent(id: string | undefined) {
  return useQuery({
    queryKey: ['auction-events', 'detail', id],
    queryFn: ({ signal }) =>
      apiRequest(`/auction-events/${encodeURIComponent(id ?? '')}`, { schema: auctionEventReplySchema, signal }),
    select: (reply) => reply.data,
    enabled: Boolean(id),
    staleTime: EVENTS_STALE_MS,
  });
}
