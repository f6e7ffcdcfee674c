/**
 * The authorization matrix, generated from the api's route table: every route that declares `access` is called
 * signed out (401), by a caller whose role it does not allow (403 forbidden_role), by a caller who fails each
 * of its gates in turn (403 naming that gate), and by a caller who passes them all, who is never refused by the
 * access check and never gets a server error. A new route is in the matrix the moment it is declared.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { GATES, type Gate, type Role } from '@gavel/domain';
import { declareRoutes } from '../../api/src/app.ts';
import { startStripeStandIn } from '../../scripts/stand-ins/stripe/index.ts';
import { startApiForTest } from '../support/stack.ts';
import { createUser, signIn, type UserState } from '../support/users.ts';

// The card routes reach Stripe: with the stand-in up, a 5xx can only be the api's own failure.
const stripe = await startStripeStandIn({ port: 0, log: () => {} });
const stack = await startApiForTest({
  seed: 'none',
  env: { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_PUBLISHABLE_KEY: stripe.publishableKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_BASE: stripe.url },
});
afterAll(async () => {
  await stack.stop();
  await stripe.stop();
});
const declared = declareRoutes(stack.services).accessRules();
const rules = declared.flatMap(({ access, ...route }) => (access ? [{ ...route, access }] : []));

/** The onboarding state that passes every gate before `gate` and fails it (support/users.ts builds them cumulatively). */
const failing: Record<Exclude<Gate, 'signedIn'>, UserState> = {
  emailVerified: 'unverified',
  profileComplete: 'verifiedIncomplete',
  identityVerified: 'profileComplete',
  paymentMethod: 'identityVerified',
  termsAccepted: 'withPaymentMethod',
};
const ROLES: readonly Role[] = ['user', 'seller', 'admin'];

/** A fresh user per call (a call may log them out), with a token minted as sign-in would. */
async function tokenFor(state: UserState, role: Role): Promise<string> {
  const created = await createUser(stack.db, state);
  const user = await stack.db.prisma.user.update({ where: { id: created.id }, data: { role } });
  return stack.services.tokens.sign({ userId: user.id, role: user.role, version: user.tokenVersion });
}

async function call(method: string, path: string, token: string | null): Promise<{ status: number; code?: string }> {
  const url = stack.url + path.replace(/:\w+/g, 'none');
  const res = await fetch(url, {
    method: method.toUpperCase(),
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: method === 'get' ? undefined : '{}',
  });
  const body = (await res.json().catch(() => ({}))) as { code?: string };
  return { status: res.status, code: body.code };
}

describe('authorization matrix, from the route table', () => {
  it('covers every route that declares access, and every admin route declares the admin role', () => {
    expect(rules.length).toBeGreaterThan(90);
    const adminRoutes = declared.filter(({ path }) => path.split('/').includes('admin'));
    expect(adminRoutes.length).toBeGreaterThan(20);
    for (const { method, path, access } of adminRoutes) expect(access?.roles, `${method} ${path}`).toEqual(['admin']);
  });

  for (const { method, path, access } of rules) {
    const route = `${method.toUpperCase()} ${path}`;
    const allowedRole = access.roles?.[0] ?? 'user';
    const gates = GATES.filter((gate): gate is Exclude<Gate, 'signedIn'> => gate !== 'signedIn' && (access.gates ?? []).includes(gate));

    it(`${route} signed out: 401`, async () => {
      expect(await call(method, path, null)).toEqual({ status: 401, code: 'unauthorized' });
    });

    const wrongRole = ROLES.find((role) => access.roles && !access.roles.includes(role));
    if (wrongRole) {
      it(`${route} as a ${wrongRole}: 403`, async () => {
        expect(await call(method, path, await tokenFor('ready', wrongRole))).toEqual({ status: 403, code: 'forbidden_role' });
      });
    }

    for (const gate of gates) {
      it(`${route} failing ${gate}: 403`, async () => {
        expect(await call(method, path, await tokenFor(failing[gate], allowedRole))).toEqual({ status: 403, code: `gate_${gate}` });
      });
    }

    it(`${route} as a ready ${allowedRole}: past the access check, no server error`, async () => {
      const { status, code } = await call(method, path, await tokenFor('ready', allowedRole));
      expect(status, `${route} answered ${status} ${code ?? ''}`).toBeLessThan(500);
      expect(status).not.toBe(401);
      if (status === 403) expect(code).not.toMatch(/^(forbidden_role|gate_)/);
    });
  }
});

describe('bid eligibility', () => {
  it('answers with the first failed check, in the spec order', async () => {
    const gateOf = async (token: string | null) => (await (await fetch(`${stack.url}/auth/bid-eligibility`, { headers: token ? { authorization: `Bearer ${token}` } : {} })).json()) as any;
    expect(await gateOf(null)).toEqual({ eligible: false, gate: 'signedIn', message: 'Please sign in first to continue.', redirect: '/signin' });
    expect((await gateOf(await tokenFor('unverified', 'user'))).gate).toBe('emailVerified');
    expect(await gateOf(await tokenFor('verifiedIncomplete', 'user'))).toMatchObject({ gate: 'profileComplete', message: 'Please complete your profile setup first.', redirect: '/complete-setup' });
    for (const [state, gate, message] of [
      ['profileComplete', 'identityVerified', 'Please verify your identity first.'],
      ['identityVerified', 'paymentMethod', 'Please set up your payment method first.'],
      ['withPaymentMethod', 'termsAccepted', 'Please accept terms and conditions before bidding.'],
    ] as const) {
      const user = await createUser(stack.db, state);
      expect(await gateOf(await signIn(stack.url, user.email))).toMatchObject({ eligible: false, gate, message });
    }
    expect((await gateOf(await tokenFor('ready', 'user'))).eligible).toBe(true);
  });

  it('stops a user without a verified e-mail at that gate, with its message', async () => {
    const res = await fetch(`${stack.url}/identity-verification`, { method: 'POST', headers: { authorization: `Bearer ${await tokenFor('unverified', 'user')}` } });
    expect(await res.json()).toEqual({ message: 'Please verify your email first.', code: 'gate_emailVerified' });
  });
});
