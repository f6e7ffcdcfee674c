/**
 * The routes limited per user and per address: past the limit each answers 429 with its own message, a
 * Retry-After header, and nothing done. The api trusts one proxy hop here, so each test speaks from its own
 * address through X-Forwarded-For.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '../../scripts/stand-ins/stripe/index.ts';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn, type UserState } from '../support/users.ts';
import { createLot } from '../support/lots.ts';

let stack: TestStack;
let standIn: StripeStandIn;
const WEBHOOK_SECRET = 'whsec_rate_limits_test';
const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

type Reply = { status: number; body: any; retryAfter: string | null };
let nextAddress = 0;
/** A client address of its own, so one test's counts never reach another's. */
const freshAddress = () => `203.0.113.${++nextAddress}`;

async function call(address: string, method: string, route: string, opts: { token?: string; json?: unknown; form?: FormData } = {}): Promise<Reply> {
  const headers: Record<string, string> = { 'x-forwarded-for': address };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(stack.url + route, { method, headers, body: opts.form ?? (opts.json === undefined ? undefined : JSON.stringify(opts.json)) });
  const text = await res.text();
  return { status: res.status, body: text.startsWith('{') ? JSON.parse(text) : text, retryAfter: res.headers.get('retry-after') };
}

async function user(state: UserState) {
  const row = await createUser(stack.db, state);
  return { user: row, token: await signIn(stack.url, row.email) };
}

/** A bidder whose USD bids need no card: an admin granted them a pay-later limit. */
async function bidder() {
  const made = await user('ready');
  await stack.db.prisma.user.update({ where: { id: made.user.id }, data: { biddingLimit: 1_000_000 } });
  return made;
}

/** A 429 saying, in words and in the header, to retry within the minute the limit counts over. */
function expectRefused(reply: Reply, message: RegExp) {
  expect(reply.status).toBe(429);
  expect(reply.body).toMatchObject({ code: 'rate_limited' });
  expect(reply.body.message).toMatch(message);
  const seconds = Number(reply.retryAfter);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(60);
  expect(reply.body.message).toContain(`${seconds} second`);
}

function imageForm(field: string) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(png)], { type: 'image/png' }), 'picture.png');
  return form;
}

beforeAll(async () => {
  standIn = await startStripeStandIn({ port: 0, webhookSecret: WEBHOOK_SECRET, log: () => {} });
  stack = await startApiForTest({
    seed: 'none',
    env: {
      TRUSTED_PROXY_HOPS: '1',
      STRIPE_SECRET_KEY: standIn.secretKey,
      STRIPE_PUBLISHABLE_KEY: standIn.publishableKey,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: standIn.url,
      RATE_SIGNIN_PER_IP: '10000',
      RATE_SIGNIN_PER_ACCOUNT: '10000',
      RATE_BIDS_PER_USER: '2',
      RATE_BIDS_PER_IP: '4',
      RATE_CARD_SETUP_PER_USER: '2',
      RATE_UPLOADS_PER_USER: '2',
      RATE_WALLET_CONNECT_PER_USER: '2',
      RATE_INSCRIPTIONS_PER_USER: '1',
      RATE_SUBSCRIBE_PER_IP: '2',
      RATE_UNSUBSCRIBE_PER_IP: '2',
      RATE_EVENTS_PER_USER: '2',
      RATE_EVENTS_PER_IP: '3',
      RATE_LOOKUPS_PER_IP: '2',
      RATE_PAYMENTS_PER_USER: '1',
      RATE_PASSWORD_CHANGE_PER_USER: '2',
    },
  });
});
afterAll(async () => {
  await stack?.stop();
  await standIn?.stop();
});

describe('bids', () => {
  const bid = (address: string, token: string, lotId: string, amount: number) => call(address, 'POST', `/auctions/${lotId}/bids`, { token, json: { amount } });

  it("refuses a user's bids past the limit, writing no bid; finalize and eth-bids share the limit", async () => {
    const address = freshAddress();
    const lot = await createLot(stack.db, { startingBid: 1000n });
    const { token } = await bidder();
    expect((await bid(address, token, lot.id, 10)).status).toBe(201);
    expect((await bid(address, token, lot.id, 11)).status).toBe(201);
    const refused = await bid(address, token, lot.id, 12);
    expectRefused(refused, /^You are bidding too fast\. Please try again in \d+ seconds?\.$/);
    expect(await stack.db.prisma.bid.count({ where: { lotId: lot.id } })).toBe(2);
    expect((await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } })).currentPrice.toString()).toBe('1100');
    expectRefused(await call(address, 'POST', `/auctions/${lot.id}/finalize`, { token, json: {} }), /^You are bidding too fast/);
    expectRefused(await call(address, 'POST', `/auctions/${lot.id}/eth-bids`, { token, json: {} }), /^You are bidding too fast/);
  });

  it('counts every one of many bids arriving together: as many pass as the limit allows, the rest are refused', async () => {
    const address = freshAddress();
    const lots = await Promise.all(Array.from({ length: 5 }, () => createLot(stack.db, { startingBid: 1000n })));
    const { user: who, token } = await bidder();
    const replies = await Promise.all(lots.map((lot) => bid(address, token, lot.id, 10)));
    expect(replies.map((r) => r.status).sort()).toEqual([201, 201, 429, 429, 429]);
    for (const refused of replies.filter((r) => r.status === 429)) expectRefused(refused, /^You are bidding too fast/);
    expect(await stack.db.prisma.bid.count({ where: { userId: who.id } })).toBe(2);
  });

  it("refuses every user's bids once their shared address is past its limit", async () => {
    const address = freshAddress();
    const lot = await createLot(stack.db, { startingBid: 1000n });
    const [a, b, c] = [await bidder(), await bidder(), await bidder()];
    let amount = 10;
    for (const { token } of [a, a, b, b]) expect((await bid(address, token, lot.id, amount++)).status).toBe(201);
    expectRefused(await bid(address, c.token, lot.id, amount), /^You are bidding too fast/);
    expect(await stack.db.prisma.bid.count({ where: { lotId: lot.id, userId: c.user.id } })).toBe(0);
    // The same user from another address is limited only by their own count.
    expect((await bid(freshAddress(), c.token, lot.id, amount)).status).toBe(201);
  });
});

describe('card setup', () => {
  it('refuses a third setup intent within the minute, asking nothing of the card provider', async () => {
    const address = freshAddress();
    const { user: row, token } = await user('verifiedIncomplete');
    expect((await call(address, 'POST', '/payment/setup-intent', { token })).status).toBe(200);
    expect((await call(address, 'POST', '/payment/setup-intent', { token })).status).toBe(200);
    const customer = (await stack.db.prisma.user.findUniqueOrThrow({ where: { id: row.id } })).stripeCustomerId;
    expectRefused(await call(address, 'POST', '/payment/setup-intent', { token }), /^Too many attempts to add a card\. Please try again in/);
    expect((await stack.db.prisma.user.findUniqueOrThrow({ where: { id: row.id } })).stripeCustomerId).toBe(customer);
  });
});

describe('uploads', () => {
  it('refuses an admin’s third image upload and stores nothing', async () => {
    const address = freshAddress();
    const { token } = await user('admin');
    expect((await call(address, 'POST', '/auctions/upload-images', { token, form: imageForm('file') })).status).toBe(201);
    expect((await call(address, 'POST', '/auctions/upload-images', { token, form: imageForm('file') })).status).toBe(201);
    const stored = await readdir(stack.services.config.storage.dir, { recursive: true });
    const different = new FormData();
    different.append('file', new Blob([new Uint8Array([...png, 1, 2, 3])], { type: 'image/png' }), 'other.png');
    expectRefused(await call(address, 'POST', '/auctions/upload-images', { token, form: different }), /^Too many uploads\. Please try again in/);
    expect(await readdir(stack.services.config.storage.dir, { recursive: true })).toEqual(stored);
  });

  it('counts identity documents as uploads, and stores no document past the limit', async () => {
    const address = freshAddress();
    const { user: row, token } = await user('profileComplete');
    const identityForm = () => {
      const form = imageForm('document');
      for (const [k, v] of Object.entries({ legalName: 'Ana Lee', dateOfBirth: '1990-05-04', country: 'United Kingdom', documentType: 'passport', documentNumber: 'P1234567' })) form.append(k, v);
      return form;
    };
    expect((await call(address, 'POST', '/identity-verification', { token, form: identityForm() })).status).toBe(201);
    expect((await call(address, 'POST', '/identity-verification', { token, form: identityForm() })).status).toBe(409);
    const documents = path.join(stack.services.config.dataDir, 'private', 'identity');
    const stored = await readdir(documents, { recursive: true });
    expectRefused(await call(address, 'POST', '/identity-verification', { token, form: identityForm() }), /^Too many uploads/);
    expect(await stack.db.prisma.identityVerification.count({ where: { userId: row.id } })).toBe(1);
    expect(await readdir(documents, { recursive: true })).toEqual(stored);
  });
});

describe('wallet connect', () => {
  it('refuses a third challenge, and the verify step, linking nothing', async () => {
    const address = freshAddress();
    const { user: row, token } = await user('verifiedIncomplete');
    const connect = { walletAddress: '0x1111111111111111111111111111111111111111', walletType: 'evm', walletName: 'MetaMask' };
    const first = await call(address, 'POST', '/wallet/connect', { token, json: connect });
    expect(first.status).toBe(200);
    expect((await call(address, 'POST', '/wallet/connect', { token, json: connect })).status).toBe(200);
    expectRefused(await call(address, 'POST', '/wallet/connect', { token, json: connect }), /^Too many wallet connection attempts\. Please try again in/);
    const verify = { walletAddress: connect.walletAddress, walletType: 'evm', message: first.body.data.message, signature: `0x${'11'.repeat(65)}` };
    expectRefused(await call(address, 'POST', '/wallet/verify', { token, json: verify }), /^Too many wallet connection attempts/);
    expect(await stack.db.prisma.wallet.count({ where: { userId: row.id } })).toBe(0);
  });
});

describe('inscription requests', () => {
  it('refuses a second request within the minute and records none', async () => {
    const address = freshAddress();
    const { user: row, token } = await user('verifiedIncomplete');
    const request = () => {
      const form = new FormData();
      form.append('file', new Blob(['hello, ordinals'], { type: 'text/plain' }), 'note.txt');
      form.append('destinationAddress', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx');
      form.append('feeRate', '2');
      return call(address, 'POST', '/inscriptions/create', { token, form });
    };
    expect((await request()).status).toBe(201);
    expectRefused(await request(), /^Too many inscription requests\. Please try again in/);
    expect(await stack.db.prisma.inscription.count({ where: { userId: row.id } })).toBe(1);
  });
});

describe('newsletter', () => {
  it('refuses a third subscription from one address and records none', async () => {
    const address = freshAddress();
    const subscribe = (email: string) => call(address, 'POST', '/subscriptions/subscribe', { json: { email, firstName: 'Ana', lastName: 'Lee' } });
    expect((await subscribe('one@rate.test')).status).toBe(201);
    expect((await subscribe('two@rate.test')).status).toBe(201);
    expectRefused(await subscribe('three@rate.test'), /^Too many subscription attempts\. Please try again in/);
    expect(await stack.db.prisma.newsletterSubscription.count({ where: { email: 'three@rate.test' } })).toBe(0);
  });
});

describe('unsubscribe links', () => {
  it('refuses a third confirmation from one address, whatever the tokens', async () => {
    const address = freshAddress();
    const unsubscribe = (token: string) => call(address, 'POST', '/notifications/unsubscribe', { json: { token } });
    expect((await unsubscribe('outbid.nobody.forged')).status).toBe(400);
    expect((await unsubscribe('outbid.nobody.forged-again')).status).toBe(400);
    expectRefused(await unsubscribe('outbid.nobody.forged-a-third-time'), /^Too many unsubscribe attempts\. Please try again in/);
  });
});

describe('event stream', () => {
  it('refuses stream connections from one address past the limit', async () => {
    const address = freshAddress();
    for (let i = 0; i < 3; i++) {
      const controller = new AbortController();
      const res = await fetch(`${stack.url}/events?lot=any`, { headers: { 'x-forwarded-for': address }, signal: controller.signal });
      expect(res.status).toBe(200);
      controller.abort();
    }
    expectRefused(await call(address, 'GET', '/events?lot=any'), /^Too many live update connections\. Please try again in/);
  });

  it("refuses a user's tickets past the limit", async () => {
    const { token } = await user('verifiedIncomplete');
    const address = freshAddress();
    expect((await call(address, 'POST', '/events/ticket', { token })).status).toBe(200);
    expect((await call(freshAddress(), 'POST', '/events/ticket', { token })).status).toBe(200);
    expectRefused(await call(freshAddress(), 'POST', '/events/ticket', { token }), /^Too many live update connections/);
  });
});

describe('routes that ask a paid outside service', () => {
  it('refuses a signed-out address its third lookup within the minute, whichever route and id it asks', async () => {
    const address = freshAddress();
    expect((await call(address, 'GET', '/inscriptions/payment-status/no-such-id')).status).toBe(404);
    expect((await call(address, 'GET', '/inscriptions/no-such-id')).status).toBe(404);
    expectRefused(await call(address, 'POST', '/inscriptions/validate-ownership', { json: { inscriptionId: `${'a'.repeat(64)}i0`, walletAddress: 'tb1qexample' } }), /^Too many lookups\./);
    expectRefused(await call(address, 'GET', '/inscriptions/payment-status/no-such-id'), /^Too many lookups\./);
  });

  it("refuses a user's second card payment within the minute, before the payment provider is asked", async () => {
    const address = freshAddress();
    const { token } = await user('ready');
    expect((await call(address, 'POST', '/nfts/card-mint', { token, json: { metadataUrl: 'ipfs://bafy' } })).status).not.toBe(429);
    expectRefused(await call(freshAddress(), 'POST', '/nfts/card-mint', { token, json: { metadataUrl: 'ipfs://bafy' } }), /^Too many payment attempts\./);
    expectRefused(await call(freshAddress(), 'POST', '/payment/buy-now-intent', { token, json: { amount: '1.00', auctionId: 'x' } }), /^Too many payment attempts\./);
  });
});

describe('password changes', () => {
  it('refuses a third attempt within the minute, even with the right password', async () => {
    const address = freshAddress();
    const { token } = await user('ready');
    const change = (currentPassword: string) => call(address, 'PATCH', '/auth/change-password', { token, json: { currentPassword, newPassword: 'N3w-passw0rd!x' } });
    expect((await change('wrong-guess-1')).status).toBe(400);
    expect((await change('wrong-guess-2')).status).toBe(400);
    expectRefused(await change('Passw0rd!test'), /^Too many password changes\./);
  });
});

describe('the published contract', () => {
  it('documents the 429 and its Retry-After on every limited route', async () => {
    const openapi = (await call(freshAddress(), 'GET', '/openapi.json')).body;
    const limited: Array<[string, string]> = [
      ['/auctions/{id}/bids', 'post'],
      ['/auctions/{id}/finalize', 'post'],
      ['/auctions/{id}/eth-bids', 'post'],
      ['/payment/setup-intent', 'post'],
      ['/auctions/upload-images', 'post'],
      ['/identity-verification', 'post'],
      ['/wallet/connect', 'post'],
      ['/wallet/verify', 'post'],
      ['/inscriptions/create', 'post'],
      ['/subscriptions/subscribe', 'post'],
      ['/support/requests', 'post'],
      ['/notifications/unsubscribe', 'post'],
      ['/events/ticket', 'post'],
      ['/auth/change-password', 'patch'],
      ['/inscriptions/payment-status/{id}', 'get'],
      ['/inscriptions/{id}', 'get'],
      ['/inscriptions/{id}/status', 'get'],
      ['/inscriptions/details/{id}', 'get'],
      ['/inscriptions/status/{id}', 'get'],
      ['/inscriptions/validate-ownership', 'post'],
      ['/inscriptions/sync-wallet-inscriptions', 'post'],
      ['/nfts/card-mint', 'post'],
      ['/nfts', 'post'],
      ['/nfts/{id}', 'get'],
      ['/nfts/{id}', 'patch'],
      ['/nfts/{id}', 'delete'],
      ['/nfts/token/{contract}/{tokenId}', 'get'],
      ['/nfts/token/{contract}/{tokenId}', 'patch'],
      ['/payment/buy-now-intent', 'post'],
      ['/auctions/{id}/buy-now', 'post'],
      ['/auctions/{id}/buy-now/offer', 'post'],
      ['/cart/checkout', 'post'],
      ['/cart/pay-held', 'post'],
      ['/second-chance-offers/{id}/accept', 'post'],
      ['/wallet/balance/{address}', 'get'],
      ['/evm-withdrawals', 'post'],
      ['/evm-withdrawals/{txHash}', 'get'],
      ['/lots/{id}/chain-auction', 'post'],
      ['/psbt/state/{id}', 'get'],
      ['/psbt/transaction/{id}', 'get'],
      ['/psbt/seller-sign', 'post'],
      ['/psbt/create-complete-psbt', 'post'],
      ['/psbt/create', 'post'],
      ['/psbt/create-winner-psbt-template', 'post'],
      ['/psbt/create-winner-psbt', 'post'],
      ['/psbt/add-winner-inputs', 'post'],
      ['/psbt/add-outputs', 'post'],
      ['/psbt/validate-for-winner', 'post'],
      ['/auctions/{id}/transfer', 'post'],
    ];
    for (const [route, method] of limited) expect(openapi.paths[route]?.[method]?.responses['429']?.headers, `${method} ${route}`).toHaveProperty('Retry-After');
  });
});
