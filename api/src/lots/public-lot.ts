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
 * The SQL form, for the hand-tuned browse statements. Draft events are few: their ids are read just before the page's
 * statement and handed to it as values, so the planner weighs the test against the lots it really excludes. Against a
 * list it could not see (a subquery), the planner took most lots of a catalogue with few events as excluded: it
 * sorted a filter's every match instead of reading a page in an index's order, and the bench's uncached browsing ran
 * at a quarter of its speed at 100,000 lots and a sixteenth at 1,000,000.
 */
export async function publicLotSql(db: Database): Promise<Prisma.Sql> {
  const drafts = await db.sql<{ id: string }>('SELECT "id" FROM "AuctionEvent" WHERE NOT "published"');
  if (drafts.length === 0) return Prisma.sql`"published"`;
  // One value per id, not one array value: the total's estimate re-plans the condition from text values.
  return Prisma.sql`("published" AND "auctionEventId" <> ALL(ARRAY[${Prisma.join(drafts.map((draft) => draft.id))}]::text[]))`;
}

/** A lot's row as its page presents it; null when there is none the public may see. */
export function findPublicLot(db: Database, id: string): Promise<LotRow | null> {
  return db.prisma.lot.findFirst({ where: { id, ...publicLotWhere }, include: lotInclude });
}
