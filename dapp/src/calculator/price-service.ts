/**
 * The spec's public price service ("gives ethereum and bitcoin in USD"): CoinGecko's simple price API
 * unless VITE_PRICE_API_URL points elsewhere (same reply shape). It is only ever a convenience for the
 * calculator, so a failure is not an error: the spec's defaults stand in, silently, and one warning is left
 * for whoever looks at the console (not one per refresh).
 */
import { CALCULATOR_DEFAULTS, ETH_PRICE_FALLBACK_USD } from '@gavel/domain';

export const PRICE_API_URL = import.meta.env.VITE_PRICE_API_URL || 'https://api.coingecko.com/api/v3/simple/price?ids=bitcoin,ethereum&vs_currencies=usd';
const TIMEOUT_MS = 5_000;

export interface Prices {
  btcUsd: number;
  ethUsd: number;
  /** False when these are the defaults because the service could not be reached. */
  live: boolean;
}

export const FALLBACK_PRICES: Prices = { btcUsd: CALCULATOR_DEFAULTS.btcPriceUsd, ethUsd: ETH_PRICE_FALLBACK_USD, live: false };

let warned = false;

export async function fetchPrices(signal?: AbortSignal): Promise<Prices> {
  try {
    const timeout = AbortSignal.timeout(TIMEOUT_MS);
    const response = await fetch(PRICE_API_URL, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    if (!response.ok) throw new Error(`status ${response.status}`);
    const body = (await response.json()) as { bitcoin?: { usd?: unknown }; ethereum?: { usd?: unknown } };
    const btc = Number(body.bitcoin?.usd);
    const eth = Number(body.ethereum?.usd);
    if (!(btc > 0)) throw new Error('no bitcoin price in the reply');
    return { btcUsd: btc, ethUsd: eth > 0 ? eth : ETH_PRICE_FALLBACK_USD, live: true };
  } catch (error) {
    if (!warned && !signal?.aborted) {
      warned = true;
      console.warn(`Price service unavailable (${(error as Error).message}); the calculator uses its default prices.`);
    }
    return FALLBACK_PRICES;
  }
}
