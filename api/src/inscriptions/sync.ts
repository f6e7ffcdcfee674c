/**
 * POST /inscriptions/sync-wallet-inscriptions: the inscriptions ord reports at a user's linked Bitcoin
 * wallets (Leather/Hiro or Xverse) become rows of the Inscription table, so "my inscriptions" and the admin
 * list show what the user holds even when it was inscribed elsewhere.
 */
import { inscriptionMessages } from '@gavel/domain';
import type { Database } from '../db/client.ts';
import type { BitcoinAccess } from '../bitcoin/index.ts';
import { Refused } from '../refused.ts';
import { anyCase } from '../wallet/linked.ts';

export async function syncWalletInscriptions(
  services: { db: Database; bitcoin: Pick<BitcoinAccess, 'ord'> },
  userId: string,
  walletAddress: string | undefined,
): Promise<{ wallets: string[]; found: number; added: number }> {
  const { prisma } = services.db;
  const wallets = await prisma.wallet.findMany({
    where: { userId, type: { in: ['hiro', 'xverse'] }, ...(walletAddress ? { address: anyCase(walletAddress) } : {}) },
    select: { address: true },
  });
  if (walletAddress && wallets.length === 0) throw new Refused('forbidden', inscriptionMessages.walletNotLinked, 'wallet_not_linked', { walletAddress: inscriptionMessages.walletNotLinked });
  let found = 0;
  let added = 0;
  for (const { address } of wallets) {
    const { inscriptions } = await services.bitcoin.ord.address(address);
    found += inscriptions.length;
    for (const inscriptionId of inscriptions) {
      const known = await prisma.inscription.findUnique({ where: { inscriptionId }, select: { id: true } });
      if (known) {
        // It moved here since Gavel last saw it: the row follows its holder.
        await prisma.inscription.update({ where: { id: known.id }, data: { walletAddress: address, userId } });
        continue;
      }
      const { content_type } = await services.bitcoin.ord.inscription(inscriptionId);
      // A parallel sync may add the same one first; the unique inscriptionId keeps one row.
      const created = await prisma.inscription.createMany({ data: [{ inscriptionId, walletAddress: address, userId, status: 'confirmed', contentType: content_type }], skipDuplicates: true });
      added += created.count;
    }
  }
  return { wallets: wallets.map((w) => w.address), found, added };
}
