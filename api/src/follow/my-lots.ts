/**
 * The lots a signed-in user won and the lots they sell, latest end first. Linked wallets count as the user's: a
 * chain win by one, a lot whose seller address is one.
 */
import { bitcoinSwapOf, paginationOf, type ChainLot, type Pagination, type wonLotListSchema } from '@gavel/domain';
import type { z } from 'zod';
import { lotInclude } from '../lots/present.ts';
import { payableInCart } from '../checkout/cart.ts';
import { linkedAddresses, presentLotsForMember, type LotListDeps } from './lot-page.ts';
import { soldWhere, wonWhere } from './won-and-sold.ts';

type Page = { limit: number; offset: number };

/** The lots the user won or bought, with payment and transfer (lot.settlement), the payment deadline and whether the cart takes it. */
export async function lotsWonByUser(services: LotListDeps, userId: string, { limit, offset }: Page): Promise<z.output<typeof wonLotListSchema>> {
  const { prisma } = services.db;
  const where = await wonWhere(services, { userId, addresses: await linkedAddresses(services, userId) });
  const [rows, total] = await Promise.all([
    prisma.lot.findMany({ where, include: lotInclude, orderBy: [{ endTime: 'desc' }, { id: 'desc' }], take: limit, skip: offset }),
    prisma.lot.count({ where }),
  ]);
  const [lots, payable] = await Promise.all([presentLotsForMember(services, rows), payableInCart(prisma, userId, rows)]);
  return {
    data: lots.map((lot, i) => ({ lot, paymentDueAt: rows[i]!.paymentDueAt?.toISOString() ?? null, payableInCart: payable.has(rows[i]!.id), bitcoinSwap: bitcoinSwapOf(rows[i]!) })),
    pagination: paginationOf(total, limit, offset),
  };
}

/** The lots the user sells (created, or whose seller address is a linked wallet), each with its settlement. */
export async function lotsSoldByUser(services: LotListDeps, userId: string, { limit, offset }: Page): Promise<{ data: ChainLot[]; pagination: Pagination }> {
  const { prisma } = services.db;
  const where = soldWhere({ creatorIds: [userId], addresses: await linkedAddresses(services, userId) });
  const [rows, total] = await Promise.all([
    prisma.lot.findMany({ where, include: lotInclude, orderBy: [{ endTime: 'desc' }, { id: 'desc' }], take: limit, skip: offset }),
    prisma.lot.count({ where }),
  ]);
  return { data: await presentLotsForMember(services, rows), pagination: paginationOf(total, limit, offset) };
}
