/**
 * What final checkout charges by card for a won lot, in USD cents. A USD lot: its invoice's total (the hammer, the
 * buyer's premium and the buyer's tax, as issued at the win: house/documents.ts), so the cart charges exactly what
 * the invoice adds up to; a lot won before invoices were issued, its price all in with its event's premium. A BTC lot won by a
 * card bid whose hold could not be charged: what the hold was to be charged (the sats' USD value decided when its
 * capture was first tried, `Bid.captureCents`), so that winner can still pay. An ETH lot whose relayed card bid won
 * unpaid (its lot names the RelayedBid as the winning bid, relayer/unpaid-wins.ts): the same, `RelayedBid.captureCents`.
 * Any other lot (BTC or ETH won with a wallet) is paid with its coin, not here: null.
 */
import { allInAmount, tableFor } from '@gavel/domain';
import type { Lot, Prisma, PrismaClient } from '../generated/prisma/client.ts';

type Db = PrismaClient | Prisma.TransactionClient;
type Priced = Pick<Lot, 'id' | 'paymentMethod' | 'soldPrice' | 'currentBid' | 'startingBid' | 'winningBidId' | 'auctionEventId'>;

/** What the winner owes, in the lot's unit: the sold price (the winning bid, or the buy-now price). */
export function priceOf(lot: Pick<Lot, 'soldPrice' | 'currentBid' | 'startingBid'>): bigint {
  return BigInt((lot.soldPrice ?? lot.currentBid ?? lot.startingBid).toFixed(0));
}

export async function cardPrices(db: Db, lots: readonly Priced[]): Promise<Map<string, bigint | null>> {
  const wonIn = (method: Lot['paymentMethod']) => lots.filter((l) => l.paymentMethod === method && l.winningBidId).map((l) => l.winningBidId!);
  const [btc, eth] = [wonIn('BTC'), wonIn('ETH')];
  const [cardBids, relayedBids] = await Promise.all([
    btc.length ? db.bid.findMany({ where: { id: { in: btc }, paymentIntentId: { not: null }, captureCents: { not: null } }, select: { id: true, captureCents: true } }) : [],
    eth.length ? db.relayedBid.findMany({ where: { id: { in: eth }, captureCents: { not: null } }, select: { id: true, captureCents: true } }) : [],
  ]);
  const charged = new Map([...cardBids, ...relayedBids].map((b) => [b.id, BigInt(b.captureCents!)]));
  const [premiums, invoiced] = await Promise.all([usdPremiums(db, lots), usdInvoiceTotals(db, lots)]);
  const usd = (lot: Priced) => invoiced.get(lot.id) ?? allInAmount(priceOf(lot), premiums.get(lot.auctionEventId) ?? []);
  return new Map(lots.map((lot) => [lot.id, lot.paymentMethod === 'Manual' ? usd(lot) : lot.winningBidId ? (charged.get(lot.winningBidId) ?? null) : null]));
}

/** The USD lots' invoice totals, by lot. */
async function usdInvoiceTotals(db: Db, lots: readonly Priced[]): Promise<Map<string, bigint>> {
  const ids = lots.filter((lot) => lot.paymentMethod === 'Manual').map((lot) => lot.id);
  const rows = ids.length ? await db.invoice.findMany({ where: { lotId: { in: ids }, voidedAt: null }, select: { lotId: true, total: true } }) : [];
  return new Map(rows.map((row) => [row.lotId, BigInt(row.total.toFixed(0))]));
}

/** The buyer's premium of the USD lots' events, by event (none read when no lot is in USD). */
async function usdPremiums(db: Db, lots: readonly Priced[]) {
  const events = [...new Set(lots.filter((lot) => lot.paymentMethod === 'Manual').map((lot) => lot.auctionEventId))];
  const rows = events.length ? await db.auctionEvent.findMany({ where: { id: { in: events } }, select: { id: true, buyerPremium: true } }) : [];
  return new Map(rows.map((row) => [row.id, tableFor(row.buyerPremium, 'USD')]));
}
