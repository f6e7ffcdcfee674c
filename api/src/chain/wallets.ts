/**
 * Who is behind an EVM address: the user who linked it (Wallet, type evm). Addresses compare case-insensitively
 * (the chain gives lower case, wallets may be stored checksummed).
 */
import type { Database } from '../db/client.ts';
import { fullNameOf } from '../auth/user-name.ts';

export interface WalletOwner {
  userId: string;
  email: string;
  name: string | null;
  firstName: string | null;
  lastName: string | null;
}

/** Linked users by lower-case address; addresses nobody linked are absent. */
export async function ownersOf(db: Database, addresses: Iterable<string>): Promise<Map<string, WalletOwner>> {
  const wanted = [...new Set([...addresses].map((a) => a.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const rows = await db.sql<WalletOwner & { address: string }>(
    `SELECT lower(w.address) AS address, u.id AS "userId", u.email, u.name, u."firstName", u."lastName"
       FROM "Wallet" w JOIN "User" u ON u.id = w."userId"
      WHERE w.type = 'evm' AND lower(w.address) = ANY($1::text[])`,
    [wanted],
  );
  return new Map(rows.map(({ address, ...owner }) => [address, owner]));
}

export function displayName(owner: WalletOwner | undefined): string | null {
  if (!owner) return null;
  return fullNameOf(owner);
}
