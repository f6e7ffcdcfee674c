import { describe, expect, it } from 'vitest';
import type { PaymentMethodReply } from '@gavel/domain';
import { SAME_CARD_SETTLE_MS, verificationSettled } from './verification.ts';

const reply = (status: PaymentMethodReply['status'], last4: string | null = null, error: string | null = null): PaymentMethodReply => ({ status, brand: last4 ? 'visa' : null, last4, error });

describe('verificationSettled', () => {
  it('waits while the hold runs', () => {
    expect(verificationSettled(reply('none'), reply('none'), false, 100)).toBe(false);
    expect(verificationSettled(reply('none'), reply('pending', '4242'), true, 100)).toBe(false);
  });

  it('ignores the previous card until the new one is decided', () => {
    const declined = reply('failed', '0002', 'Your card was declined.');
    expect(verificationSettled(declined, declined, false, 500)).toBe(false);
    expect(verificationSettled(declined, reply('verified', '4242'), false, 500)).toBe(true);
  });

  it('accepts an unchanged result after seeing the check, or after a while', () => {
    const same = reply('verified', '4242');
    expect(verificationSettled(same, same, true, 500)).toBe(true);
    expect(verificationSettled(same, same, false, SAME_CARD_SETTLE_MS + 1)).toBe(true);
  });
});
