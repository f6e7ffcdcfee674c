import { describe, expect, it } from 'vitest';
import { messages, type PaymentMethodReply } from '@gavel/domain';
import { choicesFor } from './PaymentChoiceStep.tsx';

const verified: PaymentMethodReply = { status: 'verified', brand: 'visa', last4: '4242', error: null };
const limit = { limit: '500.00', available: '500.00' };

describe('the payment choices of a bid with a maximum', () => {
  it('on a BTC lot: the card and the Bitcoin wallet (a ladder of offers), which still needs a wallet connected', () => {
    const plain = choicesFor({ paymentMethod: 'BTC' }, verified, 'tb1qwallet');
    expect(plain.bitcoin.block).toBeNull();
    const withMaximum = choicesFor({ paymentMethod: 'BTC' }, verified, 'tb1qwallet', undefined, true);
    expect(withMaximum.bitcoin.block).toBeNull();
    expect(withMaximum.bitcoin.detail).toContain('an offer for each step up to your maximum');
    expect(choicesFor({ paymentMethod: 'BTC' }, verified, null, undefined, true).bitcoin.block).toBe(messages.bids.walletRequired);
    expect(withMaximum.stripe.block).toBeNull();
    expect(withMaximum.card.block).toBeNull();
  });

  it('on a USD lot: pay-later too, saying the maximum counts in full', () => {
    const choices = choicesFor({ paymentMethod: 'Manual' }, verified, null, limit, true);
    expect(choices['pay-later'].block).toBeNull();
    expect(choices['pay-later'].detail).toContain('your maximum counting in full');
  });
});
