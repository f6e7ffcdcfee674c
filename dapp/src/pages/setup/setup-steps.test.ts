import { describe, expect, it } from 'vitest';
import type { User } from '@gavel/domain';
import { forgetBidReturn, rememberBidReturn } from '../../session/return-path.ts';
import { afterStepRoute, nextStep, setupSteps } from './setup-steps.ts';

const base: User = {
  id: 'u1',
  _id: 'u1',
  email: 'a@b.c',
  emailVerified: true,
  firstName: 'A',
  lastName: 'B',
  name: 'A B',
  phoneNumber: null,
  country: null,
  city: null,
  state: null,
  address: null,
  postCode: null,
  dateOfBirth: null,
  role: 'user',
  title: 'User',
  isProfileComplete: false,
  identityVerified: false,
  kycStatus: 'not_submitted',
  kycReason: null,
  hasValidPaymentMethod: false,
  paymentMethod: null,
  biddingLimit: '0.00',
  unpaidCount: 0,
  termsAccepted: false,
  termsAcceptedAt: null,
  biddingFor: null,
  createdAt: '2026-01-01T00:00:00Z',
};

describe('setup steps', () => {
  it('starts with basic details', () => {
    expect(setupSteps(base).map((s) => s.state)).toEqual(['todo', 'todo', 'todo', 'todo']);
    expect(afterStepRoute(base)).toBe('/basic-details');
  });

  it('skips an identity check under review and moves on to the card', () => {
    const user = { ...base, isProfileComplete: true, kycStatus: 'pending' as const };
    expect(setupSteps(user)[1]!.state).toBe('pending');
    expect(nextStep(user)?.key).toBe('payment');
  });

  it('waits on the hub when only the review is left, and sends a rejected check back to the form', () => {
    const waiting = { ...base, isProfileComplete: true, kycStatus: 'pending' as const, hasValidPaymentMethod: true, termsAccepted: true };
    expect(afterStepRoute(waiting)).toBe('/complete-setup');
    expect(afterStepRoute({ ...waiting, kycStatus: 'rejected' })).toBe('/identity-verification');
  });

  it('ends on the profile when every step is done', () => {
    const ready = { ...base, isProfileComplete: true, identityVerified: true, kycStatus: 'approved' as const, hasValidPaymentMethod: true, termsAccepted: true };
    expect(setupSteps(ready).every((s) => s.state === 'done')).toBe(true);
    expect(afterStepRoute(ready)).toBe('/profile');
  });

  it('goes back to the lot a check before bidding sent the bidder from, once every step is done', () => {
    const ready = { ...base, isProfileComplete: true, identityVerified: true, kycStatus: 'approved' as const, hasValidPaymentMethod: true, termsAccepted: true };
    rememberBidReturn('/auctions/lot-1?amount=26.00');
    expect(afterStepRoute({ ...ready, termsAccepted: false })).toBe('/profile#terms');
    expect(afterStepRoute(ready)).toBe('/auctions/lot-1?amount=26.00');
    forgetBidReturn();
  });
});
