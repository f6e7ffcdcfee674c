/** The webhook ledger's rules, with a real signature check and an in-memory ledger. */
import { pino } from 'pino';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { StripeWebhooks } from './webhooks.ts';

const SECRET = 'whsec_unit';
const stripe = new Stripe('sk_test_unit');

function setup() {
  const ledger = new Set<string>();
  const prisma = {
    stripeEvent: {
      findUnique: async ({ where }: { where: { id: string } }) => (ledger.has(where.id) ? { id: where.id } : null),
      createMany: async ({ data }: { data: Array<{ id: string }> }) => {
        for (const row of data) ledger.add(row.id);
        return { count: data.length };
      },
    },
  } as unknown as PrismaClient;
  const webhooks = new StripeWebhooks(stripe, prisma, SECRET, pino({ level: 'silent' }));
  const payload = JSON.stringify({ id: 'evt_unit_1', object: 'event', type: 'setup_intent.succeeded', data: { object: { id: 'seti_1', object: 'setup_intent' } } });
  const deliver = () => webhooks.receive(Buffer.from(payload), stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }));
  return { ledger, webhooks, deliver };
}

describe('StripeWebhooks', () => {
  it('records an event only once its handler succeeded, so a failed one is redelivered and runs again', async () => {
    const { ledger, webhooks, deliver } = setup();
    let calls = 0;
    webhooks.on('setup_intent.succeeded', async () => {
      calls++;
      if (calls === 1) throw new Error('Stripe unreachable');
    });
    await expect(deliver()).rejects.toThrow('Stripe unreachable');
    expect(ledger.size).toBe(0);
    expect(await deliver()).toEqual({ duplicate: false });
    expect(await deliver()).toEqual({ duplicate: true });
    expect(calls).toBe(2);
  });

  it('gives a simultaneous duplicate the first delivery’s outcome, failure included', async () => {
    const { webhooks, deliver } = setup();
    let release!: () => void;
    webhooks.on('setup_intent.succeeded', () => new Promise<void>((_, reject) => (release = () => reject(new Error('boom')))));
    const first = deliver();
    const second = deliver();
    await new Promise((r) => setTimeout(r, 10));
    release();
    await expect(first).rejects.toThrow('boom');
    // Answering the duplicate 200 would let Stripe consider the event delivered.
    await expect(second).rejects.toThrow('boom');
  });

  it('refuses a bad signature before anything runs', async () => {
    const { webhooks } = setup();
    const payload = '{"id":"evt_x","object":"event","type":"x","data":{"object":{}}}';
    await expect(webhooks.receive(Buffer.from(payload), 't=1,v1=00')).rejects.toMatchObject({ kind: 'invalid', code: 'invalid_signature' });
  });

  it('allows one handler per event type', () => {
    const { webhooks } = setup();
    webhooks.on('setup_intent.succeeded', async () => {});
    expect(() => webhooks.on('setup_intent.succeeded', async () => {})).toThrow(/already registered/);
  });
});
