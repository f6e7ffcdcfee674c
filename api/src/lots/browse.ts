/**
 * Browsing lots: one filter shape for GET /auctions and GET /lots, turned into one indexed SQL query.
 * Every filter and sort has an index (see schema.prisma), and every query is bounded by limit.
 */
import {
  BROWSE_LIMIT,
  type LOT_SORTS,
  PAYMENT_METHODS,
  paginationOf,
  resolvePage,
  unitFor,
  decimalsOf,
  type AuctionListQuery,
  type LotList,
  type LotListQuery,
  type PaymentMethod,
} from '@gavel/domain';
import { Prisma, type PrismaClient } from '../generated/prisma/client.ts';
import { lotInclude, presentLot } from './present.ts';
import type { BrowseCache } from './browse-cache.ts';

type Phase = 'upcoming' | 'live' | 'ended' | 'cancelled' | 'active';
type Sort = (typeof LOT_SORTS)[number];
type Sql = Prisma.Sql;
const { sql, join } = Prisma;

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
    ...resolvePage(q, BROWSE_LIMIT),
  };
}

/**
 * One page of lots and the total. Counting tens of thousands of matches costs far more than reading 20 rows,
 * so totals come through `counts` (a longer-lived cache shared by every page and sort of the same filter).
 * The page's ids come from one SQL query (the default order ranks lots by phase, which Prisma cannot express);
 * the rows are then read with their relations and put back in that order.
 */
export async function browseLots(prisma: PrismaClient, imageGateway: string, filter: BrowseFilter, counts?: BrowseCache, now: Date = new Date()): Promise<LotList> {
  const where = whereOf(filter, now);
  const { limit: _limit, offset: _offset, sort: _sort, order: _order, ...countKey } = filter;
  const count = async () => Number((await prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "Lot" WHERE ${where}`)[0]?.n ?? 0);
  const [ids, total] = await Promise.all([
    prisma.$queryRaw<{ id: string }[]>(pageQuery(filter, where, now)).then((rows) => rows.map((row) => row.id)),
    counts ? counts.get('count', countKey, count) : count(),
  ]);
  const rows = ids.length ? await prisma.lot.findMany({ where: { id: { in: ids } }, include: lotInclude }) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = ids.flatMap((id) => byId.get(id) ?? []);
  return { data: ordered.map((row) => presentLot(imageGateway, row, now)), pagination: paginationOf(total, filter.limit, filter.offset) };
}

function phaseFilter(status: string): Phase {
  if (status === 'timestarted') return 'live';
  if (status === 'timeended') return 'ended';
  return status as Phase;
}

/** Columns are timestamp(3) in UTC; an ISO text with its zone ignored is that same UTC instant. */
const at = (date: Date): Sql => sql`${date.toISOString()}::timestamp(3)`;

/** The lot clock (domain/lot-clock.ts) as SQL: stored status may lag the clock until the sweeper runs. */
function phaseWhere(phase: Phase, now: Date): Sql {
  const open = sql`"status" IN ('upcoming', 'live')`;
  switch (phase) {
    case 'upcoming':
      return sql`(${open} AND "startTime" > ${at(now)})`;
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

function whereOf(filter: BrowseFilter, now: Date): Sql {
  const and: Sql[] = [sql`"published"`];
  if (filter.phase) and.push(phaseWhere(filter.phase, now));
  if (filter.search) and.push(searchWhere(filter.search));
  if (filter.paymentMethod) and.push(sql`"paymentMethod" = ${filter.paymentMethod}::"PaymentMethod"`);
  if (filter.onchain !== undefined) and.push(sql`"auctionType" = ${filter.onchain ? 'onchain' : 'offchain'}::"AuctionType"`);
  if (filter.auctionEventId) and.push(sql`"auctionEventId" = ${filter.auctionEventId}`);
  // A window [startDate, endDate]: lots that are open at some point inside it.
  if (filter.startDate) and.push(sql`"endTime" >= ${at(filter.startDate)}`);
  if (filter.endDate) and.push(sql`"startTime" <= ${at(filter.endDate)}`);
  if (filter.minPrice || filter.maxPrice) and.push(priceWhere(filter, now));
  return join(and, ' AND ');
}

/**
 * Words match inside the title or the description (both with a trigram index, so ILIKE stays fast); an
 * inscription id or a token id must be given whole (each with its own index).
 */
function searchWhere(search: string): Sql {
  const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const matches = [sql`"title" ILIKE ${like}`, sql`"description" ILIKE ${like}`, sql`"inscriptionId" = ${search.toLowerCase()}`];
  if (/^\d{1,78}$/.test(search)) matches.push(sql`"tokenId" = ${search}::numeric`);
  return sql`(${join(matches, ' OR ')})`;
}

/**
 * What price filters and the price sort compare. For a signed-out viewer an ended lot's price is its starting
 * bid: narrowing a range around its final price, or ordering by it, would tell them what the results withhold.
 */
function priceColumn(filter: BrowseFilter, now: Date): Sql {
  return filter.signedIn ? sql`"currentPrice"` : sql`(CASE WHEN ${phaseWhere('ended', now)} THEN "startingBid" ELSE "currentPrice" END)`;
}

/**
 * Prices are compared in each lot's own display unit ("minPrice=0.5" is 0.5 ETH on ETH lots and 0.5 USD on
 * Manual lots), converted exactly to smallest units per payment method so the (paymentMethod, price) index serves.
 */
function priceWhere(filter: BrowseFilter, now: Date): Sql {
  const methods = filter.paymentMethod ? [filter.paymentMethod] : [...PAYMENT_METHODS];
  const price = priceColumn(filter, now);
  const perMethod = methods.map((method) => {
    const bounds = [
      ...(filter.minPrice ? [sql`${price} >= ${toSmallest(filter.minPrice, method, 'up')}::numeric`] : []),
      ...(filter.maxPrice ? [sql`${price} <= ${toSmallest(filter.maxPrice, method, 'down')}::numeric`] : []),
    ];
    return sql`("paymentMethod" = ${method}::"PaymentMethod" AND ${join(bounds, ' AND ')})`;
  });
  return sql`(${join(perMethod, ' OR ')})`;
}

/** "0.005" USD as a lower bound is 1 cent, as an upper bound 0 cents: bounds round inward, never throw. */
function toSmallest(text: string, method: PaymentMethod, round: 'up' | 'down'): string {
  const decimals = decimalsOf(unitFor(method));
  const [whole = '0', fraction = ''] = text.split('.');
  let value = BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals));
  if (round === 'up' && /[1-9]/.test(fraction.slice(decimals))) value += 1n;
  return value.toString();
}

const SORT_COLUMNS: Record<Exclude<Sort, 'price'>, Sql> = {
  endTime: sql`"endTime"`,
  startTime: sql`"startTime"`,
  createdAt: sql`"createdAt"`,
  title: sql`"title"`,
  bids: sql`"bidCount"`,
};

/** The ids of one page. The id tiebreak keeps pages stable when many lots share a time, price or bid count. */
function pageQuery(filter: BrowseFilter, where: Sql, now: Date): Sql {
  if (!filter.sort) return phasedQuery(where, filter, now);
  const order = filter.order ?? (filter.sort === 'createdAt' || filter.sort === 'bids' ? 'desc' : 'asc');
  const direction = order === 'desc' ? sql`DESC` : sql`ASC`;
  const column = filter.sort === 'price' ? priceColumn(filter, now) : SORT_COLUMNS[filter.sort];
  return sql`SELECT "id" FROM "Lot" WHERE ${where} ORDER BY ${column} ${direction}, "id" ${direction} LIMIT ${filter.limit} OFFSET ${filter.offset}`;
}

/**
 * The default order, what a visitor can act on first: live lots ending soonest, then upcoming lots starting
 * soonest, then finished lots (ended or cancelled) latest first. Each phase is read in its own index order
 * ((published, endTime), (published, startTime)) and cut to the page's end, so no query sorts every lot.
 */
function phasedQuery(where: Sql, filter: BrowseFilter, now: Date): Sql {
  const reach = filter.offset + filter.limit;
  return sql`SELECT "id" FROM (
    (SELECT "id", 0 AS rank, extract(epoch FROM "endTime") AS key FROM "Lot" WHERE ${where} AND ${phaseWhere('live', now)} ORDER BY "endTime" ASC, "id" ASC LIMIT ${reach})
    UNION ALL
    (SELECT "id", 1 AS rank, extract(epoch FROM "startTime") AS key FROM "Lot" WHERE ${where} AND ${phaseWhere('upcoming', now)} ORDER BY "startTime" ASC, "id" ASC LIMIT ${reach})
    UNION ALL
    (SELECT "id", 2 AS rank, -extract(epoch FROM "endTime") AS key FROM "Lot" WHERE ${where} AND NOT ${phaseWhere('active', now)} ORDER BY "endTime" DESC, "id" ASC LIMIT ${reach})
  ) AS phased ORDER BY rank, key, "id" LIMIT ${filter.limit} OFFSET ${filter.offset}`;
}
