import { maximumRefusal, messages, type BidRail } from '@gavel/domain';

/**
 * The api takes a Bitcoin wallet's maximum as a ladder of signed offers, but this dapp still signs one offer per
 * bid: until it signs a ladder, a maximum on a BTC lot stays with the card here. Turned on with the ladder's signing.
 */
export const SIGNS_OFFER_LADDERS = false;

/** The domain's maximumRefusal, as far as this dapp can carry a maximum today. */
export function maximumRefusalHere(rail: BidRail): string | null {
  if (rail === 'btc_wallet' && !SIGNS_OFFER_LADDERS) return messages.bids.maximumNotOnBtcWallet;
  return maximumRefusal(rail);
}
