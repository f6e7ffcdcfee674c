/** An auction event as the api answers it: the public reply, which the admin reply extends. */
import { eventStatusAt, type AuctionEvent } from '@gavel/domain';
import type { Prisma as P } from '../generated/prisma/client.ts';

export const withLotCount = { _count: { select: { lots: true } } } as const;
export type EventRow = P.AuctionEventGetPayload<{ include: typeof withLotCount }>;

export function presentEvent(row: EventRow): AuctionEvent {
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    status: eventStatusAt(row),
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    coverImageUrl: row.coverImageUrl,
    published: row.published,
    lotCount: row._count.lots,
    firstCloseAt: row.firstCloseAt?.toISOString() ?? null,
    closeIntervalSeconds: row.closeIntervalSeconds,
  };
}
