/**
 * An auction event's status as shown: a draft until published, then upcoming, live or ended by its times, so
 * a published event never shows a status its clock has passed (the stored column is only a snapshot).
 */
import type { AUCTION_EVENT_STATUSES } from './schemas/auction-event.ts';

export type AuctionEventStatus = (typeof AUCTION_EVENT_STATUSES)[number];

export function eventStatusAt(event: { published: boolean; startTime: string | Date; endTime: string | Date }, now: Date = new Date()): AuctionEventStatus {
  if (!event.published) return 'draft';
  if (new Date(event.endTime) <= now) return 'ended';
  return new Date(event.startTime) <= now ? 'live' : 'upcoming';
}
