/**
 * What the lot page needs to know to take a bid, from the domain's rules: the minimum
 * next bid, the input's step and placeholder, and whether PLACE BID, BUY NOW and ADD TO CART may be pressed.
 */
import { bidInputStep, buyNowRefusal, fill, formatAmount, messages, minimumNextBid, minimumPlaceholder, parseAmount, type Lot, type LotPhase, type Unit } from '@gavel/domain';

export interface BidTerms {
  minimum: bigint;
  /** The minimum in the input's own notation ("15100", "26.00"), for `min` and for filling it in. */
  minimumText: string;
  step: string;
  placeholder: string;
  unit: Unit;
}

export function bidTermsOf(lot: Pick<Lot, 'paymentMethod' | 'auctionType' | 'startingBid' | 'currentBid' | 'unit'>): BidTerms {
  const minimum = minimumNextBid({
    paymentMethod: lot.paymentMethod,
    auctionType: lot.auctionType,
    startingBid: parseAmount(lot.startingBid, lot.unit),
    currentBid: lot.currentBid === null ? null : parseAmount(lot.currentBid, lot.unit),
  });
  return {
    minimum,
    minimumText: formatAmount(minimum, lot.unit),
    step: bidInputStep(lot.paymentMethod),
    placeholder: minimumPlaceholder(minimum, lot.paymentMethod),
    unit: lot.unit,
  };
}

/**
 * What the bid box holds after the bidder's own bid of `placed`: the minimum next bid over it, from the lot as it now
 * stands, or as the bid left it while the lot's copy has not caught up.
 */
export function inputAfterOwnBid(lot: Parameters<typeof bidTermsOf>[0], placed: string): string {
  const current = lot.currentBid === null ? null : parseAmount(lot.currentBid, lot.unit);
  const leading = current !== null && current >= parseAmount(placed, lot.unit) ? lot.currentBid : placed;
  return bidTermsOf({ ...lot, currentBid: leading }).minimumText;
}

/**
 * What the bid box holds once the minimum has moved: the new minimum when the typed amount is now below it (the bidder
 * was outbid, or another bid came in, and the old amount could only be refused), else what was typed, left alone.
 */
export function inputForMinimum(text: string, terms: BidTerms): string {
  if (text.trim() === '') return text;
  try {
    return parseAmount(text, terms.unit) < terms.minimum ? terms.minimumText : text;
  } catch {
    return text;
  }
}

/** The typed amount checked against the minimum: the amount in the smallest unit, or the message to show. */
export function checkBidAmount(text: string, terms: BidTerms): { ok: true; amount: bigint } | { ok: false; message: string } {
  if (text.trim() === '') return { ok: false, message: messages.bids.amountRequired };
  let amount: bigint;
  try {
    amount = parseAmount(text, terms.unit);
  } catch {
    return { ok: false, message: messages.bids.invalidAmount };
  }
  if (amount <= 0n) return { ok: false, message: messages.bids.invalidAmount };
  if (amount < terms.minimum) return { ok: false, message: fill(messages.bids.tooLow, { minimum: terms.minimumText, unit: terms.unit }) };
  return { ok: true, amount };
}

/**
 * Why PLACE BID is disabled, or null when it is not. No bidding before the start or after the end;
 * ETH lots are bid on chain from a connected wallet; USD and BTC lots (on-chain or not) take card bids too.
 */
export function placeBidBlock(lot: Pick<Lot, 'paymentMethod'>, phase: LotPhase, walletAddress: string | null): string | null {
  if (phase === 'upcoming') return messages.bids.notStarted;
  if (phase === 'ended') return messages.bids.ended;
  if (phase === 'cancelled') return messages.bids.cancelled;
  if (lot.paymentMethod === 'ETH' && !walletAddress) return messages.bids.ethOnChain;
  // A BTC lot takes card bids too: its checkout asks for the wallet only when the bidder pays with it.
  return null;
}

/**
 * Why BUY NOW is disabled, or null. Whether the lot offers Buy Now now is the domain's rule, the one the api
 * decides a purchase with; then cards pay USD lots, BTC lots need the wallet, and only once the
 * terms are accepted or their box is ticked.
 */
export function buyNowBlock(lot: Pick<Lot, 'paymentMethod' | 'buyNowEnabled' | 'buyNowPrice' | 'currentBid' | 'unit'>, phase: LotPhase, termsOk: boolean, walletAddress: string | null): string | null {
  const refusal = buyNowRefusal({
    phase,
    paymentMethod: lot.paymentMethod,
    buyNowEnabled: lot.buyNowEnabled,
    buyNowPrice: lot.buyNowPrice === null ? null : parseAmount(lot.buyNowPrice, lot.unit),
    currentBid: lot.currentBid === null ? null : parseAmount(lot.currentBid, lot.unit),
  });
  if (refusal) return refusal.message;
  if (lot.paymentMethod === 'BTC' && !walletAddress) return messages.bids.walletRequired;
  if (!termsOk) return messages.terms.checkboxRequired;
  return null;
}
