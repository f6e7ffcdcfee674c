/**
 * Stripe writes repeated by a process that never saw the first answer (it crashed, or the reply was lost) make
 * one Stripe object: every write that could make a second one carries an idempotency key named after what it does,
 * and a repeat with the same key gets the first answer back; the few without (payments/intents.ts says why) are
 * refused a second time by Stripe.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refundIntent } from '../../api/src/payments/intents.ts';
import { verifyCardWithHold } from '../../api/src/payments/card-verification.ts';
import { browserCall, testCard, startRecordedStripe, type RecordedStripe } from '../support/card-payments.ts';

let rs: RecordedStripe;
/** The api's client: through the recording proxy, no retries of its own (each repeat below is a new call). */
let api: Stripe;

beforeAll(async () => {
  rs = await startRecordedStripe();
  const proxy = new URL(rs.url);
  api = new Stripe(rs.standIn.secretKey, { host: '127.0.0.1', port: Number(proxy.port), protocol: 'http', maxNetworkRetries: 0 });
});
afterAll(() => rs.stop());

/** A customer with a saved card at the stand-in. */
async function savedCard() {
  const customer = await rs.stripe.customers.create({ email: 'repeat@example.test' });
  const pm = await browserCall(rs, '/v1/payment_methods', testCard('4242424242424242'));
  await rs.stripe.paymentMethods.attach(pm.body.id, { customer: customer.id });
  return { customerId: customer.id, paymentMethodId: pm.body.id as string };
}

const answered = (method: string, p: string) => rs.calls.filter((c) => c.method === method && c.path === p && c.status === 200);

describe('a Stripe write repeated after its answer was lost', () => {
  // Each repeat below is a whole new call, as a restarted process makes it: nothing of the first call is kept.
  it('a refund given again makes one refund: the charge has nothing left to give back, which counts as done', async () => {
    const card = await savedCard();
    const paid = await rs.stripe.paymentIntents.create({ amount: 2500, currency: 'usd', customer: card.customerId, payment_method: card.paymentMethodId, confirm: true, off_session: true });
    expect(paid.status).toBe('succeeded');
    await refundIntent(api, paid.id);
    await refundIntent(api, paid.id);
    const calls = rs.calls.filter((c) => c.method === 'POST' && c.path === '/v1/refunds');
    expect(calls.map((c) => [c.status, c.reply.error?.code ?? c.reply.object])).toEqual([
      [200, 'refund'],
      [400, 'charge_already_refunded'],
    ]);
  });

  it('a card verification asked again makes one hold', async () => {
    const card = await savedCard();
    const what = { userId: 'u-repeat', ...card, setupIntentId: 'seti_repeat' };
    const first = await verifyCardWithHold(api, what);
    const second = await verifyCardWithHold(api, what);
    expect([first.verified, second.verified]).toEqual([true, true]);
    expect(second).toEqual(first);
    expect(rs.createdIntents((c) => c.idempotencyKey === 'card-verification:seti_repeat')).toHaveLength(1);
    expect(
      answered('POST', '/v1/payment_intents')
        .filter((c) => c.idempotencyKey === 'card-verification:seti_repeat')
        .map((c) => c.replayed),
    ).toEqual([false, true]);
  });
});

/** Where in the api a Stripe object is written: resource, verb, and the call's whole text. */
const WRITE = /\.(paymentIntents|setupIntents|customers|refunds|paymentMethods|charges|subscriptions|invoices|sessions)\.(create|confirm|capture|cancel|update)\(/g;
/** No key, by design (payments/intents.ts): a keyed retry would replay a Stripe 500, and Stripe refuses a second one. */
const STATE_GUARDED = new Set(['paymentIntents.capture', 'paymentIntents.cancel', 'refunds.create']);

async function sources(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'generated') out.push(...(await sources(full)));
    else if (entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}

/** The text of the call starting at the opening parenthesis, up to its closing one. */
function callText(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open, i + 1);
  }
  return text.slice(open);
}

describe('the api source', () => {
  it('gives every Stripe write that can make an object an idempotency key', async () => {
    const root = path.resolve(import.meta.dirname, '../../api/src');
    const unkeyed: string[] = [];
    let writes = 0;
    for (const file of await sources(root)) {
      const text = await readFile(file, 'utf8');
      for (const match of text.matchAll(WRITE)) {
        writes++;
        const what = `${match[1]}.${match[2]}`;
        if (STATE_GUARDED.has(what)) continue;
        const call = callText(text, match.index + match[0].length - 1);
        if (!/idempotencyKey/.test(call)) unkeyed.push(`${path.relative(root, file)}: ${what}`);
      }
    }
    expect(writes).toBeGreaterThanOrEqual(10);
    expect(unkeyed).toEqual([]);
  });
});
