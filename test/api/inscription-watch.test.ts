/**
 * Unpaid inscription requests against the Bitcoin stand-in: each user may have only a few waiting for payment,
 * one unpaid past its deadline expires (and a payment arriving a while later is still inscribed), and the
 * watcher looks at the least recently checked first, so a pile of unpaid requests cannot hold up a paid one.
 * No worker runs here: the test drives the watch turns itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { startBitcoinStandIn, type BitcoinStandIn } from '../../scripts/stand-ins/bitcoin/index.ts';
import { devClient, networkOf, TestKey } from '../support/bitcoin-wallet.ts';
import { caller } from '../support/admin-api.ts';
import { watchInscriptions } from '../../api/src/inscriptions/inscriptions.ts';

const net = networkOf('regtest');
const HOUR_MS = 3_600_000;
let btc: BitcoinStandIn;
let stack: TestStack;
let dev: ReturnType<typeof devClient>;
let adminToken: string;
const call = caller(() => stack.url);

async function create(token: string) {
  const form = new FormData();
  form.append('file', new Blob(['gavel'], { type: 'text/plain' }), 'note.txt');
  form.append('destinationAddress', new TestKey('p2tr', net).address);
  form.append('feeRate', '2');
  const res = await fetch(`${stack.url}/inscriptions/create`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: await res.json() };
}

/** A payment to the commit address, mined into a block (one confirmation, as the api is configured to wait for). */
async function payAndMine(address: string, sats: number) {
  const res = await fetch(`${btc.url}/dev/faucet`, { method: 'POST', body: JSON.stringify({ address, sats, mine: false }) });
  expect(res.status).toBe(200);
  await dev.mine(1);
}

/** Time passing for one request: its deadline moved back. */
async function deadlinePassed(id: string, ago: number) {
  await stack.db.prisma.inscription.update({ where: { id }, data: { expiresAt: new Date(Date.now() - ago) } });
}

const statusOf = async (id: string) => (await call('GET', `/inscriptions/status/${id}`)).body.data.status;

beforeAll(async () => {
  btc = await startBitcoinStandIn({ port: 0, network: 'regtest', blockIntervalMs: 0 });
  dev = devClient(btc.url);
  stack = await startApiForTest({
    seed: 'none',
    worker: false,
    env: { BITCOIN_NETWORK: 'regtest', BITCOIN_ESPLORA_URL: btc.esploraUrl, ORD_URL: btc.ordUrl, INSCRIPTION_PAYMENT_CONFIRMATIONS: '1', RATE_SIGNIN_PER_IP: '10000' },
  });
  adminToken = await signIn(stack.url, (await createUser(stack.db, 'admin')).email);
});
afterAll(async () => {
  await stack?.stop();
  await btc?.close();
});

describe('unpaid inscription requests', () => {
  it('a user with 5 requests waiting for payment is refused the next, until one expires', async () => {
    const user = await createUser(stack.db, 'ready');
    const token = await signIn(stack.url, user.email);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const created = await create(token);
      expect(created.status).toBe(201);
      expect(Date.parse(created.body.data.paymentInstructions.expiresAt) - Date.now()).toBeGreaterThan(23 * HOUR_MS);
      ids.push(created.body.data._id);
    }
    const before = await stack.db.prisma.inscription.count();
    expect(await create(token)).toMatchObject({
      status: 409,
      body: {
        code: 'too_many_open_inscriptions',
        message: 'You have 5 inscriptions waiting for payment, the most one account may have at once: pay one, or wait until one expires, before creating another',
      },
    });
    expect(await stack.db.prisma.inscription.count()).toBe(before);

    // Another user is not held back by this one's requests.
    expect((await create(await signIn(stack.url, (await createUser(stack.db, 'ready')).email))).status).toBe(201);

    await deadlinePassed(ids[0]!, 1000);
    await watchInscriptions(stack.services);
    expect(await statusOf(ids[0]!)).toBe('expired');
    expect((await create(token)).status).toBe(201);
  });

  it('expires an unpaid request at its deadline; a payment a while later is still inscribed, a much later one stays on record', async () => {
    const token = await signIn(stack.url, (await createUser(stack.db, 'ready')).email);
    const late = (await create(token)).body.data;
    await deadlinePassed(late._id, 1000);
    await watchInscriptions(stack.services);

    // Expired, as the user's list, the status route and the admin lists say.
    expect(await statusOf(late._id)).toBe('expired');
    expect((await call('GET', '/inscriptions/my', token)).body.data).toMatchObject([{ _id: late._id, status: 'expired' }]);
    const adminList = await call('GET', '/inscriptions/admin/all?status=expired', adminToken);
    expect(adminList.body.data.map((i: { _id: string }) => i._id)).toContain(late._id);
    expect((await call('GET', '/inscriptions/admin/stats', adminToken)).body.data.byStatus.expired).toBeGreaterThanOrEqual(1);

    // Paid after the deadline but within the late-payment window (72 hours): the user's money becomes the inscription.
    await payAndMine(late.paymentInstructions.address, late.paymentInstructions.amount);
    await watchInscriptions(stack.services);
    const revealed = (await call('GET', `/inscriptions/status/${late._id}`)).body.data;
    expect(revealed).toMatchObject({ status: 'revealed', inscriptionId: `${revealed.revealTxid}i0` });

    // Past the window the address is no longer watched, but the payment is still there to see on the request.
    const forgotten = (await create(token)).body.data;
    await deadlinePassed(forgotten._id, 73 * HOUR_MS);
    await watchInscriptions(stack.services);
    expect(await statusOf(forgotten._id)).toBe('expired');
    await payAndMine(forgotten.paymentInstructions.address, forgotten.paymentInstructions.amount);
    await watchInscriptions(stack.services);
    expect(await statusOf(forgotten._id)).toBe('expired');
    expect((await call('GET', `/inscriptions/payment-status/${forgotten._id}`)).body.data).toMatchObject({
      status: 'expired',
      paid: true,
      received: forgotten.paymentInstructions.amount,
      confirmations: 1,
    });
  });

  it('a paid request is revealed within two watch turns though 250 older unpaid ones wait', async () => {
    const createdAt = new Date(Date.now() - HOUR_MS);
    await stack.db.prisma.inscription.createMany({
      data: Array.from({ length: 250 }, () => ({
        walletAddress: new TestKey('p2tr', net).address,
        status: 'pending_payment',
        contentType: 'text/plain',
        feeRate: 2,
        commitAddress: new TestKey('p2tr', net).address,
        commitAmount: 1000n,
        revealFee: 454,
        createdAt,
        expiresAt: new Date(createdAt.getTime() + 24 * HOUR_MS),
      })),
    });
    const paid = (await create(await signIn(stack.url, (await createUser(stack.db, 'ready')).email))).body.data;
    await payAndMine(paid.paymentInstructions.address, paid.paymentInstructions.amount);

    await watchInscriptions(stack.services);
    await watchInscriptions(stack.services);
    expect(await statusOf(paid._id)).toBe('revealed');
    // Every unpaid one was looked at too, and none is expired before its deadline.
    expect(await stack.db.prisma.inscription.count({ where: { createdAt, checkedAt: null } })).toBe(0);
    expect(await stack.db.prisma.inscription.count({ where: { createdAt, status: 'pending_payment' } })).toBe(250);
  });
});
