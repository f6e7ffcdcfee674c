/** Bitcoin settings from the environment; the defaults point at the local stand-in `npm start` runs. */
import { createHash } from 'node:crypto';
import { bech32 } from '@scure/base';
import { bitcoinNetworks, checkBitcoinAddress, DEFAULT_BITCOIN_NETWORK, isBitcoinNetworkName, type BitcoinNetworkName } from '@gavel/domain';

export interface BitcoinConfig {
  /** BITCOIN_NETWORK: testnet4 (default, the spec's), mainnet or regtest. */
  network: BitcoinNetworkName;
  /** BITCOIN_ESPLORA_URL: an Esplora API root in mempool.space's shape. */
  esploraUrl: string;
  /** ORD_URL: an ord server with its JSON API. */
  ordUrl: string;
  /**
   * BITCOIN_TIMEOUT_MS (default 4 s): per request to either. A read is tried three times, so a bidder waits at most
   * about three of these for a 503 when a service goes silent, and the circuit then fails the next calls at once.
   */
  timeoutMs: number;
  /**
   * BITCOIN_PLATFORM_FEE_ADDRESS: where each swap's platform fee output pays. Required on mainnet; on test
   * networks it defaults to a placeholder address nobody holds the key of (dev fees are burnt).
   */
  platformFeeAddress: string | undefined;
  /**
   * BITCOIN_PSBT_BIDS: bids on BTC lots are offer PSBTs the bidder's wallet signs, placed by POST
   * /auctions/:id/finalize (default). `false` writes BTC bids directly, with no offer behind them: only for
   * lots whose inscription is not on the chain Gavel reads (imported sales settled by hand).
   */
  psbtBids: boolean;
  /** BITCOIN_FOLLOW_MS: how often the worker asks Esplora about broadcast swaps (default 15 s). */
  followEveryMs: number;
  /**
   * BITCOIN_SELLER_SIGN_DUE_MS (default 72 h): how long after a BTC lot is won its seller has to co-sign the
   * winning offer before being reminded. The winner's coins are committed to the offer meanwhile.
   */
  sellerSignDueMs: number;
  /** BITCOIN_SELLER_OVERDUE_MS (default 24 h): how long after that reminder the admin is told the seller has not signed. */
  sellerOverdueMs: number;
}

/** Three days to co-sign: a seller away for a weekend still makes it, a winner's coins are not held for weeks. */
export const DEFAULT_SELLER_SIGN_DUE_MS = 72 * 3600_000;

/** Where the local stand-in listens (scripts/stand-ins/bitcoin/ repeats it: the api may not import scripts/). */
export const BITCOIN_STAND_IN_PORT = 3002;

export function bitcoinConfig(env: NodeJS.ProcessEnv): BitcoinConfig {
  const network = env.BITCOIN_NETWORK || DEFAULT_BITCOIN_NETWORK;
  if (!isBitcoinNetworkName(network)) throw new Error(`BITCOIN_NETWORK must be mainnet, testnet4 or regtest, not ${network}`);
  const platformFeeAddress = env.BITCOIN_PLATFORM_FEE_ADDRESS || (network === 'mainnet' ? undefined : placeholderAddress(network));
  if (platformFeeAddress && !checkBitcoinAddress(platformFeeAddress, network).ok) {
    throw new Error(`BITCOIN_PLATFORM_FEE_ADDRESS: ${(checkBitcoinAddress(platformFeeAddress, network) as { message: string }).message}`);
  }
  return {
    network,
    platformFeeAddress,
    psbtBids: env.BITCOIN_PSBT_BIDS !== 'false',
    followEveryMs: Number(env.BITCOIN_FOLLOW_MS ?? 15_000),
    sellerSignDueMs: positiveMs(env, 'BITCOIN_SELLER_SIGN_DUE_MS', DEFAULT_SELLER_SIGN_DUE_MS),
    sellerOverdueMs: positiveMs(env, 'BITCOIN_SELLER_OVERDUE_MS', 24 * 3600_000),
    esploraUrl: env.BITCOIN_ESPLORA_URL || `http://127.0.0.1:${BITCOIN_STAND_IN_PORT}/api`,
    ordUrl: env.ORD_URL || `http://127.0.0.1:${BITCOIN_STAND_IN_PORT}/ord`,
    timeoutMs: Number(env.BITCOIN_TIMEOUT_MS ?? 4_000),
  };
}

function positiveMs(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] || fallback);
  if (!(Number.isFinite(value) && value > 0)) throw new Error(`${name} must be a positive number of milliseconds, not ${env[name]}`);
  return value;
}

/** A p2wpkh address whose key hash is sha256("gavel-platform-fee"): valid, but spendable by no one. */
function placeholderAddress(network: BitcoinNetworkName): string {
  const hash = createHash('sha256').update('gavel-platform-fee').digest().subarray(0, 20);
  return bech32.encode(bitcoinNetworks[network].hrp, [0, ...bech32.toWords(hash)]);
}
