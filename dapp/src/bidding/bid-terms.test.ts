import { describe, expect, it } from 'vitest';
import { checkoutMessages, messages, type Lot } from '@gavel/domain';
import { bidTermsOf, buyNowBlock, checkBidAmount, inputAfterOwnBid, placeBidBlock } from './bid-terms.ts';
import { gateRedirect } from './gate-redirect.ts';

type TermsLot = Pick<Lot, 'paymentMethod' | 'auctionType' | 'startingBid' | 'currentBid' | 'unit'>;
const usd: TermsLot = { paymentMethod: 'Manual', auctionType: 'offchain', startingBid: '10.00', currentBid: null, unit: 'USD' };
const btc: TermsLot = { paymentMethod: 'BTC', auctionType: 'offchain', startingBid: '15000', currentBid: '15000', unit: 'sats' };
const eth: TermsLot = { paymentMethod: 'ETH', auctionType: 'onchain', startingBid: '0.01', currentBid: '0.0151', unit: 'ETH' };

describe('bid terms', () => {
  it('asks for the starting bid first, then current + the table increment, with the unit step and placeholder', () => {
    expect(bidTermsOf(usd)).toMatchObject({ minimumText: '10.00', step: '0.01', placeholder: 'Minimum: 10.00 USD' });
    expect(bidTermsOf({ ...usd, currentBid: '20.00' })).toMatchObject({ minimumText: '21.00', placeholder: 'Minimum: 21.00 USD' });
    expect(bidTermsOf(btc)).toMatchObject({ minimumText: '15100', step: '1', placeholder: 'Minimum: 15100 sats' });
    expect(bidTermsOf(eth)).toMatchObject({ minimumText: '0.0152', step: '0.0001', placeholder: 'Minimum: 0.0152 ETH' });
  });

  it("moves the bid box on to the new minimum after the bidder's own bid, whether or not the lot has caught up", () => {
    // The lot's copy already shows the bid.
    expect(inputAfterOwnBid({ ...usd, currentBid: '25.00' }, '25.00')).toBe('26.00');
    // Not yet: the bid itself is the current price.
    expect(inputAfterOwnBid({ ...usd, currentBid: '20.00' }, '25.00')).toBe('26.00');
    expect(inputAfterOwnBid(usd, '10.00')).toBe('11.00');
    // Someone bid higher meanwhile: the minimum over theirs.
    expect(inputAfterOwnBid({ ...usd, currentBid: '40.00' }, '25.00')).toBe('41.00');
    expect(inputAfterOwnBid(btc, '16000')).toBe('16100');
  });

  it("checks a typed amount with the catalogue's messages", () => {
    const terms = bidTermsOf({ ...usd, currentBid: '20.00' });
    expect(checkBidAmount('', terms)).toEqual({ ok: false, message: messages.bids.amountRequired });
    expect(checkBidAmount('abc', terms)).toEqual({ ok: false, message: messages.bids.invalidAmount });
    expect(checkBidAmount('1.005', terms)).toEqual({ ok: false, message: messages.bids.invalidAmount });
    expect(checkBidAmount('20.99', terms)).toEqual({ ok: false, message: 'Bid must be at least 21.00 USD' });
    expect(checkBidAmount('21', terms)).toEqual({ ok: true, amount: 2100n });
  });

  it('disables PLACE BID before the start, after the end, and for ETH lots without a wallet (BTC lots, on-chain too, take card bids)', () => {
    expect(placeBidBlock(usd, 'live', null)).toBeNull();
    expect(placeBidBlock(usd, 'upcoming', null)).toBe(messages.bids.notStarted);
    expect(placeBidBlock(usd, 'ended', null)).toBe(messages.bids.ended);
    expect(placeBidBlock(usd, 'cancelled', null)).toBe(messages.bids.cancelled);
    expect(placeBidBlock(eth, 'live', null)).toBe(messages.bids.ethOnChain);
    expect(placeBidBlock(btc, 'live', null)).toBeNull();
    expect(placeBidBlock(btc, 'live', 'tb1qexample')).toBeNull();
    const btcOnChain: TermsLot = { ...btc, auctionType: 'onchain' };
    expect(placeBidBlock(btcOnChain, 'live', null)).toBeNull();
  });

  it('disables BUY NOW and ADD TO CART until the terms are accepted or ticked, and when Buy Now is gone', () => {
    const lot = { ...usd, buyNowEnabled: true, buyNowPrice: '50.00' };
    expect(buyNowBlock(lot, 'live', false, null)).toBe(messages.terms.checkboxRequired);
    expect(buyNowBlock(lot, 'live', true, null)).toBeNull();
    expect(buyNowBlock({ ...lot, currentBid: '50.00' }, 'live', true, null)).toBe(checkoutMessages.buyNowPriceReached);
    expect(buyNowBlock({ ...lot, buyNowEnabled: false }, 'live', true, null)).toBe(checkoutMessages.buyNowUnavailable);
    expect(buyNowBlock(lot, 'upcoming', true, null)).toBe(messages.bids.notStarted);
    expect(buyNowBlock(lot, 'cancelled', true, null)).toBe(messages.bids.cancelled);
    expect(buyNowBlock({ ...lot, paymentMethod: 'ETH', unit: 'ETH', buyNowPrice: '1.5' }, 'live', true, '0xabc')).toBe(checkoutMessages.buyNowUnavailable);
    expect(buyNowBlock({ ...lot, paymentMethod: 'BTC', unit: 'sats', buyNowPrice: '90000', currentBid: null }, 'live', true, null)).toBe(messages.bids.walletRequired);
  });
});

describe('gate redirects for a refused bid', () => {
  it("maps the api's gate codes to the page that fixes them", () => {
    expect(gateRedirect('gate_signedIn')).toBe('/signin');
    expect(gateRedirect('gate_profileComplete')).toBe('/complete-setup');
    expect(gateRedirect('gate_identityVerified')).toBe('/identity-verification');
    expect(gateRedirect('gate_paymentMethod')).toBe('/payment-details');
    expect(gateRedirect('gate_termsAccepted')).toBe('/profile');
    expect(gateRedirect('bid_too_low')).toBeNull();
    expect(gateRedirect(undefined)).toBeNull();
  });
});
