import { describe, expect, it } from 'vitest';
import { progressOf, PROGRESS_STEPS } from './inscription-progress.ts';

const pending = { status: 'pending_payment', confirmations: null };
const unpaid = { paid: false, received: 0, required: 872, confirmations: null };

describe('inscription progress', () => {
  it('waits for the payment, and says when one too small arrived', () => {
    expect(progressOf(pending, unpaid)).toMatchObject({ step: 0, failed: false, detail: 'Waiting for the payment to the address below.' });
    expect(progressOf(pending, { ...unpaid, received: 500 }).detail).toBe('Received 500 of 872 sats: one payment must carry the whole amount.');
  });

  it('moves through payment seen, revealed and confirmed', () => {
    expect(progressOf(pending, { ...unpaid, paid: true, received: 872, confirmations: 0 })).toMatchObject({ step: 1, detail: expect.stringContaining('0 confirmations') });
    expect(PROGRESS_STEPS[progressOf({ status: 'revealed', confirmations: 0 }, undefined).step]).toBe('Revealed');
    expect(PROGRESS_STEPS[progressOf({ status: 'confirmed', confirmations: 1 }, undefined).step]).toBe('Confirmed');
  });

  it('an expired request says not to pay it, unless a late payment was seen', () => {
    const expired = { status: 'expired', confirmations: null };
    expect(progressOf(expired, unpaid)).toMatchObject({ step: 0, failed: true, detail: expect.stringContaining('Do not send anything to its address') });
    expect(progressOf(expired, { ...unpaid, paid: true, received: 872, confirmations: 0 })).toMatchObject({ step: 1, failed: false, detail: expect.stringContaining('still inscribed') });
  });

  it('a refused reveal is shown as failed', () => {
    expect(progressOf({ status: 'failed', confirmations: null }, undefined)).toMatchObject({ failed: true });
  });
});
