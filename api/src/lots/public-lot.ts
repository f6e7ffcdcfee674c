/**
 * Which lots the public sees: a lot marked published, inside an auction event that is published too. A lot published
 * while its event is still a draft stays out of every public read (lists, search, its page, its bids, a wallet's or a
 * seller's lists) until the event is published: its event link would otherwise answer "Auction event not found".
 * One rule, in the two forms the api reads lots in.
 */
import { Prisma } from '../generated/prisma/client.ts';
import type { Database } from '../db/client.ts';
import { lotInclude, type LotRow } from './present.ts';

/** The Prisma form, for reads through the client. */
export const publicLotWhere = { published: true, auctionEvent: { published: true } } as const satisfies Prisma.LotWhereInput;

/**
 * The SQL form, for the hand-tuned browse statements. Draft events are few, so their ids are read once per statement
 * (an InitPlan) and each lot is tested against that short list: no join, so no index choice in browse changes.
 */
export const publicLotSql = Prisma.sql`("published" AND "auctionEventId" <> ALL(ARRAY(SELECT "id" FROM "AuctionEvent" WHERE NOT "published")))`;

/** A lot's row as its page presents it; null when there is none the public may see. */
export function findPublicLot(db: Database, id: string): Promise<LotRow | null> {
  return db.prisma.lot.findFirst({ where: { id, ...publicLotWhere }, include: lotInclude });
}
