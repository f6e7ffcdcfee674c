/**
 * What final checkout charges by card for a won lot, in USD cents. A USD lot: its price. A BTC lot won by a
 * card bid whose hold could not be charged: what the hold was to be charged (the sats' USD value decided when its
 * capture was first tried, `Bid.captureCents`), so that winner can still pay. Any other lot (BTC or ETH won with a wallet) is
 * paid with its coin, not here: null.
 */
import type { Lot, Prisma, PrismaClient } from '../generated/prisma/client.ts';

type Db = PrismaClient | Prisma.TransactionClient;
type Priced = Pick<Lot, 'id' | 'paymentMethod' | 'soldPrice' | 'currentBid' | 'startingBid' | 'winningBidId'>;

/** What the winner owes, in the lot's unit: the sold price (the winning bid, or the buy-now price). */
export function priceOf(lot: Pick<Lot, 'soldPrice' | 'currentBid' | 'startingBid'>): bigint {
  return BigInt((lot.soldPrice ?? lot.currentBid ?? lot.startingBid).toFixed(0));
}

export async function cardPrices(db: Db, lots: readonly Priced[]): Promise<Map<string, bigint | null>> {
  const wonInCoin = lots.filter((l) => l.paymentMethod === 'BTC' && l.winningBidId).map((l) => l.winningBidId!);
  const cardBids = wonInCoin.length
    ? await db.bid.findMany({ where: { id: { in: wonInCoin }, paymentIntentId: { not: null }, captureCents: { not: null } }, select: { id: true, captureCents: true } })
    : [];
  const charged = new Map(cardBids.map((b) => [b.id, BigInt(b.captureCents!)]));
  return new Map(lots.map((lot) => [lot.id, lot.paymentMethod === 'Manual' ? priceOf(lot) : lot.winningBidId ? (charged.get(lot.winningBidId) ?? null) : null]));
}
