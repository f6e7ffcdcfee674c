/** The platform's relayer account: it bids on chain for card bidders and mints by card (GavelNFT's minter). */
import { getAddress, isAddress, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/** anvil's chain id: the only chain the development key below is ever used on. */
export const ANVIL_CHAIN_ID = 31337;

/**
 * The private keys of anvil's (and Hardhat's) default accounts 0-9, from the well-known "test test ... junk"
 * mnemonic: public, so anyone can sign with them. Local chains only; production refuses every one as the relayer.
 */
export const ANVIL_PRIVATE_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
  '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
  '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
  '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356',
  '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97',
  '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
] as const;

/** anvil's account 9: the dev and test relayer on a local anvil. */
const ANVIL_ACCOUNT_9 = ANVIL_PRIVATE_KEYS[9];

export interface RelayerConfig {
  /**
   * RELAYER_PRIVATE_KEY, read only by a process that runs the worker (`signs`): the relayer's transactions are the
   * worker's jobs, so an api process that runs none never holds the key. Unset, anvil's account 9 when the RPC
   * answers anvil's chain id outside production (relayerOnChain, at boot).
   */
  privateKey: Hex | null;
  /**
   * The relayer's public address: RELAYER_ADDRESS, or the key's when this process holds it. What an api process
   * needs to take card bids on on-chain lots and card mints (it queues them; the worker sends them). Null: refused.
   */
  address: Address | null;
  /** This process runs the worker, so it signs the relayer's transactions. */
  signs: boolean;
  /** The environment gave RELAYER_PRIVATE_KEY to a process that does not sign: production refuses it. */
  keyGivenToNonSigner: boolean;
  /** How often the worker looks at relayed bids (outbid, won, waiting for a wallet); default 1 s. */
  sweepEveryMs: number;
}

export function relayerConfig(env: NodeJS.ProcessEnv, signs: boolean): RelayerConfig {
  const key = env.RELAYER_PRIVATE_KEY ? (env.RELAYER_PRIVATE_KEY as Hex) : null;
  const given = env.RELAYER_ADDRESS?.trim();
  if (given && !isAddress(given, { strict: false })) throw new Error(`RELAYER_ADDRESS must be an EVM address, not ${given}`);
  return {
    privateKey: signs ? key : null,
    address: given ? getAddress(given) : key && signs ? addressOfKey(key) : null,
    signs,
    keyGivenToNonSigner: key !== null && !signs,
    sweepEveryMs: Number(env.RELAYER_SWEEP_MS ?? 1000),
  };
}

function addressOfKey(key: Hex): Address | null {
  try {
    return privateKeyToAccount(key).address;
  } catch {
    // A malformed key: the boot check names it; nothing can be relayed with it.
    return null;
  }
}

/**
 * The relayer once the node has said which chain it is (`rpcChainId`, null when it did not answer). The public
 * anvil key stands in for a missing one only on a node that answers anvil's chain id, and never in production: a
 * CHAIN_ID left unset proves nothing about the chain the RPC is.
 */
export function relayerOnChain(relayer: RelayerConfig, rpcChainId: number | null, production: boolean): RelayerConfig {
  if (relayer.privateKey || relayer.address || production || rpcChainId !== ANVIL_CHAIN_ID) return relayer;
  return { ...relayer, privateKey: relayer.signs ? ANVIL_ACCOUNT_9 : null, address: privateKeyToAccount(ANVIL_ACCOUNT_9).address };
}

/** The number of the public anvil account this key is (0-9), or null for any other key. */
export function anvilAccountOf(key: string): number | null {
  const index = ANVIL_PRIVATE_KEYS.indexOf(key.toLowerCase() as (typeof ANVIL_PRIVATE_KEYS)[number]);
  return index < 0 ? null : index;
}
