/**
 * The chain as the api sees it: the indexer (Ponder, over HTTP) for everything indexed, a JSON-RPC client for
 * the rest, and Gavel's contract addresses on the configured chain.
 */
import { getDeployment } from '@gavel/contracts';
import { chainMessages } from '@gavel/domain';
import type { Logger } from 'pino';
import { Refused } from '../refused.ts';
import { IndexerUnavailable, PonderReader } from './ponder.ts';
import { ChainRpc } from './rpc.ts';
import { CircuitBreaker } from '../health/breaker.ts';
import * as reads from './reads.ts';

export { IndexerUnavailable };

/** For routes that cannot answer without the indexer: its absence becomes a clear refusal (unavailable), anything else rethrows. */
export function unavailable(error: unknown): never {
  if (error instanceof IndexerUnavailable) throw new Refused('unavailable', chainMessages.indexerUnavailable, 'indexer_unavailable');
  throw error;
}

export interface ChainConfig {
  /** Ponder's base URL (its /sql, /status). */
  ponderUrl: string;
  rpcUrl: string;
  chainId: number;
  /** Override the deployment record of chainId. */
  auctionHouseAddress?: string;
  nftAddress?: string;
  /** How often the worker follows new bids and withdrawals; 0 turns the follower off. */
  followEveryMs: number;
  /** Longest wait for the indexer or the RPC node on a request path. */
  timeoutMs: number;
}

const LAST_SEEN_LIMIT = 10_000;

export class ChainService {
  readonly ponder: PonderReader;
  readonly rpc: ChainRpc;
  /** Lower-case addresses of Gavel's contracts; null when Gavel is not deployed on this chain. */
  readonly auctionHouse: string | null;
  readonly nft: string | null;
  /** The last state read of each auction, served (marked stale) while the indexer is down. */
  private readonly lastSeen = new Map<string, reads.AuctionRow>();

  /** `report`: where the RPC node's circuit breaker tells of it going down and coming back (the health monitor). */
  constructor(
    readonly config: ChainConfig,
    log: Logger,
    report?: (dependency: string, failure: string | null) => void,
  ) {
    const deployment = getDeployment(config.chainId);
    this.auctionHouse = (config.auctionHouseAddress ?? deployment?.auctionHouse)?.toLowerCase() ?? null;
    this.nft = (config.nftAddress ?? deployment?.nft)?.toLowerCase() ?? null;
    this.ponder = new PonderReader(config.ponderUrl, config.timeoutMs, (up, reason) =>
      up ? log.info('indexer answers again') : log.warn({ reason, url: config.ponderUrl }, 'indexer unavailable: chain state is served stale'),
    );
    this.rpc = new ChainRpc(config.rpcUrl, config.timeoutMs, report && new CircuitBreaker('chain-rpc', report));
  }

  /** Whether a lot is an auction on Gavel's auction house (rather than off-chain, or another contract). */
  isChainLot(lot: { auctionId: string | null; auctionContractAddress: string | null }): lot is { auctionId: string; auctionContractAddress: string } {
    return lot.auctionId !== null && this.auctionHouse !== null && lot.auctionContractAddress?.toLowerCase() === this.auctionHouse;
  }

  /** Current state of these auctions in one query; the last seen state, marked stale, when the indexer is down. */
  async auctionStates(ids: readonly string[]): Promise<{ rows: Map<string, reads.AuctionRow>; stale: boolean }> {
    if (ids.length === 0) return { rows: new Map(), stale: false };
    try {
      const rows = await reads.auctions(this.ponder, [...new Set(ids)]);
      for (const row of rows) this.remember(row);
      return { rows: new Map(rows.map((row) => [row.id, row])), stale: false };
    } catch (error) {
      if (!(error instanceof IndexerUnavailable)) throw error;
      const known = ids.flatMap((id) => (this.lastSeen.has(id) ? [[id, this.lastSeen.get(id)!] as const] : []));
      return { rows: new Map(known), stale: true };
    }
  }

  private remember(row: reads.AuctionRow): void {
    this.lastSeen.delete(row.id);
    this.lastSeen.set(row.id, row);
    if (this.lastSeen.size > LAST_SEEN_LIMIT) this.lastSeen.delete(this.lastSeen.keys().next().value as string);
  }
}
