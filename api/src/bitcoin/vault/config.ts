/**
 * The vault settings (bitcoin-vault.ts in domain has the rules). Gavel's vault key G is derived per key version
 * from a master secret that only a process running the worker reads, as the relayer's key: co-signing a vault
 * spend is a worker job, so the web-facing api process never holds it and knows G by its public key alone.
 */
import { DEFAULT_VAULT_CONFIRMATIONS, DEFAULT_VAULT_CSV_BLOCKS, DEFAULT_VAULT_REFRESH_BLOCKS, MAX_VAULT_CSV_BLOCKS } from '@gavel/domain/bitcoin-vault';

export interface VaultConfig {
  /**
   * GAVEL_VAULT_SECRET (64+ hex characters), read only by a process that runs the worker (`signs`). Unset outside
   * production: a random one kept under the data directory by the worker's process (services.ts).
   */
  masterSecret: string | null;
  /** GAVEL_VAULT_KEY_VERSION (default 1): which G new vaults use; raise it to rotate Gavel's key (old vaults are refreshed into new ones). */
  keyVersion: number;
  /** GAVEL_VAULT_PUBKEY: G of the current version (x-only hex), for an api process that does not hold the secret. */
  gavelPublicKey: string | null;
  /**
   * GAVEL_HOUSE_ANCHOR_PUBKEY: the house anchor key of the current version (x-only hex), for an api process that
   * does not hold the secret; a binding swap's house output pays its taproot key-path address (gavel-key.ts).
   */
  houseAnchorPublicKey: string | null;
  /** BITCOIN_CPFP_AFTER_BLOCKS (default 3): blocks a binding swap may stay unconfirmed before its child pays more. */
  cpfpAfterBlocks: number;
  /** BITCOIN_CPFP_MAX_FEE_RATE (default 200 sat/vB): the highest swap-and-child feerate the house pays towards. */
  cpfpMaxFeeRate: number;
  /** This process runs the worker, so it co-signs vault spends. */
  signs: boolean;
  /** The environment gave GAVEL_VAULT_SECRET to a process that does not sign: production refuses it. */
  secretGivenToNonSigner: boolean;
  /** BITCOIN_VAULT_CSV_BLOCKS (default 4,320, about 30 days): N, how long a bidder waits to exit alone. */
  csvBlocks: number;
  /** BITCOIN_VAULT_CONFIRMATIONS (default 1): confirmations a vault output needs to count. */
  confirmations: number;
  /** BITCOIN_VAULT_REFRESH_BLOCKS (default 144, about a day): an output this close to its exit stops counting. */
  refreshBlocks: number;
  /** BITCOIN_VAULT_SIGN_MS (default 10 minutes): how long a withdrawal waits for the bidder's signature. */
  signWithinMs: number;
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  const value = raw ? Number(raw) : fallback;
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be a whole number from ${min} to ${max}, not ${raw}`);
  return value;
}

export function vaultConfig(env: NodeJS.ProcessEnv, signs: boolean): VaultConfig {
  const secret = env.GAVEL_VAULT_SECRET?.trim() || null;
  if (secret && !/^[0-9a-fA-F]{64,}$/.test(secret)) throw new Error('GAVEL_VAULT_SECRET must be at least 32 bytes of hex (64 characters)');
  const pubkey = env.GAVEL_VAULT_PUBKEY?.trim().toLowerCase() || null;
  if (pubkey && !/^[0-9a-f]{64}$/.test(pubkey)) throw new Error('GAVEL_VAULT_PUBKEY must be an x-only public key (64 hex characters)');
  const anchor = env.GAVEL_HOUSE_ANCHOR_PUBKEY?.trim().toLowerCase() || null;
  if (anchor && !/^[0-9a-f]{64}$/.test(anchor)) throw new Error('GAVEL_HOUSE_ANCHOR_PUBKEY must be an x-only public key (64 hex characters)');
  return {
    masterSecret: signs ? secret : null,
    keyVersion: wholeNumber(env, 'GAVEL_VAULT_KEY_VERSION', 1, 1, 1_000_000),
    gavelPublicKey: pubkey,
    houseAnchorPublicKey: anchor,
    cpfpAfterBlocks: wholeNumber(env, 'BITCOIN_CPFP_AFTER_BLOCKS', 3, 1, 1000),
    cpfpMaxFeeRate: wholeNumber(env, 'BITCOIN_CPFP_MAX_FEE_RATE', 200, 1, 10_000),
    signs,
    secretGivenToNonSigner: secret !== null && !signs,
    csvBlocks: wholeNumber(env, 'BITCOIN_VAULT_CSV_BLOCKS', DEFAULT_VAULT_CSV_BLOCKS, 1, MAX_VAULT_CSV_BLOCKS),
    confirmations: wholeNumber(env, 'BITCOIN_VAULT_CONFIRMATIONS', DEFAULT_VAULT_CONFIRMATIONS, 1, 1000),
    refreshBlocks: wholeNumber(env, 'BITCOIN_VAULT_REFRESH_BLOCKS', DEFAULT_VAULT_REFRESH_BLOCKS, 0, MAX_VAULT_CSV_BLOCKS),
    signWithinMs: wholeNumber(env, 'BITCOIN_VAULT_SIGN_MS', 10 * 60_000, 1000, 24 * 3600_000),
  };
}
