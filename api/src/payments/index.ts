/**
 * Payments: the api's only path to money, through the official Stripe SDK. It saves and verifies cards
 * (SetupIntent + $1 hold, see saved-cards.ts), holds card bids (bid-holds.ts), and records what every
 * PaymentIntent of a bid, a final checkout or a Buy Now did (intent-state.ts, fed by the webhook). Money moves
 * that follow a decision (release, capture) run as jobs on the payments queue (payment-jobs.ts).
 */
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { PrismaClient } from '../generated/prisma/client.ts';
import type { StripeConfig } from './config.ts';
import { SavedCards } from './saved-cards.ts';
import { createStripeClient } from './stripe-client.ts';
import type { CircuitBreaker } from '../health/breaker.ts';
import { StripeWebhooks } from './webhooks.ts';
import { registerIntentEvents } from './intent-state.ts';
import { PaymentJobs } from './payment-jobs.ts';
import type { QueueRedis } from '../jobs/job-queue.ts';
import type { LostHolds } from './intent-state.ts';

export interface Payments {
  config: StripeConfig;
  stripe: Stripe;
  savedCards: SavedCards;
  /** Register further event handlers here (e.g. identity.verification_session.verified). */
  webhooks: StripeWebhooks;
  jobs: PaymentJobs;
  close(): Promise<void>;
}

/**
 * `lostHolds`: when a card hold behind a win is charged or lost, the buyer's mail (`mailer`) and the winner's fresh
 * deadline to pay (`paymentDueMs`), intent-state.ts.
 */
export function createPayments(config: StripeConfig, prisma: PrismaClient, log: Logger, queues: QueueRedis, lostHolds: LostHolds, breaker?: CircuitBreaker): Payments {
  const stripe = createStripeClient(config, breaker);
  const savedCards = new SavedCards(stripe, prisma, config, log);
  const webhooks = new StripeWebhooks(stripe, prisma, config.webhookSecret, log);
  webhooks.on('setup_intent.succeeded', (event) => savedCards.sync(event.data.object.id));
  webhooks.on('setup_intent.setup_failed', (event) => savedCards.sync(event.data.object.id));
  const jobs = new PaymentJobs(queues);
  registerIntentEvents(webhooks, prisma, log, lostHolds, jobs);
  return { config, stripe, savedCards, webhooks, jobs, close: () => jobs.close() };
}
