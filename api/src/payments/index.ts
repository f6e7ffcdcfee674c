/**
 * Payments: the api's only path to money, through the official Stripe SDK. Today it saves and verifies
 * cards (SetupIntent + $1 hold, see saved-cards.ts). Card payments for bids fit beside it: a module that
 * creates manual-capture PaymentIntents on the saved card with idempotency keys (as card-verification.ts
 * does) and registers its `payment_intent.*` handlers on `webhooks`.
 */
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { PrismaClient } from '../generated/prisma/client.ts';
import type { StripeConfig } from './config.ts';
import { SavedCards } from './saved-cards.ts';
import { createStripeClient } from './stripe-client.ts';
import { StripeWebhooks } from './webhooks.ts';

export interface Payments {
  config: StripeConfig;
  stripe: Stripe;
  savedCards: SavedCards;
  /** Register further event handlers here (e.g. identity.verification_session.verified). */
  webhooks: StripeWebhooks;
}

export function createPayments(config: StripeConfig, prisma: PrismaClient, log: Logger): Payments {
  const stripe = createStripeClient(config);
  const savedCards = new SavedCards(stripe, prisma, config, log);
  const webhooks = new StripeWebhooks(stripe, prisma, config.webhookSecret, log);
  webhooks.on('setup_intent.succeeded', (event) => savedCards.sync(event.data.object.id));
  webhooks.on('setup_intent.setup_failed', (event) => savedCards.sync(event.data.object.id));
  return { config, stripe, savedCards, webhooks };
}
