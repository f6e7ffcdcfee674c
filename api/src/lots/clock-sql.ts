/**
 * The lot clock (domain/lot-clock.ts) as SQL, for queries that select lots by phase: the stored status may lag the
 * clock until the sweeper runs, so a phase is the stored status read together with the start and end times.
 */
import { Prisma } from '../generated/prisma/client.ts';

export type Phase = 'upcoming' | 'live' | 'ended' | 'cancelled' | 'active';

const { sql } = Prisma;

/** Columns are timestamp(3) in UTC; an ISO text with its zone ignored is that same UTC instant. */
export const at = (date: Date): Prisma.Sql => sql`${date.toISOString()}::timestamp(3)`;

export function phaseWhere(phase: Phase, now: Date): Prisma.Sql {
  const open = sql`"status" IN ('upcoming', 'live')`;
  switch (phase) {
    // The clock ends a lot at its end time even before its start (lot-clock.ts): a lot is upcoming only while
    // both are ahead, which also lets an end-time index read upcoming lots from now instead of from its start.
    case 'upcoming':
      return sql`(${open} AND "startTime" > ${at(now)} AND "endTime" > ${at(now)})`;
    case 'live':
      return sql`(${open} AND "startTime" <= ${at(now)} AND "endTime" > ${at(now)})`;
    case 'active':
      return sql`(${open} AND "endTime" > ${at(now)})`;
    case 'ended':
      return sql`("status" = 'ended' OR ("status" <> 'cancelled' AND "endTime" <= ${at(now)}))`;
    case 'cancelled':
      return sql`"status" = 'cancelled'`;
  }
}

/**
 * Finished lots (not active) in two parts: those the clock ended, a range of end times an index reads in order;
 * and those closed before their end (ended or cancelled early), few, found by status.
 */
export function finishedParts(now: Date): { byClock: Prisma.Sql; closedEarly: Prisma.Sql } {
  return { byClock: sql`"endTime" <= ${at(now)}`, closedEarly: sql`("status" IN ('ended', 'cancelled') AND "endTime" > ${at(now)})` };
}
