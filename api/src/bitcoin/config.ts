/** Bitcoin settings from the environment; the defaults point at the local stand-in `npm start` runs. */
import { DEFAULT_BITCOIN_NETWORK, isBitcoinNetworkName, type BitcoinNetworkName } from '@gavel/domain';

export interface BitcoinConfig {
  /** BITCOIN_NETWORK: testnet4 (default, the spec's), mainnet or regtest. */
  network: BitcoinNetworkName;
  /** BITCOIN_ESPLORA_URL: an Esplora API root in mempool.space's shape. */
  esploraUrl: string;
  /** ORD_URL: an ord server with its JSON API. */
  ordUrl: string;
  /** BITCOIN_TIMEOUT_MS: per request to either. */
  timeoutMs: number;
}

/** Where the local stand-in listens (scripts/stand-ins/bitcoin/ repeats it: the api may not import scripts/). */
export const BITCOIN_STAND_IN_PORT = 3002;

export function bitcoinConfig(env: NodeJS.ProcessEnv): BitcoinConfig {
  const network = env.BITCOIN_NETWORK || DEFAULT_BITCOIN_NETWORK;
  if (!isBitcoinNetworkName(network)) throw new Error(`BITCOIN_NETWORK must be mainnet, testnet4 or regtest, not ${network}`);
  return {
    network,
    esploraUrl: env.BITCOIN_ESPLORA_URL || `http://127.0.0.1:${BITCOIN_STAND_IN_PORT}/api`,
    ordUrl: env.ORD_URL || `http://127.0.0.1:${BITCOIN_STAND_IN_PORT}/ord`,
    timeoutMs: Number(env.BITCOIN_TIMEOUT_MS ?? 10_000),
  };
}
