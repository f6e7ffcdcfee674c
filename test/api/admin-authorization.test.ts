/**
 * The admin and settlement authorization matrix: every admin route and every settlement route, called by an
 * anonymous visitor, a ready bidder, the seller of another lot, the seller of this lot and an admin. The
 * expectation comes from the spec's roles, not from the routes: admin routes are for admins; verify
 * payment and the transfer for this lot's seller or an admin; mark paid for admins. "Allowed" means the caller
 * got past the gate (any answer but 401/403); the routes' own answers are tested elsewhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';
import { caller } from '../support/admin-api.ts';

type Caller = 'anonymous' | 'bidder' | 'seller of another lot' | 'seller of this lot' | 'admin';
type Rule = 'admin' | 'seller or admin';
const CALLERS: Caller[] = ['anonymous', 'bidder', 'seller of another lot', 'seller of this lot', 'admin'];
const NONE = '00000000-0000-7000-8000-000000000000';

let stack: TestStack;
let lotId: string;
const tokens = new Map<Caller, string | null>();
const call = caller(() => stack.url);

const adminRoutes: Array<[string, string, unknown?]> = [
  ['GET', '/admin/platform-stats'],
  ['GET', '/admin/auction-stats'],
  ['GET', '/admin/kyc-stats'],
  ['GET', '/admin/users'],
  ['GET', `/admin/users/${NONE}`],
  ['PATCH', `/admin/users/${NONE}/kyc`, {}],
  ['PATCH', `/admin/users/${NONE}/payment-verification`, {}],
  ['GET', '/admin/auction-events'],
  ['GET', `/admin/auction-events/${NONE}`],
  ['POST', '/auction-events', {}],
  ['PUT', `/auction-events/${NONE}`, {}],
  ['POST', `/auction-events/${NONE}/publish`],
  ['DELETE', `/auction-events/${NONE}`],
  ['POST', '/auctions', {}],
  ['POST', '/auctions/create', {}],
  ['POST', `/auctions-v2/${NONE}/lots`, {}],
  ['PUT', `/lots/${NONE}`, {}],
  ['PUT', `/auctions/${NONE}`, {}],
  ['PATCH', `/lots/${NONE}`, {}],
  ['PATCH', `/auctions/${NONE}`, {}],
  ['DELETE', `/lots/${NONE}`],
  ['DELETE', `/auctions/${NONE}`],
  ['POST', `/lots/${NONE}/publish`],
  ['POST', `/auctions/${NONE}/end`],
  ['POST', `/auctions/${NONE}/cancel`],
  ['GET', `/auctions/${NONE}/bids/admin`],
  ['GET', `/admin/auctions/${NONE}/bids`],
  ['GET', '/admin/auctions'],
  ['GET', `/admin/auctions/${NONE}`],
  ['POST', '/auctions/upload-images', {}],
  ['GET', '/cms/admin/pages'],
  ['GET', '/cms/admin/pages/about-us'],
  ['POST', '/cms/admin/pages', {}],
  ['PUT', '/cms/admin/pages/none', {}],
  ['DELETE', '/cms/admin/pages/none'],
  ['GET', '/inscriptions/admin/all'],
  ['GET', '/inscriptions/admin/stats'],
  ['GET', '/admin/whitelist'],
  ['POST', '/admin/whitelist', {}],
  ['PUT', `/admin/whitelist/${NONE}`, {}],
  ['DELETE', `/admin/whitelist/${NONE}`],
  ['GET', '/admin/policies'],
  ['POST', '/admin/policies', {}],
  ['PUT', `/admin/policies/${NONE}`, {}],
  ['DELETE', `/admin/policies/${NONE}`],
  ['POST', `/admin/policies/${NONE}/publish`, {}],
];

function expected(rule: Rule, who: Caller): 401 | 403 | 'allowed' {
  if (who === 'anonymous') return 401;
  if (who === 'admin') return 'allowed';
  if (rule === 'seller or admin' && who === 'seller of this lot') return 'allowed';
  return 403;
}

beforeAll(async () => {
  stack = await startApiForTest({ seed: 'none', env: { RATE_SIGNIN_PER_IP: '10000', RATE_SIGNIN_PER_ACCOUNT: '10000' } });
  const [bidder, otherSeller, seller, admin] = await Promise.all([createUser(stack.db, 'ready'), createUser(stack.db, 'seller'), createUser(stack.db, 'seller'), createUser(stack.db, 'admin')]);
  await createLot(stack.db, { creatorId: otherSeller.id });
  // Open, so the callers who pass the gate get "not ended yet" and nothing is settled by the matrix.
  lotId = (await createLot(stack.db, { creatorId: seller.id })).id;
  tokens.set('anonymous', null);
  for (const [who, user] of [
    ['bidder', bidder],
    ['seller of another lot', otherSeller],
    ['seller of this lot', seller],
    ['admin', admin],
  ] as const) {
    tokens.set(who, await signIn(stack.url, user.email));
  }
});
afterAll(() => stack?.stop());

describe('admin routes: admins only', () => {
  it.each(adminRoutes)('%s %s', async (method, path, body) => {
    for (const who of CALLERS) {
      const res = await call(method, path, tokens.get(who), body);
      const want = expected('admin', who);
      if (want === 'allowed') expect([401, 403], `${who}: ${res.status} ${JSON.stringify(res.body)}`).not.toContain(res.status);
      else expect(res.status, `${who}: ${JSON.stringify(res.body)}`).toBe(want);
    }
  });
});

describe('settlement routes', () => {
  const routes: Array<[string, Rule]> = [
    ['verify-payment', 'seller or admin'],
    ['transfer', 'seller or admin'],
    ['mark-paid', 'admin'],
  ];
  it.each(routes)('POST /auctions/:id/%s (%s)', async (action, rule) => {
    for (const who of CALLERS) {
      const res = await call('POST', `/auctions/${lotId}/${action}`, tokens.get(who), { transferTransactionHash: 'abc' });
      const want = expected(rule, who);
      if (want === 'allowed') expect(res.body.message, who).toBe('This auction has not ended yet');
      else expect(res.status, `${who}: ${JSON.stringify(res.body)}`).toBe(want);
    }
  });
});
