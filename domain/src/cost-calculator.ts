/**
 * The Bitcoin cost calculator: what a bid costs in USD with the network fee and
 * the platform fee, and the rough chance it wins given its premium over the current bid.
 */
export const CALCULATOR_DEFAULTS = {
  btcPriceUsd: 65_000,
  networkFeeBtc: 0.0001,
  platformFeePercent: 2.5,
  /** How often the BTC price is refreshed from the public price service. */
  priceRefreshMs: 30_000,
} as const;

export const SATS_PER_BTC = 100_000_000;
export const QUICK_BID_INCREMENTS_SATS = [1000, 5000, 10_000, 50_000] as const;
export const ETH_PRICE_FALLBACK_USD = 2000;

/** The default calculator bid: the current bid + 1000 sats, or the starting bid when nobody has bid. */
export function defaultCalculatorBid(currentBidSats: number | null, startingBidSats: number): number {
  return currentBidSats === null ? startingBidSats : currentBidSats + 1000;
}

/** Win probability (percent) by the bid's premium over the current bid: >=50% 95, >=25% 80, >=10% 60, >=5% 40, else 20. */
export function winProbability(bidSats: number, currentBidSats: number | null): number {
  if (currentBidSats === null || currentBidSats <= 0) return 95;
  const premium = ((bidSats - currentBidSats) / currentBidSats) * 100;
  if (premium >= 50) return 95;
  if (premium >= 25) return 80;
  if (premium >= 10) return 60;
  if (premium >= 5) return 40;
  return 20;
}

export interface CostBreakdown {
  bidBtc: number;
  bidUsd: number;
  networkFeeUsd: number;
  platformFeeUsd: number;
  totalUsd: number;
  totalBtc: number;
}

export function costOf(input: { bidSats: number; btcPriceUsd: number; networkFeeBtc: number; platformFeePercent: number }): CostBreakdown {
  const bidBtc = input.bidSats / SATS_PER_BTC;
  const platformFeeBtc = (bidBtc * input.platformFeePercent) / 100;
  const totalBtc = bidBtc + input.networkFeeBtc + platformFeeBtc;
  const usd = (btc: number) => Math.round(btc * input.btcPriceUsd * 100) / 100;
  return {
    bidBtc,
    bidUsd: usd(bidBtc),
    networkFeeUsd: usd(input.networkFeeBtc),
    platformFeeUsd: usd(platformFeeBtc),
    totalUsd: usd(totalBtc),
    totalBtc,
  };
}
