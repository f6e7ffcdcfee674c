/**
 * Where a BTC lot's inscription goes when its winner bid by card: a card bid names no wallet, so the lot's
 * winner address is the winner's linked ordinals address, taken at close, or, when they had none, the one they
 * link afterwards. An inscription sent to a payment address is at the mercy of a wallet that spends it as fee
 * money, so only a taproot address the winner proved as their wallet's ordinals address may receive it (the
 * wallet routes mark it so, after checking it is p2tr on this network). The seller's manual transfer sends the
 * inscription there.
 *
 * Filled at three moments: the close (closeLot), the link (POST /wallet/verify), and the worker's sweep for a
 * link that committed while the lot was closing, which neither of the other two saw.
 */
import { bitcoinNetworks, checkBitcoinAddress, type BitcoinNetworkName } from '@gavel/domain';
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';

type Db = PrismaClient | Prisma.TransactionClient;

/** Whether `address` is a taproot (p2tr) address, on whichever network its prefix names. */
export function isTaprootAddress(address: string): boolean {
  return (Object.keys(bitcoinNetworks) as BitcoinNetworkName[]).some((network) => {
    const check = checkBitcoinAddress(address, network);
    return check.ok && check.type === 'p2tr';
  });
}

/** The newest ordinals (taproot) address linked to `userId`, or null. */
export async function deliveryAddressOf(db: Db, userId: string): Promise<string | null> {
  const wallets = await db.wallet.findMany({
    where: { userId, isConnected: true, purpose: 'ordinals', type: { in: ['xverse', 'hiro'] } },
    orderBy: { connectedAt: 'desc' },
    select: { address: true },
  });
  return wallets.find((w) => isTaprootAddress(w.address))?.address ?? null;
}

/** The user's won BTC lots still waiting for an address get their ordinals address, if they have one now. */
export async function fillDeliveryAddress(db: Db, userId: string): Promise<number> {
  const address = await deliveryAddressOf(db, userId);
  if (!address) return 0;
  const { count } = await db.lot.updateMany({
    where: { winnerId: userId, paymentMethod: 'BTC', winnerWalletAddress: null, transferred: false },
    data: { winnerWalletAddress: address },
  });
  return count;
}

/**
 * The worker's sweep: ended BTC lots with no delivery address whose winner has an ordinals address by now (a
 * link that committed while the close was reading the winner's wallets). Safe to run any number of times.
 */
export async function sweepDeliveryAddresses(db: PrismaClient): Promise<number> {
  const waiting = await db.lot.findMany({
    where: {
      paymentMethod: 'BTC',
      status: 'ended',
      winnerId: { not: null },
      winnerWalletAddress: null,
      transferred: false,
      winner: { wallets: { some: { purpose: 'ordinals', isConnected: true } } },
    },
    distinct: ['winnerId'],
    select: { winnerId: true },
    take: 200,
  });
  let filled = 0;
  for (const { winnerId } of waiting) if (winnerId) filled += await fillDeliveryAddress(db, winnerId);
  return filled;
}
