/**
 * Where a BTC lot's inscription goes when its winner bid by card: a card bid names no wallet, so the lot's
 * winner address is the winner's newest linked Bitcoin wallet, taken at close, or, when they had none, from the
 * first one they link afterwards. The seller's manual transfer sends the inscription there.
 */
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';

type Db = PrismaClient | Prisma.TransactionClient;

/** The newest Bitcoin wallet linked to `userId`, or null. */
export async function deliveryAddressOf(db: Db, userId: string): Promise<string | null> {
  const wallet = await db.wallet.findFirst({ where: { userId, isConnected: true, type: { in: ['xverse', 'hiro'] } }, orderBy: { connectedAt: 'desc' }, select: { address: true } });
  return wallet?.address ?? null;
}

/** After a Bitcoin wallet is linked: the user's won BTC lots still waiting for an address get this one. */
export async function fillDeliveryAddress(db: Db, userId: string, address: string): Promise<number> {
  const { count } = await db.lot.updateMany({
    where: { winnerId: userId, paymentMethod: 'BTC', winnerWalletAddress: null, transferred: false },
    data: { winnerWalletAddress: address },
  });
  return count;
}
