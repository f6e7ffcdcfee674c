/**
 * Lots that close in turn (domain close-in-turn.ts): an event's first close and interval give each of its open
 * lots, in lot order, its own end, written by one statement so the ends are never half moved. A lot with bids is
 * never brought earlier than the end its bidders were shown (only later); a closed, cancelled, overdue or on-chain
 * lot keeps its end and takes no turn. Each moved lot's close and ending-soon jobs follow its new end.
 */
import type { CloseInTurn } from '@gavel/domain';
import { closeInTurnMessages } from '@gavel/domain';
import { Refused } from '../refused.ts';
import type { Database, Prisma } from '../db/client.ts';
import type { LotClock } from '../jobs/lot-clock.ts';

type Tx = Pick<Prisma, '$queryRaw'>;

export interface MovedLot {
  id: string;
  endTime: Date;
  previous: Date;
}

// The lots taking a turn, in both statements: open (not closed, not overdue) and run by Gavel's clock, not a contract.

/** The close of the last turn, or null when no lot takes one; refuses (invalid, firstCloseAt) a turn before a lot's start. */
export async function lastTurn(tx: Tx, eventId: string, plan: NonNullable<CloseInTurn>): Promise<Date | null> {
  const first = plan.firstCloseAt.getTime();
  const [row] = await tx.$queryRaw<Array<{ lots: bigint; clash: bigint }>>`
    SELECT count(*) AS lots,
           count(*) FILTER (WHERE (extract(epoch FROM "startTime") * 1000)::bigint >= ${first} + (n - 1) * ${plan.intervalSeconds * 1000}) AS clash
      FROM (SELECT "startTime", row_number() OVER (ORDER BY "lotNumber") AS n FROM "Lot"
             WHERE "auctionEventId" = ${eventId} AND status IN ('upcoming', 'live') AND "closedAt" IS NULL
               AND "endTime" > now() AND "chainAuctionId" IS NULL) turns`;
  if (row && row.clash > 0n) throw new Refused('invalid', closeInTurnMessages.lotStartsAfterClose, 'validation_failed', { firstCloseAt: closeInTurnMessages.lotStartsAfterClose });
  const lots = Number(row?.lots ?? 0n);
  return lots === 0 ? null : new Date(first + (lots - 1) * plan.intervalSeconds * 1000);
}

/** One UPDATE: every lot taking a turn gets its end; returns the lots whose end moved. */
export async function writeTurns(tx: Tx, eventId: string, plan: NonNullable<CloseInTurn>): Promise<MovedLot[]> {
  const first = plan.firstCloseAt.getTime();
  return tx.$queryRaw<MovedLot[]>`
    WITH turns AS (
      SELECT id, "endTime" AS previous,
             (to_timestamp((${first} + (row_number() OVER (ORDER BY "lotNumber") - 1) * ${plan.intervalSeconds * 1000})::double precision / 1000)
               AT TIME ZONE 'UTC')::timestamp(3) AS slot
        FROM "Lot"
       WHERE "auctionEventId" = ${eventId} AND status IN ('upcoming', 'live') AND "closedAt" IS NULL
         AND "endTime" > now() AND "chainAuctionId" IS NULL)
    UPDATE "Lot" AS l
       SET "endTime" = CASE WHEN l."bidCount" > 0 THEN GREATEST(t.slot, l."endTime") ELSE t.slot END, "updatedAt" = now()
      FROM turns t
     WHERE l.id = t.id AND l.status IN ('upcoming', 'live') AND l."closedAt" IS NULL AND l."endTime" > now()
       AND l."endTime" IS DISTINCT FROM (CASE WHEN l."bidCount" > 0 THEN GREATEST(t.slot, l."endTime") ELSE t.slot END)
    RETURNING l.id, l."endTime", t.previous`;
}

/**
 * After the commit: each moved lot's close and ending-soon jobs go to its new end (the old end's are dropped). A few
 * lots at a time: one by one, a thousand lots' jobs took 4.5 s of round trips to Redis.
 */
export async function rescheduleTurns(services: { lotClock: Pick<LotClock, 'scheduleEnd'> }, moved: MovedLot[]): Promise<void> {
  for (let i = 0; i < moved.length; i += RESCHEDULE_TOGETHER) {
    await Promise.all(moved.slice(i, i + RESCHEDULE_TOGETHER).map((lot) => services.lotClock.scheduleEnd(lot.id, lot.endTime, lot.previous)));
  }
}

const RESCHEDULE_TOGETHER = 20;

/**
 * A lot added to an event whose lots close in turn takes its turn (the last, by lot number): the turns are written
 * again, the event's end follows the last one, and the moved lots' jobs follow.
 */
export async function takeTurnInEvent(services: { db: Database; lotClock: Pick<LotClock, 'scheduleEnd'> }, eventId: string): Promise<void> {
  const { prisma } = services.db;
  const event = await prisma.auctionEvent.findUnique({ where: { id: eventId }, select: { firstCloseAt: true, closeIntervalSeconds: true, endTime: true } });
  if (!event?.firstCloseAt || !event.closeIntervalSeconds) return;
  const plan = { firstCloseAt: event.firstCloseAt, intervalSeconds: event.closeIntervalSeconds };
  const moved = await prisma.$transaction(async (tx) => {
    const last = await lastTurn(tx, eventId, plan);
    const lots = await writeTurns(tx, eventId, plan);
    if (last && last > event.endTime) await tx.auctionEvent.update({ where: { id: eventId }, data: { endTime: last } });
    return lots;
  });
  await rescheduleTurns(services, moved);
}
