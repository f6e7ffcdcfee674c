import { describe, expect, it } from 'vitest';
import { bitcoinSwapOf } from './schemas/settlement.ts';
import { bitcoinSwapNote } from './won-payment.ts';

const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

describe('where a Bitcoin win’s swap stands, in words', () => {
  it('waits for the seller by a deadline, then counts confirmations', () => {
    const due = '2026-12-02T18:00:00.000Z';
    const waiting = bitcoinSwapOf({ paymentMethod: 'BTC', sellerSignDueAt: due, swapTxid: null, transferred: false });
    expect(bitcoinSwapNote(waiting!, when)).toBe("Waiting for the seller's signature, due 2026-12-02 18:00 UTC");
    const sent = bitcoinSwapOf({ paymentMethod: 'BTC', sellerSignDueAt: due, swapTxid: 'ab'.repeat(32), transferred: false });
    expect(bitcoinSwapNote(sent!, when)).toBe('Sent, 0 of 1 confirmations');
    const confirmed = bitcoinSwapOf({ paymentMethod: 'BTC', sellerSignDueAt: due, swapTxid: 'ab'.repeat(32), transferred: true });
    expect(bitcoinSwapNote(confirmed!, when)).toBe('Sent, 1 of 1 confirmations');
  });

  it('says nothing for lots no signed offer pays, or a purchase voided', () => {
    expect(bitcoinSwapOf({ paymentMethod: 'Manual', sellerSignDueAt: null, transferred: false })).toBeNull();
    expect(bitcoinSwapOf({ paymentMethod: 'BTC', sellerSignDueAt: null, swapTxid: null, transferred: false })).toBeNull();
    expect(bitcoinSwapOf({ paymentMethod: 'BTC', sellerSignDueAt: new Date(), transferred: false, unpaidAt: new Date() })).toBeNull();
  });
});
