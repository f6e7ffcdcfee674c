/**
 * The authorization matrix: every route that needs a user, called by each kind of caller. The expected
 * outcome comes from the spec's gate order, not from the routes, so a route that forgets a gate fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn, type UserState } from '../support/users.ts';

let stack: TestStack;
const tokens = new Map<string, string | null>();

const callers: Array<[string, UserState | null]> = [
  ['anonymous', null],
  ['unverified', 'unverified'],
  ['verifiedIncomplete', 'verifiedIncomplete'],
  ['ready bidder', 'ready'],
  ['seller', 'seller'],
  ['admin', 'admin'],
];

type Rule = 'signedIn' | 'emailVerified' | 'bidder' | 'admin';
const routes: Array<{ method: string; path: string; rule: Rule; body?: unknown }> = [
  { method: 'GET', path: '/auth/me', rule: 'signedIn' },
  { method: 'POST', path: '/auth/update-profile', rule: 'signedIn', body: {} },
  { method: 'POST', path: '/auth/accept-terms', rule: 'signedIn', body: {} },
  { method: 'PATCH', path: '/auth/change-password', rule: 'signedIn', body: {} },
  { method: 'GET', path: '/identity-verification', rule: 'signedIn' },
  { method: 'POST', path: '/identity-verification', rule: 'emailVerified' },
  { method: 'POST', path: '/payment/setup-intent', rule: 'emailVerified' },
  { method: 'GET', path: '/payment/method', rule: 'signedIn' },
  { method: 'GET', path: '/auctions/bids/me', rule: 'signedIn' },
  { method: 'DELETE', path: '/auctions/bids/none', rule: 'signedIn', body: {} },
  { method: 'POST', path: '/auctions/none/bids', rule: 'bidder', body: { amount: 1 } },
  { method: 'POST', path: '/auctions-v2/lots/none/bids', rule: 'bidder', body: { amount: 1 } },
  { method: 'GET', path: '/admin/users', rule: 'admin' },
  { method: 'GET', path: '/admin/users/x', rule: 'admin' },
  { method: 'PATCH', path: '/admin/users/x/kyc', rule: 'admin', body: {} },
  { method: 'PATCH', path: '/admin/users/x/payment-verification', rule: 'admin', body: {} },
];

/** What the spec says each caller gets: 401 signed out, 403 failing a gate or role, else past the gate. */
function expected(rule: Rule, caller: UserState | null): number | 'allowed' {
  if (!caller) return 401;
  if (rule === 'emailVerified' && caller === 'unverified') return 403;
  // Bidding needs every check; of these callers only the ready bidder, the seller and the admin pass them all.
  if (rule === 'bidder' && (caller === 'unverified' || caller === 'verifiedIncomplete')) return 403;
  if (rule === 'admin' && caller !== 'admin') return 403;
  return 'allowed';
}

beforeAll(async () => {
  stack = await startApiForTest({ seed: 'none' });
  for (const [name, state] of callers) {
    if (!state) {
      tokens.set(name, null);
      continue;
    }
    // Unverified users cannot sign in, so theirs is a token from before the address lost its verification.
    const user = await createUser(stack.db, state === 'unverified' ? 'verifiedIncomplete' : state);
    tokens.set(name, await signIn(stack.url, user.email));
    if (state === 'unverified') await stack.db.prisma.user.update({ where: { id: user.id }, data: { emailVerified: false } });
  }
});
afterAll(() => stack?.stop());

describe('authorization matrix', () => {
  for (const route of routes) {
    for (const [name, state] of callers) {
      const want = expected(route.rule, state);
      it(`${route.method} ${route.path} as ${name}: ${want}`, async () => {
        const token = tokens.get(name);
        const res = await fetch(stack.url + route.path, {
          method: route.method,
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: route.body === undefined ? undefined : JSON.stringify(route.body),
        });
        if (want === 'allowed') expect([401, 403]).not.toContain(res.status);
        else expect(res.status).toBe(want);
      });
    }
  }

  it('answers bid eligibility with the first failed check, in the spec order', async () => {
    const gateOf = async (token: string | null | undefined) =>
      (await (await fetch(`${stack.url}/auth/bid-eligibility`, { headers: token ? { authorization: `Bearer ${token}` } : {} })).json()) as any;
    expect(await gateOf(null)).toEqual({ eligible: false, gate: 'signedIn', message: 'Please sign in first to continue.', redirect: '/signin' });
    expect((await gateOf(tokens.get('unverified'))).gate).toBe('emailVerified');
    expect(await gateOf(tokens.get('verifiedIncomplete'))).toMatchObject({ gate: 'profileComplete', message: 'Please complete your profile setup first.', redirect: '/complete-setup' });
    for (const [state, gate, message] of [
      ['profileComplete', 'identityVerified', 'Please verify your identity first.'],
      ['identityVerified', 'paymentMethod', 'Please set up your payment method first.'],
      ['withPaymentMethod', 'termsAccepted', 'Please accept terms and conditions before bidding.'],
    ] as const) {
      const user = await createUser(stack.db, state);
      expect(await gateOf(await signIn(stack.url, user.email))).toMatchObject({ eligible: false, gate, message });
    }
    expect((await gateOf(tokens.get('ready bidder'))).eligible).toBe(true);
  });

  it('stops a user without a verified e-mail at that gate, with its message', async () => {
    const res = await fetch(`${stack.url}/identity-verification`, { method: 'POST', headers: { authorization: `Bearer ${tokens.get('unverified')}` } });
    expect(await res.json()).toEqual({ message: 'Please verify your email first.', code: 'gate_emailVerified' });
  });
});
