/**
 * The signed-in user's own lists show lots as the browse list does: presented, with the chain's state for
 * lots on the auction house, and (the viewer being signed in) the results of ended lots, under the one results
 * rule (lots/results-privacy.ts).
 */
import type { ChainLot } from '@gavel/domain';
import type { Database } from '../db/client.ts';
import type { ChainService } from '../chain/index.ts';
import { presentLot, type LotRow } from '../lots/present.ts';
import { withChain } from '../chain/lots.ts';
import { lotForViewer } from '../lots/results-privacy.ts';

/** What the lists of lots here are read with: the database, the chain (lots on the auction house), the images' gateway. */
export interface LotListDeps {
  db: Database;
  chain: ChainService;
  config: { storage: { imageGateway: string } };
}

export async function presentLotsForMember(services: LotListDeps, rows: LotRow[]): Promise<ChainLot[]> {
  const lots = await withChain(
    services.chain,
    services.db,
    rows.map((row) => presentLot(services.config.storage.imageGateway, row)),
  );
  return lots.map((lot) => lotForViewer(lot, true));
}

/** The addresses of the user's linked wallets, as stored. */
export async function linkedAddresses({ db }: Pick<LotListDeps, 'db'>, userId: string): Promise<string[]> {
  const wallets = await db.prisma.wallet.findMany({ where: { userId }, select: { address: true } });
  return wallets.map((wallet) => wallet.address);
}
