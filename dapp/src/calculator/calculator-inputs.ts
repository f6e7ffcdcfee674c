import { CALCULATOR_DEFAULTS, defaultCalculatorBid, parseAmount, type Lot } from '@gavel/domain';

/** The Bitcoin cost calculator prices bids in sats: it is offered on lots bid in sats, and on no other. */
export function hasCostCalculator(lot: Pick<Lot, 'unit'>): boolean {
  return lot.unit === 'sats';
}

export interface CalculatorInputs {
  bidSats: string;
  btcPriceUsd: string;
  networkFeeBtc: string;
  platformFeePercent: string;
}

/** The lot's current bid in sats (BTC lots only), as the win probability's reference. */
export function currentBidSats(lot: Pick<Lot, 'unit' | 'currentBid'>): number | null {
  if (lot.unit !== 'sats' || lot.currentBid === null) return null;
  return Number(parseAmount(lot.currentBid, 'sats'));
}

/** The spec's calculator defaults: the current bid + 1000 sats (or the starting bid), and the default price and fees. */
export function initialInputs(lot: Pick<Lot, 'unit' | 'currentBid' | 'startingBid'>, btcPriceUsd: number): CalculatorInputs {
  const bid = defaultCalculatorBid(currentBidSats(lot), Number(parseAmount(lot.startingBid, 'sats')));
  return {
    bidSats: String(bid),
    btcPriceUsd: String(btcPriceUsd),
    networkFeeBtc: String(CALCULATOR_DEFAULTS.networkFeeBtc),
    platformFeePercent: String(CALCULATOR_DEFAULTS.platformFeePercent),
  };
}

/** A typed number, or the fallback while the field is empty or half-typed. */
export function numberOr(text: string, fallback: number): number {
  const value = Number(text);
  return text.trim() !== '' && Number.isFinite(value) && value >= 0 ? value : fallback;
}
