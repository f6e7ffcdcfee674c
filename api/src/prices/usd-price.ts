/**
 * The live USD prices of BTC and ETH that card holds on BTC lots and on-chain ETH lots are worked out at, from
 * the spec's public price service (CoinGecko's simple price API, or the local stand-in).
 *
 * One fetch serves every card bid for PRICE_CACHE_MS, and bids arriving while it runs wait for that same fetch,
 * so the service is never asked once per bid. When a fetch fails, the last price stands until it is
 * PRICE_MAX_AGE_MS old by the service's own clock (its last_updated_at); a price older than that, or none at all,
 * refuses the card bid (unavailable) naming the coin: holding a card at an old price could hold too little.
 */
import type { Logger } from 'pino';
import { cardBidsPausedMessage, type HoldPrice, type PricedCoin } from '@gavel/domain';
import { Refused } from '../refused.ts';
import type { PriceConfig } from './config.ts';
import { OUTSIDE_CALL_RETRIES, withRetries } from '../health/retry.ts';

/** The service's ids for the coins card holds are priced in. */
const COIN_IDS: Record<PricedCoin, string> = { BTC: 'bitcoin', ETH: 'ethereum' };

export interface UsdQuote {
  /** USD cents per whole coin. */
  usdCents: number;
  /** When the service last updated this price (epoch ms); when it does not say, when it was fetched. */
  asOf: number;
}

export type UsdQuotes = Partial<Record<PricedCoin, UsdQuote>>;

/** How prices are fetched and what time it is: the network and the clock, or a test's. */
export interface PriceSource {
  fetch: typeof fetch;
  now: () => number;
}

const NETWORK: PriceSource = { fetch: (input, init) => fetch(input, init), now: () => Date.now() };

export class UsdPrices {
  private quotes: UsdQuotes = {};
  private lastAttemptAt = Number.NEGATIVE_INFINITY;
  private inFlight: Promise<void> | null = null;

  /** `report`: told of each failed fetch and of the next good one (the health monitor's degradation log, as "prices"). */
  constructor(
    private readonly config: PriceConfig,
    private readonly log: Pick<Logger, 'warn'>,
    private readonly source: PriceSource = NETWORK,
    private readonly report: (dependency: string, failure: string | null) => void = () => {},
  ) {}

  /** What the hold of a card bid in `coin` is worked out at; refused (unavailable) with `refusal` when no fresh price is known. */
  async holdPrice(coin: PricedCoin, refusal: string = cardBidsPausedMessage(coin)): Promise<HoldPrice> {
    const quote = (await this.fresh())[coin];
    if (!quote) {
      const error = new Refused('unavailable', refusal, 'price_unavailable');
      error.headers['retry-after'] = String(Math.max(1, Math.ceil(this.config.cacheMs / 1000)));
      throw error;
    }
    return { usdCents: quote.usdCents, marginPercent: this.config.marginPercent };
  }

  /** The margin a card hold covers above the bid's USD value, in percent. */
  get marginPercent(): number {
    return this.config.marginPercent;
  }

  /** Each coin's price if it is fresh (a coin without a fresh price is left out), fetched first once the cache has run out. */
  async fresh(): Promise<UsdQuotes> {
    await this.refresh();
    const now = this.source.now();
    const fresh: UsdQuotes = {};
    for (const coin of Object.keys(COIN_IDS) as PricedCoin[]) {
      const quote = this.quotes[coin];
      if (quote && now - quote.asOf <= this.config.maxAgeMs) fresh[coin] = quote;
    }
    return fresh;
  }

  /** One fetch per cache period, shared by everyone asking meanwhile; a failure keeps the last prices. */
  private refresh(): Promise<void> {
    if (this.inFlight) return this.inFlight;
    if (this.source.now() - this.lastAttemptAt < this.config.cacheMs) return Promise.resolve();
    this.lastAttemptAt = this.source.now();
    this.inFlight = this.fetchQuotes()
      .then((quotes) => {
        this.quotes = { ...this.quotes, ...quotes };
        this.report('prices', null);
      })
      .catch((error: Error) => {
        this.report('prices', error.message);
        this.log.warn({ err: error.message, url: redacted(this.config.url) }, 'the price service failed; card bids in BTC and ETH use the last price until PRICE_MAX_AGE_MS');
      })
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }

  private async fetchQuotes(): Promise<UsdQuotes> {
    const url = new URL(this.config.url);
    url.searchParams.set('ids', Object.values(COIN_IDS).join(','));
    url.searchParams.set('vs_currencies', 'usd');
    url.searchParams.set('include_last_updated_at', 'true');
    // Two attempts, each bounded, with a jittered pause: a blip is ridden out, while bids waiting on this fetch
    // never wait more than twice the timeout (the last price stands meanwhile, until PRICE_MAX_AGE_MS).
    const response = await withRetries(
      async () => {
        const answer = await this.source.fetch(url, { signal: AbortSignal.timeout(this.config.timeoutMs), headers: { accept: 'application/json' } });
        if (!answer.ok) throw Object.assign(new Error(`status ${answer.status}`), { status: answer.status });
        return answer;
      },
      { attempts: 2, baseMs: OUTSIDE_CALL_RETRIES.baseMs, retryable: (error) => !((error as { status?: number }).status! < 500) },
    );
    const body = (await response.json()) as Record<string, { usd?: unknown; last_updated_at?: unknown } | undefined>;
    const fetchedAt = this.source.now();
    const quotes: UsdQuotes = {};
    for (const [coin, id] of Object.entries(COIN_IDS) as [PricedCoin, string][]) {
      const usdCents = Math.round(Number(body?.[id]?.usd) * 100);
      if (!(Number.isSafeInteger(usdCents) && usdCents > 0)) continue;
      const updated = Number(body?.[id]?.last_updated_at) * 1000;
      // A service clock ahead of ours must not make a price look newer than it can be.
      quotes[coin] = { usdCents, asOf: Number.isFinite(updated) && updated > 0 ? Math.min(updated, fetchedAt) : fetchedAt };
    }
    if (Object.keys(quotes).length === 0) throw new Error('no usable price in the reply');
    return quotes;
  }
}

/** The service's address without its query, which may carry an API key. */
function redacted(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}
