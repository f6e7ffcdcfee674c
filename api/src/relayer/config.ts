/** The platform's relayer account: it bids on chain for card bidders and mints by card (GavelNFT's minter). */
import type { Hex } from 'viem';

/** anvil's account 9: the dev and test relayer on the local chain (chain 31337) when none is configured. */
const ANVIL_ACCOUNT_9 = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6';

export interface RelayerConfig {
  /** RELAYER_PRIVATE_KEY; null (card bids on on-chain lots refused) on a public chain without one. */
  privateKey: Hex | null;
  /** ETH_USD_PRICE (default 2000, the spec's ETH price fallback): what a card is held for per ETH bid, in USD. */
  ethUsdCents: number;
  /** How often the worker looks at relayed bids (outbid, won, waiting for a wallet); default 1 s. */
  sweepEveryMs: number;
}

export function relayerConfig(env: NodeJS.ProcessEnv, chainId: number): RelayerConfig {
  const key = env.RELAYER_PRIVATE_KEY || (chainId === 31337 ? ANVIL_ACCOUNT_9 : '');
  return {
    privateKey: key ? (key as Hex) : null,
    ethUsdCents: Math.round(Number(env.ETH_USD_PRICE ?? 2000) * 100),
    sweepEveryMs: Number(env.RELAYER_SWEEP_MS ?? 1000),
  };
}
