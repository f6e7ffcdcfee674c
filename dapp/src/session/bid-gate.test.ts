import { describe, expect, it } from 'vitest';
import { messages, type User } from '@gavel/domain';
import { checkBidGate } from './bid-gate.ts';

const ready: User = {
  id: 'u1',
  _id: 'u1',
  email: 'a@b.c',
  emailVerified: true,
  firstName: 'A',
  lastName: 'B',
  name: 'A B',
  phoneNumber: '1',
  country: 'UK',
  city: 'London',
  state: null,
  address: '1 St',
  postCode: 'E1',
  dateOfBirth: '1990-01-01',
  role: 'user',
  title: 'User',
  isProfileComplete: true,
  identityVerified: true,
  kycStatus: 'approved',
  kycReason: null,
  hasValidPaymentMethod: true,
  paymentMethod: { brand: 'visa', last4: '4242' },
  biddingLimit: '0.00',
  unpaidCount: 0,
  termsAccepted: true,
  termsAcceptedAt: '2026-01-01T00:00:00Z',
  biddingFor: 'myself',
  createdAt: '2026-01-01T00:00:00Z',
};

describe('checkBidGate (the checks before bidding, in the spec order)', () => {
  it('lets a ready user bid', () => {
    expect(checkBidGate(ready)).toBeNull();
  });

  it('answers the first failed check, in the spec order, with its message and page', () => {
    expect(checkBidGate(null)).toMatchObject({ message: messages.gates.signIn, redirect: '/signin' });
    const nothingDone = { ...ready, isProfileComplete: false, identityVerified: false, hasValidPaymentMethod: false, termsAccepted: false };
    expect(checkBidGate(nothingDone)).toMatchObject({ message: messages.gates.profile, redirect: '/complete-setup' });
    expect(checkBidGate({ ...nothingDone, isProfileComplete: true })).toMatchObject({ message: messages.gates.identity, redirect: '/identity-verification' });
    expect(checkBidGate({ ...ready, hasValidPaymentMethod: false, termsAccepted: false })).toMatchObject({ message: messages.gates.paymentMethod, redirect: '/payment-details' });
    expect(checkBidGate({ ...ready, termsAccepted: false })).toMatchObject({ message: messages.gates.terms, redirect: '/profile' });
  });

  it('sends an unverified address to its own code page', () => {
    expect(checkBidGate({ ...ready, emailVerified: false })?.redirect).toBe('/verify-email?userId=u1');
  });
});
