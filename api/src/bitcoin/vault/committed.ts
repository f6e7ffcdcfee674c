/**
 * Which vault outputs back leading bids: they count in the balance as committed, not free, and no withdrawal or
 * refresh may spend them. Empty until bids are placed from vaults; the bids step fills it (a read of the leading
 * bids' outpoints, e.g. a VaultCommitment table written in the same conditional update that makes a bid lead).
 */
import type { Database } from '../../db/client.ts';

export async function committedOutpoints(_db: Database, _vaultId: string): Promise<Set<string>> {
  return new Set();
}
