/** The platform's relayer account: it bids on chain for card bidders and mints by card (GavelNFT's minter). */
import type { Hex } from 'viem';

/** anvil's chain id: the only chain the development key below is ever used on. */
export const ANVIL_CHAIN_ID = 31337;

/** anvil's account 9 (public, from anvil's well-known mnemonic): the dev and test relayer on a local anvil. */
const ANVIL_ACCOUNT_9 = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6';

export interface RelayerConfig {
  /**
   * RELAYER_PRIVATE_KEY; unset, anvil's account 9 when the RPC answers anvil's chain id outside production
   * (relayerOnChain, at boot), else null: card bids on on-chain lots are refused.
   */
  privateKey: Hex | null;
  /** How often the worker looks at relayed bids (outbid, won, waiting for a wallet); default 1 s. */
  sweepEveryMs: number;
}

export function relayerConfig(env: NodeJS.ProcessEnv): RelayerConfig {
  return {
    privateKey: env.RELAYER_PRIVATE_KEY ? (env.RELAYER_PRIVATE_KEY as Hex) : null,
    sweepEveryMs: Number(env.RELAYER_SWEEP_MS ?? 1000),
  };
}

/**
 * The relayer once the node has said which chain it is (`rpcChainId`, null when it did not answer). The public
 * anvil key stands in for a missing one only on a node that answers anvil's chain id, and never in production: a
 * CHAIN_ID left unset proves nothing about the chain the RPC is.
 */
export function relayerOnChain(relayer: RelayerConfig, rpcChainId: number | null, production: boolean): RelayerConfig {
  if (relayer.privateKey || production || rpcChainId !== ANVIL_CHAIN_ID) return relayer;
  return { ...relayer, privateKey: ANVIL_ACCOUNT_9 };
}

/** Whether a key is the public anvil account anyone can sign with. */
export function isAnvilRelayerKey(key: string): boolean {
  return key.toLowerCase() === ANVIL_ACCOUNT_9;
}
