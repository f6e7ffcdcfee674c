/**
 * The price a browse filters and orders by. A signed-out viewer may not learn an ended lot's final price, not even
 * through a price filter or the price order, so for them an ended lot is priced at its starting bid. Each side is a
 * plain column, so the price indexes serve (schema.prisma); only a signed-out browse that mixes ended and open lots
 * needs both sides, each read apart.
 */
import { PAYMENT_METHODS, decimalsOf, unitFor, type PaymentMethod } from '@gavel/domain';
import { Prisma } from '../generated/prisma/client.ts';
import { phaseWhere, type Phase } from './clock-sql.ts';

type Sql = Prisma.Sql;
const { sql, join } = Prisma;

export const CURRENT_PRICE = sql`"currentPrice"`;
export const STARTING_BID = sql`"startingBid"`;

export interface PricedFilter {
  signedIn: boolean;
  phase?: Phase;
  paymentMethod?: PaymentMethod;
  minPrice?: string;
  maxPrice?: string;
}

/**
 * The one column that prices every lot this filter can match, or null when ended lots (starting bid) and open
 * ones (current price) are priced apart. Upcoming lots have no bids, so either column prices them.
 */
export function priceBasis(filter: PricedFilter): Sql | null {
  if (filter.signedIn) return CURRENT_PRICE;
  if (filter.phase === 'ended') return STARTING_BID;
  return filter.phase ? CURRENT_PRICE : null;
}

/** The lots that `priceBasis` null prices at `column`. */
export function pricedAt(column: Sql, now: Date): Sql {
  const ended = phaseWhere('ended', now);
  return column === STARTING_BID ? ended : sql`NOT ${ended}`;
}

/**
 * Prices are compared in each lot's own display unit ("minPrice=0.5" is 0.5 ETH on ETH lots and 0.5 USD on
 * Manual lots), converted exactly to smallest units per payment method so the (paymentMethod, price) indexes serve.
 */
export function priceWhere(filter: PricedFilter, now: Date): Sql {
  const basis = priceBasis(filter);
  const ranges = basis ? priceRanges(filter, basis) : [STARTING_BID, CURRENT_PRICE].flatMap((column) => priceRanges(filter, column).map((range) => sql`(${range} AND ${pricedAt(column, now)})`));
  return sql`(${join(ranges, ' OR ')})`;
}

/** Each payment method's price range at `column`, one condition per method: a range a price index reads directly. */
export function priceRanges(filter: PricedFilter, column: Sql): Sql[] {
  const methods = filter.paymentMethod ? [filter.paymentMethod] : [...PAYMENT_METHODS];
  return methods.map((method) => {
    const bounds = [
      sql`"paymentMethod" = ${method}::"PaymentMethod"`,
      ...(filter.minPrice ? [sql`${column} >= ${toSmallest(filter.minPrice, method, 'up')}::numeric`] : []),
      ...(filter.maxPrice ? [sql`${column} <= ${toSmallest(filter.maxPrice, method, 'down')}::numeric`] : []),
    ];
    return sql`(${join(bounds, ' AND ')})`;
  });
}

/** "0.005" USD as a lower bound is 1 cent, as an upper bound 0 cents: bounds round inward, never throw. */
function toSmallest(text: string, method: PaymentMethod, round: 'up' | 'down'): string {
  const decimals = decimalsOf(unitFor(method));
  const [whole = '0', fraction = ''] = text.split('.');
  let value = BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals));
  if (round === 'up' && /[1-9]/.test(fraction.slice(decimals))) value += 1n;
  return value.toString();
}
