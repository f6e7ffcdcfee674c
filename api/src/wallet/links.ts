/**
 * The wallets linked to a user: linked only after a proof (routes/wallet.ts checks the signature), listed newest
 * first, unlinked by their owner. An address is linked to one account at most.
 */
import { walletProofMessages, type Wallet, type WalletKind } from '@gavel/domain';
import type { Database } from '../db/client.ts';
import type { PrismaClient, Wallet as WalletRow } from '../generated/prisma/client.ts';
import { Refused } from '../refused.ts';
import { walletOf } from './linked.ts';

const linkedElsewhere = () => new Refused('conflict', walletProofMessages.linkedElsewhere, 'wallet_linked_elsewhere', { walletAddress: walletProofMessages.linkedElsewhere });

export function presentWallet(row: WalletRow): Wallet {
  return {
    id: row.id,
    walletAddress: row.address,
    address: row.address,
    type: row.type,
    walletName: row.walletName,
    connectedAt: row.connectedAt.toISOString(),
    isConnected: row.isConnected,
    purpose: row.purpose,
  };
}

/** Refused (conflict) when the address is linked to another account. */
export async function refuseIfLinkedElsewhere(db: Database, address: string, userId: string): Promise<void> {
  const owner = await walletOf(db, address);
  if (owner && owner.userId !== userId) throw linkedElsewhere();
}

/** Links a proved address to `userId`; `ordinals` marks it as the wallet's ordinals address (never unmarked by a later proof). */
export async function linkWallet(db: Database, userId: string, address: string, kind: { type: WalletKind; walletName: string }, ordinals: boolean): Promise<WalletRow> {
  // The row as stored, whatever case an earlier link used (EVM addresses compare case-insensitively).
  const existing = await walletOf(db, address);
  if (existing && existing.userId !== userId) throw linkedElsewhere();
  const linked = { ...kind, isConnected: true, connectedAt: new Date(), ...(ordinals ? { purpose: 'ordinals' as const } : {}) };
  return existing
    ? db.prisma.wallet.update({ where: { id: existing.id }, data: linked })
    : db.prisma.wallet.create({ data: { userId, address, ...linked } }).catch(async (error: unknown) => {
        // Another account linked it between the check and the write (address is unique).
        if ((await walletOf(db, address))?.userId !== userId) throw linkedElsewhere();
        throw error;
      });
}

/** The wallets linked to the user, newest first. */
export async function linkedWallets(prisma: PrismaClient, userId: string): Promise<Wallet[]> {
  const rows = await prisma.wallet.findMany({ where: { userId, isConnected: true }, orderBy: { connectedAt: 'desc' } });
  return rows.map(presentWallet);
}

/** Unlinks the user's wallet (it can then be proved again by anyone); not found when it is not theirs. Returns its address as stored. */
export async function unlinkWallet(db: Database, userId: string, address: string): Promise<string> {
  const row = await walletOf(db, address.trim());
  if (!row || row.userId !== userId) throw new Refused('not_found', walletProofMessages.notLinked, 'wallet_not_linked', { walletAddress: walletProofMessages.notLinked });
  await db.prisma.wallet.delete({ where: { id: row.id } });
  return row.address;
}
