/**
 * The house's rates as the api reads them for one lot: its event's buyer's premium and seller's commission, for the
 * lot's unit (domain house-rates.ts). An event that sets none charges nothing.
 */
import { type RateTable, tableFor, unitFor } from '@gavel/domain';
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';

type Db = PrismaClient | Prisma.TransactionClient;

export interface LotRates {
  premium: RateTable;
  commission: RateTable;
}

/** The rates a lot's sale is charged at. */
export async function lotRates(db: Db, lotId: string): Promise<LotRates> {
  const lot = await db.lot.findUnique({ where: { id: lotId }, select: { paymentMethod: true, auctionEvent: { select: { buyerPremium: true, sellerCommission: true } } } });
  if (!lot) return { premium: [], commission: [] };
  const unit = unitFor(lot.paymentMethod);
  return { premium: tableFor(lot.auctionEvent.buyerPremium, unit), commission: tableFor(lot.auctionEvent.sellerCommission, unit) };
}
