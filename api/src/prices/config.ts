/**
 * Live USD prices for card holds on BTC and ETH lots. The defaults point at the local price stand-in that
 * `npm start` runs (scripts/stand-ins/price); production names the real service in PRICE_API_URL.
 */

/** Where the local stand-in listens (scripts/stand-ins/price repeats it: the api may not import scripts/). */
export const PRICE_STAND_IN_URL = 'http://127.0.0.1:3003/api/v3/simple/price';

export interface PriceConfig {
  /**
   * PRICE_API_URL: CoinGecko's simple price endpoint (https://api.coingecko.com/api/v3/simple/price, a key as
   * its x_cg_demo_api_key query parameter) or any service answering its shape; the api adds ids, vs_currencies
   * and include_last_updated_at to it.
   */
  url: string;
  /** PRICE_MAX_AGE_MS (default 5 minutes): a price older than this (by the service's own time) holds no card. */
  maxAgeMs: number;
  /** PRICE_CACHE_MS (default 30 s): one fetch serves every card bid for this long. */
  cacheMs: number;
  /** PRICE_TIMEOUT_MS (default 5 s): a fetch taking longer counts as failed. */
  timeoutMs: number;
  /** CARD_HOLD_MARGIN_PERCENT (default 10): what a card hold covers above the bid's USD value, in percent. */
  marginPercent: number;
}

export function priceConfig(env: NodeJS.ProcessEnv): PriceConfig {
  const marginPercent = Number(env.CARD_HOLD_MARGIN_PERCENT ?? 10);
  if (!(Number.isFinite(marginPercent) && marginPercent >= 0 && marginPercent <= 100)) {
    throw new Error(`CARD_HOLD_MARGIN_PERCENT must be a percentage from 0 to 100, not ${env.CARD_HOLD_MARGIN_PERCENT}`);
  }
  const maxAgeMs = Number(env.PRICE_MAX_AGE_MS ?? 5 * 60_000);
  if (!(maxAgeMs > 0)) throw new Error(`PRICE_MAX_AGE_MS must be a positive number of milliseconds, not ${env.PRICE_MAX_AGE_MS}`);
  const url = env.PRICE_API_URL || PRICE_STAND_IN_URL;
  if (!URL.canParse(url)) throw new Error(`PRICE_API_URL is not a URL: ${url}`);
  return {
    url,
    maxAgeMs,
    cacheMs: Number(env.PRICE_CACHE_MS ?? 30_000),
    timeoutMs: Number(env.PRICE_TIMEOUT_MS ?? 5000),
    marginPercent,
  };
}
