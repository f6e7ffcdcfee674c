import { useQuery } from '@tanstack/react-query';
import type { auctionEventListSchema, auctionEventReplySchema } from '@gavel/domain';
import { apiRequest, queryString, type ReplyOf } from './http.ts';
import { queryKeys } from './query-keys.ts';

const EVENTS_STALE_MS = 5 * 60_000;

export function useAuctionEvents(params: { status?: string; limit?: number } = {}) {
  return useQuery({
    queryKey: queryKeys.events.list(params),
    queryFn: ({ signal }) => apiRequest<ReplyOf<typeof auctionEventListSchema>>(`/auction-events${queryString(params)}`, { signal }),
    staleTime: EVENTS_STALE_MS,
  });
}

export function useAuctionEvent(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.events.event(id),
    queryFn: ({ signal }) => apiRequest<ReplyOf<typeof auctionEventReplySchema>>(`/auction-events/${encodeURIComponent(id ?? '')}`, { signal }),
    select: (reply) => reply.data,
    enabled: Boolean(id),
    staleTime: EVENTS_STALE_MS,
  });
}

/** GET /auction-events/slug/{slug}: an event's own page. An unknown slug is a 404, not worth retrying. */
export function useAuctionEventBySlug(slug: string | undefined) {
  return useQuery({
    queryKey: queryKeys.events.bySlug(slug),
    queryFn: ({ signal }) => apiRequest<ReplyOf<typeof auctionEventReplySchema>>(`/auction-events/slug/${encodeURIComponent(slug ?? '')}`, { signal }),
    select: (reply) => reply.data,
    enabled: Boolean(slug),
    staleTime: EVENTS_STALE_MS,
  });
}
