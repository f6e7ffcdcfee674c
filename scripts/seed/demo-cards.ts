/**
 * The demo bidders' saved cards for `npm start`. The Stripe stand-in keeps everything in memory and starts
 * empty, so each start saves a card for every ready demo bidder at the stand-in, through the official SDK, the
 * way a bidder's own setup does: a customer, a SetupIntent confirmed with Stripe's Visa test card (the
 * browser's part, `pm_card_visa`), and the $1 verification hold the api places and releases
 * (api/src/payments/card-verification.ts). The ids, brand and last 4 go on the user, who is then verified:
 * GET /payment/method says so, the card modal offers the card and card bids hold on it.
 *
 * With Stripe's own keys nothing is seeded (scripts/start.ts says so in its log): a card the demo made at the
 * stand-in would mean nothing there, so the bidders' stand-in cards are forgotten and they add one themselves.
 */
import Stripe from 'stripe';
import type { Services } from '../../api/src/services.ts';
import { verifyCardWithHold } from '../../api/src/payments/card-verification.ts';
import { demoAccounts } from './accounts.ts';

/** Stripe's test PaymentMethod for 4242 4242 4242 4242 (a fresh Visa card each time it is used). */
const DEMO_CARD = 'pm_card_visa';

export interface SavedDemoCard {
  email: string;
  brand: string;
  last4: string;
}

const demoBidders = () => demoAccounts.filter((a) => a.role === 'user').map((a) => a.email);

/** Saves and verifies a card at the stand-in (reached at 127.0.0.1:`port` with its secret key) for each demo bidder. */
export async function seedDemoCards(services: Services, standIn: { port: number; secretKey: string }): Promise<SavedDemoCard[]> {
  const { prisma } = services.db;
  const stripe = new Stripe(standIn.secretKey, { host: '127.0.0.1', port: standIn.port, protocol: 'http', maxNetworkRetries: 0 });
  const saved: SavedDemoCard[] = [];
  for (const email of demoBidders()) {
    const user = await prisma.user.findUnique({ where: { email }, select: { id: true, name: true } });
    if (!user) continue;
    const customer = await stripe.customers.create({ email, name: user.name ?? undefined, metadata: { userId: user.id } });
    const setup = await stripe.setupIntents.create({
      customer: customer.id,
      payment_method: DEMO_CARD,
      confirm: true,
      usage: 'off_session',
      allowed_payment_method_types: ['card'],
      metadata: { userId: user.id },
    });
    if (setup.status !== 'succeeded') throw new Error(`the demo card of ${email} was not saved: setup ${setup.status}`);
    const card = await stripe.paymentMethods.retrieve(String(setup.payment_method));
    const check = await verifyCardWithHold(stripe, { userId: user.id, customerId: customer.id, paymentMethodId: card.id, setupIntentId: setup.id });
    if (!check.verified) throw new Error(`the demo card of ${email} was not verified: ${check.message}`);
    await prisma.user.update({
      where: { id: user.id },
      data: {
        stripeCustomerId: customer.id,
        stripeSetupIntentId: setup.id,
        stripePaymentMethodId: card.id,
        paymentMethodBrand: card.card?.brand ?? null,
        paymentMethodLast4: card.card?.last4 ?? null,
        paymentSetupStatus: 'verified',
        paymentSetupError: null,
        hasValidPaymentMethod: true,
        paymentMethodVerified: true,
      },
    });
    saved.push({ email, brand: card.card?.brand ?? 'card', last4: card.card?.last4 ?? '' });
  }
  return saved;
}

/**
 * With Stripe's own keys: the demo bidders keep no card the stand-in saved on an earlier start (Stripe does not
 * know it), so what the profile says is what a bid finds. Returns the e-mails whose card was forgotten.
 */
export async function forgetDemoStandInCards(services: Services): Promise<string[]> {
  const { prisma } = services.db;
  const forgotten: string[] = [];
  for (const email of demoBidders()) {
    const user = await prisma.user.findUnique({ where: { email }, select: { id: true, stripePaymentMethodId: true, paymentSetupStatus: true, hasValidPaymentMethod: true } });
    if (!user || (user.paymentSetupStatus === 'none' && !user.hasValidPaymentMethod)) continue;
    if (user.stripePaymentMethodId && (await knownToStripe(services.payments.stripe, user.stripePaymentMethodId))) continue;
    await prisma.user.update({
      where: { id: user.id },
      data: {
        stripeCustomerId: null,
        stripeSetupIntentId: null,
        stripePaymentMethodId: null,
        paymentMethodBrand: null,
        paymentMethodLast4: null,
        paymentSetupStatus: 'none',
        paymentSetupError: null,
        hasValidPaymentMethod: false,
        paymentMethodVerified: false,
      },
    });
    forgotten.push(email);
  }
  return forgotten;
}

/** Whether Stripe has this PaymentMethod; when Stripe cannot be asked, the card is given the benefit of the doubt. */
async function knownToStripe(stripe: Stripe, id: string): Promise<boolean> {
  try {
    // A start must not wait long on a Stripe it cannot reach.
    await stripe.paymentMethods.retrieve(id, {}, { timeout: 5_000, maxNetworkRetries: 0 });
    return true;
  } catch (error) {
    return !(error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing');
  }
}
