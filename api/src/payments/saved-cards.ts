/**
 * Saving a card. The browser confirms a SetupIntent directly with Stripe (or the stand-in), so the card
 * number never touches Gavel; the api only creates the intent and then learns the result from Stripe's
 * webhook. The user's card states: none -> pending (card saved, verification hold running) -> verified |
 * failed. `hasValidPaymentMethod` (the bidding gate) is true only in verified.
 *
 * The latest card attempt defines the state: replacing a verified card re-runs the verification, and the
 * user is not a valid payer again until the new card passes. A declined setup leaves an already verified
 * card alone (the browser shows the decline; the old card still works).
 */
import type { Logger } from 'pino';
import Stripe from 'stripe';
import { PAYMENT_SETUP_STATUSES, paymentMessages, type PaymentMethodReply, type PaymentSetupStatus, type SetupIntentReply } from '@gavel/domain';
import type { PrismaClient } from '../generated/prisma/client.ts';
import type { UserRow } from '../auth/session.ts';
import type { StripeConfig } from './config.ts';
import { verifyCardWithHold } from './card-verification.ts';
import { isStripeUnavailable, providerUnavailable } from './stripe-client.ts';

export class SavedCards {
  constructor(
    private readonly stripe: Stripe,
    private readonly prisma: PrismaClient,
    private readonly config: StripeConfig,
    private readonly log: Logger,
  ) {}

  /** POST /payment/setup-intent: a SetupIntent for the browser to confirm with the card. */
  async startSetup(user: UserRow): Promise<SetupIntentReply> {
    return this.openSetup(user).catch((error: unknown) => {
      throw isStripeUnavailable(error) ? providerUnavailable() : error;
    });
  }

  private async openSetup(user: UserRow): Promise<SetupIntentReply> {
    let customerId = await this.customerFor(user);
    let si: Stripe.SetupIntent;
    try {
      si = await this.openSetupIntent(user, customerId);
    } catch (error) {
      // The customer is gone on Stripe's side (the stand-in keeps state in memory and was restarted, or the
      // keys now point at another account): make a new one, once.
      if (!isMissing(error, 'customer')) throw error;
      customerId = await this.customerFor(user, customerId);
      si = await this.openSetupIntent({ ...user, stripeSetupIntentId: null }, customerId);
    }
    return { clientSecret: si.client_secret!, setupIntentId: si.id, publishableKey: this.config.publishableKey, stripeApiUrl: this.config.browserApiUrl };
  }

  /** GET /payment/method */
  methodOf(user: UserRow): PaymentMethodReply {
    const status = (PAYMENT_SETUP_STATUSES as readonly string[]).includes(user.paymentSetupStatus) ? (user.paymentSetupStatus as PaymentSetupStatus) : 'none';
    return { status, brand: user.paymentMethodBrand, last4: user.paymentMethodLast4, error: status === 'failed' ? user.paymentSetupError : null };
  }

  /**
   * Brings the user in line with a SetupIntent, on its webhook events. The intent is read fresh from Stripe
   * rather than trusted from the event, so late or repeated events (Stripe guarantees neither order nor
   * single delivery) always act on its current state. Safe to run any number of times.
   */
  async sync(setupIntentId: string): Promise<void> {
    const user = await this.prisma.user.findFirst({ where: { stripeSetupIntentId: setupIntentId } });
    if (!user) {
      this.log.info({ setupIntentId }, 'setup intent is no user’s current one; event ignored');
      return;
    }
    const si = await this.stripe.setupIntents.retrieve(setupIntentId).catch((error: unknown) => {
      if (isMissing(error)) return null; // not in this Stripe account: nothing to act on, ever
      throw error;
    });
    if (!si) return;
    if (si.status === 'succeeded') return this.verify(user, si);
    if (si.status === 'requires_payment_method' && si.last_setup_error) return this.setupFailed(user, si);
  }

  private async verify(user: UserRow, si: Stripe.SetupIntent): Promise<void> {
    const pmId = typeof si.payment_method === 'string' ? si.payment_method : si.payment_method?.id;
    const customerId = typeof si.customer === 'string' ? si.customer : si.customer?.id;
    if (!pmId || !customerId) throw new Error(`SetupIntent ${si.id} succeeded without a payment method or customer`);
    // Already decided for this card: a redelivered event changes nothing.
    if (user.stripePaymentMethodId === pmId && (user.paymentSetupStatus === 'verified' || user.paymentSetupStatus === 'failed')) return;
    const pm = await this.stripe.paymentMethods.retrieve(pmId);
    const current = { id: user.id, stripeSetupIntentId: si.id };
    await this.prisma.user.updateMany({
      where: current,
      data: {
        stripePaymentMethodId: pm.id,
        paymentMethodBrand: pm.card?.brand ?? null,
        paymentMethodLast4: pm.card?.last4 ?? null,
        paymentSetupStatus: 'pending',
        paymentSetupError: null,
        hasValidPaymentMethod: false,
        paymentMethodVerified: false,
      },
    });
    const outcome = await verifyCardWithHold(this.stripe, { userId: user.id, customerId, paymentMethodId: pm.id, setupIntentId: si.id });
    // Conditional on the intent still being the user's current one: a card added meanwhile wins.
    await this.prisma.user.updateMany({
      where: current,
      data: outcome.verified
        ? { paymentSetupStatus: 'verified', paymentSetupError: null, hasValidPaymentMethod: true, paymentMethodVerified: true }
        : { paymentSetupStatus: 'failed', paymentSetupError: outcome.message, hasValidPaymentMethod: false, paymentMethodVerified: false },
    });
    this.log.info({ userId: user.id, setupIntentId: si.id, holdId: outcome.holdId, verified: outcome.verified }, 'card verification hold done');
  }

  private async setupFailed(user: UserRow, si: Stripe.SetupIntent): Promise<void> {
    await this.prisma.user.updateMany({
      where: { id: user.id, stripeSetupIntentId: si.id, paymentSetupStatus: { not: 'verified' } },
      data: {
        paymentSetupStatus: 'failed',
        paymentSetupError: si.last_setup_error?.message ?? paymentMessages.cardRefused,
        hasValidPaymentMethod: false,
        paymentMethodVerified: false,
      },
    });
  }

  /** The user's Stripe customer, created on first use. `replacing`: the stored one no longer exists. */
  private async customerFor(user: UserRow, replacing?: string): Promise<string> {
    if (user.stripeCustomerId && !replacing) return user.stripeCustomerId;
    const customer = await this.stripe.customers.create(
      { email: user.email, metadata: { userId: user.id } },
      // Two racing first requests get the same customer.
      { idempotencyKey: replacing ? `customer:${user.id}:replacing:${replacing}` : `customer:${user.id}` },
    );
    await this.prisma.user.updateMany({ where: { id: user.id, stripeCustomerId: replacing ?? null }, data: { stripeCustomerId: customer.id } });
    return customer.id;
  }

  /**
   * The user's open SetupIntent when it can still take a card (also after a decline: Stripe lets the same
   * intent be confirmed again), else a new one.
   */
  private async openSetupIntent(user: Pick<UserRow, 'id' | 'stripeSetupIntentId'>, customerId: string): Promise<Stripe.SetupIntent> {
    if (user.stripeSetupIntentId) {
      const existing = await this.stripe.setupIntents.retrieve(user.stripeSetupIntentId).catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
      if (existing?.status === 'requires_payment_method' && existing.customer === customerId) return existing;
    }
    const si = await this.stripe.setupIntents.create(
      { customer: customerId, usage: 'off_session', allowed_payment_method_types: ['card'], metadata: { userId: user.id } },
      // Deterministic: racing requests after the same previous intent share one new intent.
      { idempotencyKey: `setup-intent:${user.id}:after:${user.stripeSetupIntentId ?? 'none'}` },
    );
    await this.prisma.user.update({ where: { id: user.id }, data: { stripeSetupIntentId: si.id } });
    return si;
  }
}

function isMissing(error: unknown, param?: string): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing' && (param === undefined || error.param === param);
}
