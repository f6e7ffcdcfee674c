import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it } from 'vitest';
import { paymentMessages, type CardHoldRateReply, type Lot, type PaymentMethodReply } from '@gavel/domain';
import { createStore } from '../state/store.ts';
import { ConfirmBidStep } from './ConfirmBidStep.tsx';

/** $100,000 a BTC, no margin: 1,000 sats hold $1.00. */
const BTC_AT_100K: CardHoldRateReply = { btcUsdCents: 10_000_000, ethUsdCents: 200_000, marginPercent: 0 };
const btcLot = { title: 'Rare sat', unit: 'sats' } as Lot;

function confirm(
  amount: string,
  lot: Lot,
  holdRate: CardHoldRateReply | undefined,
  { method, cardJustSaved = false, maximum, leadingMaximum }: { method?: PaymentMethodReply; cardJustSaved?: boolean; maximum?: string; leadingMaximum?: string } = {},
) {
  render(
    <Provider store={createStore()}>
      <ConfirmBidStep
        lot={lot}
        amount={amount}
        maximum={maximum}
        leadingMaximum={leadingMaximum}
        method={method}
        cardJustSaved={cardJustSaved}
        holdRate={holdRate}
        onConfirm={() => {}}
        pending={false}
        error={null}
      />
    </Provider>,
  );
}

describe('ConfirmBidStep on a BTC lot', () => {
  afterEach(cleanup);

  it('shows the USD held on the card next to the bid in sats, rounded up to the cent', () => {
    confirm('20001', btcLot, BTC_AT_100K);
    expect(screen.getByTestId('checkout-bid-amount').textContent).toBe('20,001 sats');
    expect(screen.getByTestId('checkout-hold-amount').textContent).toBe('$20.01');
    expect(screen.getByText(/Confirming places a hold of \$20\.01 on your card/)).toBeTruthy();
    expect((screen.getByTestId('checkout-confirm') as HTMLButtonElement).disabled).toBe(false);
  });

  it('holds the margin above the sats’ value, and says why', () => {
    confirm('20001', btcLot, { ...BTC_AT_100K, marginPercent: 10 });
    // $20.001 plus 10 %: $22.0011, held as $22.01.
    expect(screen.getByTestId('checkout-hold-amount').textContent).toBe('$22.01');
    expect(screen.getByText(/hold of \$22\.01 on your card \(the bid’s USD value at today’s price, plus 10% in case the price moves\)/)).toBeTruthy();
  });

  it('says card bids are paused while the api has no fresh BTC price, and holds nothing', () => {
    confirm('20001', btcLot, { ...BTC_AT_100K, btcUsdCents: null });
    expect(screen.getByTestId('checkout-hold-refusal').textContent).toBe('Card bids on this lot are paused: the BTC price is unavailable. Please try again shortly.');
    expect((screen.getByTestId('checkout-confirm') as HTMLButtonElement).disabled).toBe(true);
  });

  it('waits for the price before confirming, and refuses a hold under $0.50', () => {
    confirm('20001', btcLot, undefined);
    expect(screen.getByTestId('checkout-hold-amount').textContent).toBe('…');
    expect((screen.getByTestId('checkout-confirm') as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    confirm('400', btcLot, BTC_AT_100K);
    expect(screen.getByRole('alert').textContent).toBe('Minimum payment amount is $0.50 USD for card payments.');
    expect((screen.getByTestId('checkout-confirm') as HTMLButtonElement).disabled).toBe(true);
  });

  it('on a saved card: the card and the hold, and no word of a card being ready before anything is bid', () => {
    confirm('12.50', { title: 'Vase', unit: 'USD' } as Lot, undefined, { method: { status: 'verified', brand: 'visa', last4: '4242', error: null } });
    expect(screen.getByTestId('checkout-card').textContent).toBe('Visa •••• 4242');
    expect(screen.queryByTestId('checkout-card-saved')).toBeNull();
    expect(screen.queryByText(/Congratulations/)).toBeNull();
    expect(screen.getByTestId('checkout-confirm').textContent).toBe('CONFIRM YOUR BID');
  });

  it('after adding a card: says it is saved and that the bid is next', () => {
    confirm('12.50', { title: 'Vase', unit: 'USD' } as Lot, undefined, { cardJustSaved: true });
    expect(screen.getByTestId('checkout-card-saved').textContent?.trim()).toBe(paymentMessages.cardSavedBidNext);
  });

  it('holds a USD bid itself, with no separate hold line', () => {
    confirm('12.50', { title: 'Vase', unit: 'USD' } as Lot, undefined);
    expect(screen.queryByTestId('checkout-hold-amount')).toBeNull();
    expect(screen.getByText(/Confirming places a hold of \$12\.50 on your card/)).toBeTruthy();
  });

  it('holds a maximum bid for its maximum, and says only the winning price is taken', () => {
    confirm('12.50', { title: 'Vase', unit: 'USD' } as Lot, undefined, { maximum: '40.00' });
    expect(screen.getByTestId('checkout-bid-amount').textContent).toBe('$12.50');
    expect(screen.getByTestId('checkout-maximum').textContent).toBe('$40.00');
    expect(screen.getByTestId('checkout-hold-amount').textContent).toBe('$40.00');
    expect(screen.getByText(/hold of \$40\.00 on your card\. It is released if you are outbid and taken only if you win, and then only for the price you win at/)).toBeTruthy();
    cleanup();
    confirm('10000', btcLot, BTC_AT_100K, { maximum: '30000' });
    expect(screen.getByTestId('checkout-hold-amount').textContent).toBe('$30.00');
  });

  it('for a leader setting a maximum: says the price stays and the maximum is raised, not a bid one step up', () => {
    const vase = { title: 'Vase', unit: 'USD', currentBid: '230.00' } as Lot;
    confirm('230.00', vase, undefined, { maximum: '300.00' });
    expect(screen.getByText('Price')).toBeTruthy();
    expect(screen.queryByText('Your bid')).toBeNull();
    expect(screen.getByTestId('checkout-bid-amount').textContent).toBe('$230.00');
    expect(screen.getByTestId('checkout-price-stays').textContent).toBe('The price stays at $230.00: you already lead. Your maximum is raised to $300.00.');
    cleanup();
    confirm('230.00', vase, undefined, { maximum: '250.00', leadingMaximum: '400.00' });
    expect(screen.getByTestId('checkout-price-stays').textContent).toBe('The price stays at $230.00: you already lead. Your maximum is lowered to $250.00.');
    cleanup();
    // Anyone else's maximum comes with a bid above the price: no such words.
    confirm('231.00', vase, undefined, { maximum: '300.00' });
    expect(screen.queryByTestId('checkout-price-stays')).toBeNull();
  });
});
