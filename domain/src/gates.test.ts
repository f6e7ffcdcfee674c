import { describe, expect, it } from 'vitest';
import { firstFailedGate, gatesLeft } from './gates.ts';
import { messages } from './messages.ts';

const ready = { emailVerified: true, isProfileComplete: true, identityVerified: true, hasValidPaymentMethod: true, termsAccepted: true };

describe('gatesLeft', () => {
  it('lists every check still to pass, in the spec order, with the page for each', () => {
    const left = gatesLeft({ ...ready, isProfileComplete: false, identityVerified: false, termsAccepted: false, kycStatus: 'not_submitted' });
    expect(left).toEqual([
      { gate: 'profileComplete', label: messages.gates.steps.profileComplete, redirect: '/complete-setup' },
      { gate: 'identityVerified', label: messages.gates.steps.identityVerified, redirect: '/identity-verification' },
      { gate: 'termsAccepted', label: messages.gates.steps.termsAccepted, redirect: '/profile' },
    ]);
  });

  it('says an identity check under review waits for the review, with no page to fix it', () => {
    expect(gatesLeft({ ...ready, identityVerified: false, kycStatus: 'pending' })).toEqual([{ gate: 'identityVerified', label: 'Your identity is under review: we will e-mail you', redirect: null }]);
  });

  it('is empty when every check passes, as firstFailedGate agrees', () => {
    expect(gatesLeft(ready)).toEqual([]);
    expect(firstFailedGate(ready)).toBeNull();
  });
});
