/**
 * Card mints whose charge must be given back, on an api whose relayer cannot send (no chain answers, no key): the
 * refund needs only Stripe, so the worker makes it anyway; a paid mint waiting to be minted waits for the relayer.
 * The real api and worker on PostgreSQL + Redis, the Stripe stand-in behind a recording proxy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { startRecordedStripe, userWithCard, type RecordedStripe } from '../support/card-payments.ts';
import { eventually } from '../support/eventually.ts';

let rs: RecordedStripe;
let stack: TestStack;

beforeAll(async () => {
  rs = await startRecordedStripe();
  // Nothing listens on port 1: no chain, so no relayer key either.
  stack = await startApiForTest({ seed: 'none', worker: true, env: { ...rs.env(), RPC_URL: 'http://127.0.0.1:1', RELAYER_SWEEP_MS: '100' } });
});

afterAll(async () => {
  await stack?.stop();
  await rs?.stop();
});

describe('card mints while the relayer cannot send', () => {
  it('gives back the charge of a mint that will not be made and of one a crashed request left, and leaves a paid mint waiting', async () => {
    expect(stack.services.relayer.enabled).toBe(false);
    const buyer = await userWithCard(stack.db, rs);
    const user = await stack.db.prisma.user.findUniqueOrThrow({ where: { id: buyer.id } });
    const charge = () =>
      rs.stripe.paymentIntents.create({ amount: 700, currency: 'usd', customer: user.stripeCustomerId!, payment_method: user.stripePaymentMethodId!, confirm: true, off_session: true });
    const [refused, crashed, paid] = [await charge(), await charge(), await charge()];
    const mint = (paymentIntentId: string, status: 'refunding' | 'charging' | 'queued', minutesAgo = 0) =>
      stack.db.prisma.cardMint.create({
        data: {
          userId: buyer.id,
          toAddress: '0x'.padEnd(42, '1'),
          metadataUrl: 'ipfs://card-mint',
          priceWei: '1',
          cents: 700,
          paymentIntentId,
          status,
          updatedAt: new Date(Date.now() - minutesAgo * 60_000),
        },
      });
    const toGiveBack = [await mint(refused.id, 'refunding'), await mint(crashed.id, 'charging', 10)];
    const waiting = await mint(paid.id, 'queued');

    for (const row of toGiveBack)
      await eventually(async () => (await stack.db.prisma.cardMint.findUniqueOrThrow({ where: { id: row.id } })).status === 'failed', { timeoutMs: 15_000, what: 'the charge given back' });
    const refunds = (id: string) => rs.calls.filter((c) => c.path === '/v1/refunds' && c.params.get('payment_intent') === id).map((c) => [c.status, c.reply.amount]);
    expect(refunds(refused.id)).toEqual([[200, 700]]);
    expect(refunds(crashed.id)).toEqual([[200, 700]]);
    // The sweep that gave those back passed over the paid mint: it is the relayer's to make when it can send.
    expect((await stack.db.prisma.cardMint.findUniqueOrThrow({ where: { id: waiting.id } })).status).toBe('queued');
    expect(refunds(paid.id)).toEqual([]);
  });

  it('a mint row written without its status is charging, never paid (the relayer mints only queued ones)', async () => {
    const buyer = await userWithCard(stack.db, rs);
    const row = await stack.db.prisma.cardMint.create({
      data: { userId: buyer.id, toAddress: '0x'.padEnd(42, '2'), metadataUrl: 'ipfs://card-mint', priceWei: '1', cents: 700, paymentIntentId: 'pi_never_confirmed' },
    });
    expect(row.status).toBe('charging');
  });
});
