/** Wallet proof settings: what SIWE messages name as the site asking (EIP-4361 domain and uri). */
import { WALLET_CHALLENGE_TTL_MS } from '@gavel/domain';

export interface WalletConfig {
  /**
   * SIWE_URI: the dapp's origin; the SIWE domain is its host. Wallets warn when it is not the page's origin. In
   * production it defaults to PUBLIC_URL's origin, and the boot check refuses any other (production-check.ts).
   */
  siweUri: string;
  siweDomain: string;
  /** WALLET_CHALLENGE_TTL_MS: how long a challenge may be signed for (default 10 minutes). */
  challengeTtlMs: number;
  /** WALLET_BALANCE_CACHE_MS: how long a balance read is reused (default 10 s; the dapp refetches every 30 s). */
  balanceCacheMs: number;
}

export function walletConfig(env: NodeJS.ProcessEnv): WalletConfig {
  const publicOrigin = env.NODE_ENV === 'production' && env.PUBLIC_URL && URL.canParse(env.PUBLIC_URL) ? new URL(env.PUBLIC_URL).origin : null;
  const siweUri = env.SIWE_URI || publicOrigin || 'http://127.0.0.1:5173';
  return {
    siweUri,
    siweDomain: new URL(siweUri).host,
    challengeTtlMs: Number(env.WALLET_CHALLENGE_TTL_MS ?? WALLET_CHALLENGE_TTL_MS),
    balanceCacheMs: Number(env.WALLET_BALANCE_CACHE_MS ?? 10_000),
  };
}
