/**
 * Holds lapse as at Stripe: an uncaptured manual-capture authorisation is cancelled by Stripe itself once its
 * `capture_before` passes (the stand-in's clock, moved by the test), with `cancellation_reason: automatic` and the
 * `payment_intent.canceled` webhook; a captured or released one is left alone.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from './index.ts';

const DAY = 24 * 3600_000;
let standIn: StripeStandIn;
let stripe: Stripe;

beforeAll(async () => {
  standIn = await startStripeStandIn({ port: 0, log: () => {} });
  stripe = new Stripe(standIn.secretKey, { host: '127.0.0.1', port: standIn.port, protocol: 'http', maxNetworkRetries: 0 });
});

afterAll(() => standIn?.stop());

const hold = (amount = 1_000) => stripe.paymentIntents.create({ amount, currency: 'usd', payment_method: 'pm_card_visa', capture_method: 'manual', confirm: true, expand: ['latest_charge'] });

it('shows when a hold lapses as the charge’s capture_before, 7 days after the authorisation by default', async () => {
  const pi = await hold();
  const charge = pi.latest_charge as Stripe.Charge;
  const captureBefore = charge.payment_method_details!.card!.capture_before!;
  expect(captureBefore - pi.created).toBe(7 * 24 * 3600);
});

it('cancels an uncaptured hold once its time passes (reason automatic, with the webhook event), and leaves the others', async () => {
  const lapsing = await hold();
  const captured = await hold();
  await stripe.paymentIntents.capture(captured.id);
  const released = await hold();
  await stripe.paymentIntents.cancel(released.id);

  expect(standIn.advanceClock(6 * DAY)).toBe(0);
  expect((await stripe.paymentIntents.retrieve(lapsing.id)).status).toBe('requires_capture');
  const later = await hold();

  standIn.advanceClock(DAY + 1_000);
  const lapsed = await stripe.paymentIntents.retrieve(lapsing.id);
  expect(lapsed).toMatchObject({ status: 'canceled', cancellation_reason: 'automatic', amount_capturable: 0 });
  expect(lapsed.canceled_at! - lapsing.created).toBeGreaterThanOrEqual(7 * 24 * 3600);
  const events = standIn.events('payment_intent.canceled').filter((e) => (e.data.object as Stripe.PaymentIntent).id === lapsing.id);
  expect(events).toHaveLength(1);
  expect((events[0]!.data.object as Stripe.PaymentIntent).cancellation_reason).toBe('automatic');
  expect((await stripe.paymentIntents.retrieve(captured.id)).status).toBe('succeeded');
  expect((await stripe.paymentIntents.retrieve(released.id)).cancellation_reason).toBeNull();
  // A hold authorised on day 6 still has its own 7 days.
  expect((await stripe.paymentIntents.retrieve(later.id)).status).toBe('requires_capture');

  // Too late to take the money, as at Stripe.
  const refused = await stripe.paymentIntents.capture(lapsing.id).catch((e: Stripe.errors.StripeError) => e);
  expect(refused).toMatchObject({ code: 'payment_intent_unexpected_state' });
});

it('lets a request find a lapsed hold gone without the clock being moved by a call (a shorter lapse)', async () => {
  const quick = await startStripeStandIn({ port: 0, holdLapseMs: 1_000, log: () => {} });
  try {
    const client = new Stripe(quick.secretKey, { host: '127.0.0.1', port: quick.port, protocol: 'http', maxNetworkRetries: 0 });
    const pi = await client.paymentIntents.create({ amount: 1_000, currency: 'usd', payment_method: 'pm_card_visa', capture_method: 'manual', confirm: true });
    expect((await client.paymentIntents.retrieve(pi.id)).status).toBe('requires_capture');
    // The next request after its time is up finds it cancelled.
    const until = Date.now() + 5_000;
    let status = pi.status;
    while (status === 'requires_capture' && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await client.paymentIntents.retrieve(pi.id)).status;
    }
    expect(status).toBe('canceled');
  } finally {
    await quick.stop();
  }
});
