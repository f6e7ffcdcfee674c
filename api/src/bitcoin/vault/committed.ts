/**
 * Which vault outputs back bids that still bind: they count in the balance as committed, not free, and no
 * withdrawal, refresh or other bid may spend them. A VaultCommitment row is written in the transaction that makes
 * its bid lead (bidding/vault-bids.ts); it binds while that bid leads an open lot, or won a lot whose swap is not
 * settled yet (not paid, transferred or voided; a second chance's winner too, whatever its bid's status). Outbid, removed, or on a lot that closed without it, the row
 * binds no more and the next bid from the same output takes it over.
 */
import type { Database } from '../../db/client.ts';

/** SQL: the commitment `c` still binds (its bid `b` and lot `l` joined); never NULL, as a NOT of it must be exact (no winner yet is false). */
export const COMMITMENT_BINDS_SQL = `((b.status = 'active' AND l.status IN ('upcoming', 'live')) OR (l."winningBidId" IS NOT DISTINCT FROM b.id AND l."unpaidAt" IS NULL AND NOT l.paid AND NOT l.transferred))`;

const COMMITTED_SQL = `
  SELECT c.outpoint FROM "VaultCommitment" c JOIN "Bid" b ON b.id = c."bidId" JOIN "Lot" l ON l.id = c."lotId"
   WHERE c."vaultId" = $1 AND ${COMMITMENT_BINDS_SQL} AND ($2::text IS NULL OR c."lotId" <> $2::text)`;

/**
 * `txid:vout` of the vault's outputs backing bids that bind. `exceptLot`: leave out those backing this lot's bid,
 * for a bidder raising their own leading bid there (placing the new bid outbids the old one, which frees them).
 */
export async function committedOutpoints(db: Database, vaultId: string, exceptLot: string | null = null): Promise<Set<string>> {
  const rows = await db.sql<{ outpoint: string }>(COMMITTED_SQL, [vaultId, exceptLot], { prepared: 'vault-committed' });
  return new Set(rows.map((r) => r.outpoint));
}
