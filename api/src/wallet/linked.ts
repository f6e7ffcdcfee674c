/**
 * The spec's rule "only linked addresses": a bid, withdrawal or seller action
 * names a wallet, and the api acts only when that wallet is linked to the signed-in user (proved through
 * POST /wallet/verify). EVM addresses compare case-insensitively, Bitcoin addresses exactly (bech32 is lower case).
 */
import { walletProofMessages } from '@gavel/domain';
import { actsAsSeller } from '@gavel/domain/wallet-rules';
import type { UserRow } from '../auth/session.ts';
import type { Database } from '../db/client.ts';
import type { PrismaClient, Wallet } from '../generated/prisma/client.ts';
import { Refused } from '../refused.ts';

export const isEvmAddress = (address: string) => /^0x[0-9a-fA-F]{40}$/.test(address);

/**
 * A Prisma condition matching `address` whatever its letter case, sent as `lower(column) IN (lower(address))`, which
 * the address columns' lower-case indexes answer. (An insensitive `equals` is sent as ILIKE: no index answers it,
 * and it reads `_` and `%` in the address as wildcards.)
 */
export const anyCase = (address: string) => ({ in: [address], mode: 'insensitive' as const });

/** The wallet row of `address`, whoever it is linked to; null when nobody linked it. */
export async function walletOf(db: Database, address: string): Promise<Wallet | null> {
  if (!isEvmAddress(address)) return db.prisma.wallet.findUnique({ where: { address } });
  return db.prisma.wallet.findFirst({ where: { address: anyCase(address) } });
}

/** Whether `address` is linked to `userId`. */
export async function isLinkedTo(db: Database, userId: string, address: string): Promise<boolean> {
  const wallet = await walletOf(db, address);
  return wallet !== null && wallet.userId === userId && wallet.isConnected;
}

/** Refuses (forbidden, `wallet_not_linked`, field walletAddress) unless `address` is linked to `userId`. */
export async function requireLinkedWallet(db: Database, userId: string, address: string, field = 'walletAddress'): Promise<void> {
  if (!(await isLinkedTo(db, userId, address))) {
    throw new Refused('forbidden', walletProofMessages.notLinked, 'wallet_not_linked', { [field]: walletProofMessages.notLinked });
  }
}

/** The seller rule of domain (actsAsSeller) with the user's linked wallets: one rule for settlement and every /psbt/* seller route. */
export async function isSellerOf(prisma: PrismaClient, user: UserRow, lot: { creatorId: string | null; sellerWalletAddress: string | null }): Promise<boolean> {
  const linked = lot.sellerWalletAddress ? await prisma.wallet.findMany({ where: { userId: user.id, isConnected: true }, select: { address: true } }) : [];
  return actsAsSeller(
    user,
    linked.map((w) => w.address),
    lot,
  );
}
