/**
 * The house's rates as the api reads them for one lot: its event's buyer's premium and seller's commission, for the
 * lot's unit (domain house-rates.ts), and its buyer's tax (house-tax.ts). An event that sets none charges nothing.
 *
 * Tax is levied on USD lots only: their rails (card hold, cart, pay-later) collect it with the hammer. A coin lot is
 * paid in the coin by a swap or a contract that carries no tax output, so its invoice shows none rather than a
 * figure Gavel does not collect.
 */
import { type BuyerLines, buyerLines, lotPremiumTable, type PaymentMethod, type RateTable, type TaxRate, type TaxTable, tableFor, taxRateFor, taxTableOf, unitFor } from '@gavel/domain';
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';

type Db = PrismaClient | Prisma.TransactionClient;

export interface LotRates {
  premium: RateTable;
  commission: RateTable;
  tax: TaxTable;
}

/** The tax table a lot of `paymentMethod` is charged under, from its event's stored table. */
export function lotTaxTable(paymentMethod: PaymentMethod, stored: unknown): TaxTable {
  return unitFor(paymentMethod) === 'USD' ? taxTableOf(stored) : [];
}

/** The rates a lot's sale is charged at. */
export async function lotRates(db: Db, lotId: string): Promise<LotRates> {
  const lot = await db.lot.findUnique({
    where: { id: lotId },
    select: { paymentMethod: true, chainPremiumBps: true, auctionEvent: { select: { buyerPremium: true, sellerCommission: true, buyerTax: true } } },
  });
  if (!lot) return { premium: [], commission: [], tax: [] };
  const unit = unitFor(lot.paymentMethod);
  return {
    premium: lotPremiumTable(lot, lot.auctionEvent.buyerPremium),
    commission: tableFor(lot.auctionEvent.sellerCommission, unit),
    tax: lotTaxTable(lot.paymentMethod, lot.auctionEvent.buyerTax),
  };
}

/** The buyer's country as their profile names it (null: none, or no such user). */
export async function buyerCountry(db: Db, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const user = await db.user.findUnique({ where: { id: userId }, select: { country: true } });
  return user?.country?.trim() || null;
}

/** The rate `userId` pays under `table` (null: no tax). */
export async function buyerTaxRate(db: Db, table: TaxTable, userId: string | null): Promise<TaxRate | null> {
  if (table.length === 0) return null;
  return taxRateFor(table, await buyerCountry(db, userId));
}

/** What `userId` pays on top of a hammer on this lot: the event's premium and their tax (null: none). */
export async function buyerRates(db: Db, lotId: string, userId: string | null): Promise<{ premium: RateTable; tax: TaxRate | null }> {
  const rates = await lotRates(db, lotId);
  return { premium: rates.premium, tax: await buyerTaxRate(db, rates.tax, userId) };
}

/** What `userId` pays for `hammer` on this lot, line by line: the hammer, the premium, their tax and the total. */
export async function buyerLinesFor(db: Db, lotId: string, hammer: bigint, userId: string | null): Promise<BuyerLines> {
  const { premium, tax } = await buyerRates(db, lotId, userId);
  return buyerLines(hammer, premium, tax);
}

/** What `userId` pays in all for `hammer` on this lot: the hammer, the premium and their tax. */
export async function allInFor(db: Db, lotId: string, hammer: bigint, userId: string | null): Promise<bigint> {
  return (await buyerLinesFor(db, lotId, hammer, userId)).total;
}
