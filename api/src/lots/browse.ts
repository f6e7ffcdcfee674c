/**
 * Browsing lots: one filter shape for GET /auctions and GET /lots, turned into SQL that reads one page in an
 * index's order (browse-order.ts) and a total that is exact while small (browse-total.ts). Every read is bounded:
 * by the page's end, or by the count's cap.
 */
import { BROWSE_LIMIT, type LOT_SORTS, paginationOf, resolvePage, type AuctionListQuery, type LotList, type LotListQuery, type PaymentMethod, type StoredLotStatus } from '@gavel/domain';
import { Prisma } from '../generated/prisma/client.ts';
import type { Database } from '../db/client.ts';
import { Refused } from '../refused.ts';
import { presentLot, type LotRow } from './present.ts';
import type { BrowseCache } from './browse-cache.ts';
import { at, phaseWhere, type Phase } from './clock-sql.ts';
import { priceWhere } from './browse-price.ts';
import { isKeyOf, orderName, placeOf, type Place } from './browse-order.ts';
import { EXACT_UP_TO, firstPage, type Search } from './browse-total.ts';
import { likeOf } from '../db/search-text.ts';
import { publicLotSql } from './public-lot.ts';

type Sort = (typeof LOT_SORTS)[number];
type Sql = Prisma.Sql;
const { sql, join, raw } = Prisma;

export interface BrowseFilter {
  search?: string;
  phase?: Phase;
  paymentMethod?: PaymentMethod;
  onchain?: boolean;
  minPrice?: string;
  maxPrice?: string;
  startDate?: Date;
  endDate?: Date;
  auctionEventId?: string;
  sort?: Sort;
  order?: 'asc' | 'desc';
  limit: number;
  offset: number;
  /** `pagination.next` of the page before: read from that place instead of skipping `offset` lots. */
  after?: string;
  /** Signed-out viewers may not learn an ended lot's final price, not even through a price filter. */
  signedIn: boolean;
}

export function filterFromAuctionQuery(q: AuctionListQuery, signedIn: boolean): BrowseFilter {
  return {
    signedIn,
    search: q.search || undefined,
    phase: q.status ? phaseFilter(q.status) : undefined,
    paymentMethod: q.paymentMethod,
    minPrice: q.minPrice,
    maxPrice: q.maxPrice,
    startDate: q.startDate,
    endDate: q.endDate,
    auctionEventId: q.auctionEventId,
    sort: q.sort,
    order: q.order,
    after: q.after,
    ...resolvePage(q, BROWSE_LIMIT),
  };
}

export function filterFromLotQuery(q: LotListQuery, signedIn: boolean): BrowseFilter {
  return {
    signedIn,
    search: q.search || undefined,
    phase: q.status ? phaseFilter(q.status) : undefined,
    onchain: q.chainType ? q.chainType === 'ONCHAIN' : undefined,
    auctionEventId: q.auctionId,
    sort: q.sortBy,
    order: q.sortOrder,
    after: q.after,
    ...resolvePage(q, BROWSE_LIMIT),
  };
}

/**
 * One page of lots and the total, in one statement (browse-total.ts): the matches counted up to EXACT_UP_TO + 1, the
 * page's lots, and a larger result's estimated total. The estimate is kept in `counts` (a longer-lived cache shared
 * by every page and sort of the same filter), so paging through a large result neither counts nor estimates again.
 */
export async function browseLots(db: Database, imageGateway: string, filter: BrowseFilter, counts?: BrowseCache, now: Date = new Date()): Promise<LotList> {
  const visible = await publicLotSql(db);
  const unsearched = whereOf(filter, now, visible);
  const search = filter.search ? searchOf(filter.search, filter.phase, now) : undefined;
  const where = search ? sql`${unsearched} AND ${search.indexed}` : unsearched;
  // In price order, each part of the order reads its own price range (browse-order.ts): planned with the filter's
  // price condition too, a range per payment method and side, each part would be planned against all of them.
  const byPrice = !search && filter.sort === 'price' && (filter.minPrice || filter.maxPrice) ? whereOf(filter, now, visible, false) : undefined;
  const start = filter.after === undefined ? null : startOf(filter.after, filter);
  const offset = start?.offset ?? filter.offset;
  // One row past the page says whether another page follows, whatever the total says.
  const window = { take: filter.limit + 1, offset, after: start?.place };
  const { limit: _limit, offset: _offset, sort: _sort, order: _order, after: _after, ...filterKey } = filter;
  const knownLarge = counts?.peek<number>('estimate', filterKey);
  const { n, estimate, lots: found } = await firstPage(db, filter, { where, unsearched, search, byPrice }, now, window, Boolean(knownLarge));
  const exact = n <= EXACT_UP_TO;
  const estimatedTotal = knownLarge ?? (estimate === null ? undefined : (counts?.get('estimate', filterKey, async () => estimate) ?? estimate));
  const total = exact ? n : Math.max((await estimatedTotal) ?? EXACT_UP_TO + 1, offset + found.length);
  const lots = found.slice(0, filter.limit);
  const last = lots.at(-1);
  const hasMore = found.length > lots.length;
  return {
    data: lots.map((row) => presentLot(imageGateway, row, now)),
    pagination: {
      ...paginationOf(total, filter.limit, offset, { totalExact: exact, hasMore }),
      next: hasMore && last ? nextOf(filter, last, now, offset + filter.limit) : null,
    },
  };
}

/** `pagination.next`: the last lot's place in this order, and the offset the page after it starts at. */
function nextOf(filter: BrowseFilter, lot: LotRow, now: Date, offset: number): string {
  const { key, id } = placeOf(filter, lot, now);
  return Buffer.from(JSON.stringify({ order: orderName(filter), key, id, offset })).toString('base64url');
}

function startOf(after: string, filter: BrowseFilter): { place: Place; offset: number } {
  try {
    const { order, key, id, offset } = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
    if (order === orderName(filter) && Array.isArray(key) && isKeyOf(filter, key) && typeof id === 'string' && Number.isSafeInteger(offset) && offset >= 0) return { place: { key, id }, offset };
  } catch {
    // Not base64url JSON: refused below like any other text that is not a place.
  }
  const message = 'after must be the pagination.next of a page in this order';
  throw new Refused('invalid', message, 'validation_failed', { after: message });
}

function phaseFilter(status: string): Phase {
  if (status === 'timestarted') return 'live';
  if (status === 'timeended') return 'ended';
  return status as Phase;
}

/** `visible`: which lots the public may see (publicLotSql). */
function whereOf(filter: BrowseFilter, now: Date, visible: Sql, priced = true): Sql {
  const and: Sql[] = [visible];
  if (filter.phase) and.push(phaseWhere(filter.phase, now));
  if (filter.paymentMethod) and.push(sql`"paymentMethod" = ${filter.paymentMethod}::"PaymentMethod"`);
  if (filter.onchain !== undefined) and.push(sql`"auctionType" = ${filter.onchain ? 'onchain' : 'offchain'}::"AuctionType"`);
  if (filter.auctionEventId) and.push(sql`"auctionEventId" = ${filter.auctionEventId}`);
  // A window [startDate, endDate]: lots that are open at some point inside it.
  if (filter.startDate) and.push(sql`"endTime" >= ${at(filter.startDate)}`);
  if (filter.endDate) and.push(sql`"startTime" <= ${at(filter.endDate)}`);
  if (priced && (filter.minPrice || filter.maxPrice)) and.push(priceWhere(filter, now));
  return join(and, ' AND ');
}

/**
 * Words match inside the title or the description; an inscription id or a token id must be given whole. The few lots
 * matching by description or id (`others`) are looked up once per statement, through their own indexes (trigram for
 * descriptions), and checked by id. The title is tested in two forms that match the same lots:
 * - `indexed`, which the title's trigram indexes can answer (`titleMatches`), for a word that few lots have;
 * - `inOrder`, which no index answers, so a read in an order's covering index (which holds the title) tests it
 *   there without visiting the lot: for a word that many lots have, stopping at the page's end is cheaper than
 *   fetching every match. It finds the lowered word in the lowered title, as PostgreSQL itself evaluates ILIKE in
 *   UTF-8; written as a comparison, it is planned as true for a third of the lots (a LIKE would be planned as
 *   rare), which is what makes the ordered read the cheaper plan.
 * Both read `others` from the statement's WITH query of that name (browse-total.ts); `alone` is the title and the
 * look-up in a form planned on its own (the total's estimate), where no index choice matters.
 */
function searchOf(search: string, phase: Phase | undefined, now: Date): Search {
  const like = likeOf(search);
  const conditions = [sql`"description" ILIKE ${like}`, sql`"inscriptionId" = ${search.toLowerCase()}`];
  if (/^\d{1,78}$/.test(search)) conditions.push(sql`"tokenId" = ${search}::numeric`);
  const others = sql`SELECT "id" FROM "Lot" WHERE ${join(conditions, ' OR ')}`;
  const byOthers = sql`"id" = ANY((SELECT "ids" FROM others)::text[])`;
  return {
    others,
    indexed: sql`(${titleMatches(like, phase, now)} OR ${byOthers})`,
    inOrder: sql`(strpos(lower("title"), lower(${search})) > 0 OR ${byOthers})`,
    alone: sql`("title" ILIKE ${like} OR "id" = ANY(ARRAY(${others})))`,
  };
}

/**
 * The lots of a phase (any, without one) whose title is like `like`, in the form the title's trigram indexes answer:
 * there is one per stored status (migration title_search_by_status), so the title is asked of each status the phase
 * can hold, each status written as a constant the planner matches to its index's condition, and a word common in
 * other phases but rare in this one has few candidates to test. The few lots whose status lags the clock are asked
 * by id (`gavel_lots_off_clock`). The caller still selects the phase itself: this only says where to look.
 */
export function titleMatches(like: string, phase: Phase | undefined, now: Date): Sql {
  const { statuses, offClock } = STATUSES_OF[phase ?? 'any'];
  const byTitle = statuses.map((status) => sql`("status" = ${raw(`'${status}'`)} AND "title" ILIKE ${like})`);
  if (offClock) byTitle.push(sql`("id" = ANY((SELECT gavel_lots_off_clock(${phase}, ${at(now)}))::text[]) AND "title" ILIKE ${like})`);
  return sql`(${join(byTitle, ' OR ')})`;
}

/**
 * The stored statuses a phase's lots have while the clock and the status agree, and whether the phase also holds
 * lots whose status lags the clock (an open lot past its end is ended; an upcoming one past its start, live; a live
 * one whose start was moved ahead, upcoming). Active lots are the open statuses ahead of their end, whichever the two.
 */
const STATUSES_OF: Record<Phase | 'any', { statuses: StoredLotStatus[]; offClock: boolean }> = {
  upcoming: { statuses: ['upcoming'], offClock: true },
  live: { statuses: ['live'], offClock: true },
  active: { statuses: ['upcoming', 'live'], offClock: false },
  ended: { statuses: ['ended'], offClock: true },
  cancelled: { statuses: ['cancelled'], offClock: false },
  any: { statuses: ['upcoming', 'live', 'ended', 'cancelled'], offClock: false },
};
