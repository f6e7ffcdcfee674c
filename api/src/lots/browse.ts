/**
 * Browsing lots: one filter shape for GET /auctions and GET /lots, turned into an indexed Prisma query.
 * Every filter and sort has an index (see schema.prisma), and every query is bounded by limit.
 */
import {
  BROWSE_LIMIT,
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
import type { Prisma as P, PrismaClient } from '../generated/prisma/client.ts';
import { lotInclude, presentLot } from './present.ts';
import type { BrowseCache } from './browse-cache.ts';

type Phase = 'upcoming' | 'live' | 'ended' | 'cancelled' | 'active';
type Sort = 'endTime' | 'startTime' | 'createdAt' | 'price' | 'title';

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
 */
export async function browseLots(prisma: PrismaClient, imageGateway: string, filter: BrowseFilter, counts?: BrowseCache, now: Date = new Date()): Promise<LotList> {
  const where = whereOf(filter, now);
  const { limit: _limit, offset: _offset, sort: _sort, order: _order, ...countKey } = filter;
  const count = () => prisma.lot.count({ where });
  const [rows, total] = await Promise.all([
    prisma.lot.findMany({ where, include: lotInclude, orderBy: orderOf(filter), take: filter.limit, skip: filter.offset }),
    counts ? counts.get('count', countKey, count) : count(),
  ]);
  return { data: rows.map((row) => presentLot(imageGateway, row, now)), pagination: paginationOf(total, filter.limit, filter.offset) };
}

function phaseFilter(status: string): Phase {
  if (status === 'timestarted') return 'live';
  if (status === 'timeended') return 'ended';
  return status as Phase;
}

/** The lot clock (domain/lot-clock.ts) as a WHERE clause: stored status may lag the clock until the sweeper runs. */
function phaseWhere(phase: Phase, now: Date): P.LotWhereInput {
  const open: P.LotWhereInput = { status: { in: ['upcoming', 'live'] } };
  switch (phase) {
    case 'upcoming':
      return { ...open, startTime: { gt: now } };
    case 'live':
      return { ...open, startTime: { lte: now }, endTime: { gt: now } };
    case 'active':
      return { ...open, endTime: { gt: now } };
    case 'ended':
      return { OR: [{ status: 'ended' }, { status: { not: 'cancelled' }, endTime: { lte: now } }] };
    case 'cancelled':
      return { status: 'cancelled' };
  }
}

function whereOf(filter: BrowseFilter, now: Date): P.LotWhereInput {
  const and: P.LotWhereInput[] = [{ published: true }];
  if (filter.phase) and.push(phaseWhere(filter.phase, now));
  if (filter.search) and.push({ title: { contains: filter.search, mode: 'insensitive' } });
  if (filter.paymentMethod) and.push({ paymentMethod: filter.paymentMethod });
  if (filter.onchain !== undefined) and.push({ auctionType: filter.onchain ? 'onchain' : 'offchain' });
  if (filter.auctionEventId) and.push({ auctionEventId: filter.auctionEventId });
  // A window [startDate, endDate]: lots that are open at some point inside it.
  if (filter.startDate) and.push({ endTime: { gte: filter.startDate } });
  if (filter.endDate) and.push({ startTime: { lte: filter.endDate } });
  if (filter.minPrice || filter.maxPrice) and.push(priceWhere(filter, now));
  return { AND: and };
}

/**
 * Prices are compared in each lot's own display unit ("minPrice=0.5" is 0.5 ETH on ETH lots and 0.5 USD on
 * Manual lots), converted exactly to smallest units per payment method so the (paymentMethod, price) index serves.
 * For a signed-out viewer an ended lot's price is its starting bid: narrowing a price range around its final
 * price would otherwise tell them what the results withhold.
 */
function priceWhere(filter: BrowseFilter, now: Date): P.LotWhereInput {
  const methods = filter.paymentMethod ? [filter.paymentMethod] : [...PAYMENT_METHODS];
  return {
    OR: methods.map((method) => {
      const range = {
        ...(filter.minPrice ? { gte: toSmallest(filter.minPrice, method, 'up') } : {}),
        ...(filter.maxPrice ? { lte: toSmallest(filter.maxPrice, method, 'down') } : {}),
      };
      if (filter.signedIn) return { paymentMethod: method, currentPrice: range };
      const ended = phaseWhere('ended', now);
      return { paymentMethod: method, OR: [{ AND: [{ NOT: ended }, { currentPrice: range }] }, { AND: [ended, { startingBid: range }] }] };
    }),
  };
}

/** "0.005" USD as a lower bound is 1 cent, as an upper bound 0 cents: bounds round inward, never throw. */
function toSmallest(text: string, method: PaymentMethod, round: 'up' | 'down'): string {
  const decimals = decimalsOf(unitFor(method));
  const [whole = '0', fraction = ''] = text.split('.');
  let value = BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals));
  if (round === 'up' && /[1-9]/.test(fraction.slice(decimals))) value += 1n;
  return value.toString();
}

function orderOf(filter: BrowseFilter): P.LotOrderByWithRelationInput[] {
  const sort = filter.sort ?? 'createdAt';
  const order = filter.order ?? (sort === 'createdAt' ? 'desc' : 'asc');
  const column: P.LotOrderByWithRelationInput =
    sort === 'price' ? { currentPrice: order } : sort === 'title' ? { title: order } : { [sort]: order };
  // The id tiebreak keeps pages stable when many lots share a time or price.
  return [column, { id: order }];
}
