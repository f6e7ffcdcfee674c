/** The event status filter, by the event clock (domain event-clock.ts) rather than the stored snapshot. */
import type { AuctionEventStatus } from '@gavel/domain';
import type { Prisma as P } from '../generated/prisma/client.ts';

export function eventStatusWhere(status: AuctionEventStatus, now: Date = new Date()): P.AuctionEventWhereInput {
  if (status === 'draft') return { published: false };
  if (status === 'ended') return { published: true, endTime: { lte: now } };
  if (status === 'live') return { published: true, startTime: { lte: now }, endTime: { gt: now } };
  return { published: true, startTime: { gt: now } };
}
