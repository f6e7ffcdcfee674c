import { describe, expect, it } from 'vitest';
import type { CardHoldRateReply, Lot } from '@gavel/domain';
import { cardHoldFor } from './card-hold.ts';

const RATE: CardHoldRateReply = { btcUsdCents: 10_000_000, ethUsdCents: 250_000, marginPercent: 10 };

describe('what a card bid holds, as the checkout shows it', () => {
  it('holds an ETH bid’s USD value at the live price plus the margin, as the api does', () => {
    // 0.01 ETH at $2,500 is $25; plus 10 %, $27.50.
    expect(cardHoldFor('0.01', { unit: 'ETH' }, RATE)).toEqual({ held: '$27.50', refusal: null });
    expect(cardHoldFor('0.01', { unit: 'ETH' }, undefined)).toEqual({ held: null, refusal: null });
  });

  it('names the coin whose price is missing, and needs no price for a USD bid', () => {
    expect(cardHoldFor('0.01', { unit: 'ETH' }, { ...RATE, ethUsdCents: null })).toEqual({
      held: null,
      refusal: 'Card bids on this lot are paused: the ETH price is unavailable. Please try again shortly.',
    });
    expect(cardHoldFor('12.50', { unit: 'USD' }, undefined)).toEqual({ held: '$12.50', refusal: null });
  });

  it('holds a USD bid all in: the premium, and the tax of the country the bidder’s profile names', () => {
    const lot: Pick<Lot, 'unit' | 'buyerPremium' | 'buyerTax'> = {
      unit: 'USD',
      buyerPremium: [{ upTo: null, percent: '25' }],
      buyerTax: [{ country: 'United Kingdom', percent: '20', base: 'premium' }],
    };
    // $200 bid, $50 premium, 20% of the premium $10.
    expect(cardHoldFor('200.00', lot, undefined, 'united kingdom')).toEqual({ held: '$260.00', refusal: null });
    expect(cardHoldFor('200.00', lot, undefined, 'France')).toEqual({ held: '$250.00', refusal: null });
    expect(cardHoldFor('200.00', lot, undefined)).toEqual({ held: '$250.00', refusal: null });
  });

  it('refuses what a card cannot carry in any unit', () => {
    expect(cardHoldFor('1000', { unit: 'ETH' }, RATE).refusal).toMatch(/^A card payment can be at most/);
    expect(cardHoldFor('abc', { unit: 'sats' }, RATE).refusal).toBe('Invalid payment amount.');
  });
});
