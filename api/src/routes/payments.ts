/**
 * Payment method routes. How the dapp saves a card:
 * 1. POST /payment/setup-intent -> { clientSecret, setupIntentId, publishableKey, stripeApiUrl }.
 * 2. The browser sends the card to Stripe, never here: with real Stripe via Stripe.js
 *    (`confirmCardSetup(clientSecret, ...)`); offline against the stand-in at `stripeApiUrl`, as Stripe.js
 *    would: `POST {stripeApiUrl}/v1/payment_methods` then `POST /v1/setup_intents/:id/confirm` with
 *    `payment_method` and `client_secret`, form-encoded, `Authorization: Bearer <publishableKey>`.
 * 3. Stripe calls POST /payment/webhook; the api verifies the card with a $1 hold and cancels it.
 * 4. GET /payment/method (poll) until status is verified or failed.
 */
import { biddingLimitReplySchema, cardHoldRateReplySchema, formatAmount, paymentMessages, paymentMethodReplySchema, setupIntentReplySchema, webhookReplySchema } from '@gavel/domain';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { readRawBody } from '../payments/webhooks.ts';
import { payLaterAvailable } from '../bidding/pay-later.ts';

const TAG = 'Payments';

export function paymentRoutes(routes: RouteTable, services: Services): void {
  const { savedCards, webhooks } = services.payments;

  routes.add({
    method: 'post',
    path: '/payment/setup-intent',
    rateLimit: 'cardSetup',
    tag: TAG,
    summary: 'Start saving a card: a Stripe SetupIntent for the browser to confirm',
    description:
      'Creates the Stripe customer on first use. Reuses the open SetupIntent while it can still take a card. ' +
      'The browser confirms it with Stripe (Stripe.js when `stripeApiUrl` is null, else the local stand-in at that address) using ' +
      '`publishableKey` and `clientSecret`; the card never reaches this api. The result arrives by webhook: poll GET /payment/method.',
    access: { gates: ['emailVerified'] },
    reply: setupIntentReplySchema,
    errors: { 503: paymentMessages.providerUnavailable },
    handler: async ({ user }) => savedCards.startSetup(user),
  });

  routes.add({
    method: 'get',
    path: '/payment/method',
    tag: TAG,
    summary: 'The saved card and its verification status',
    description:
      'status: none (no card), pending (card saved, $1 verification hold running), verified (hasValidPaymentMethod), ' + 'failed (`error` is the card’s message, e.g. "Your card was declined.").',
    access: {},
    reply: paymentMethodReplySchema,
    handler: async ({ user }) => savedCards.methodOf(user),
  });

  routes.add({
    method: 'get',
    path: '/payment/card-hold-rate',
    tag: TAG,
    summary: 'The live USD prices card bids on BTC and ETH lots are held at',
    description:
      'btcUsdCents, ethUsdCents: the live price of a BTC and an ETH in cents (PRICE_API_URL, fetched at most every PRICE_CACHE_MS), null while no price ' +
      'younger than PRICE_MAX_AGE_MS is known: card bids in that coin are refused with a 503 meanwhile. marginPercent: CARD_HOLD_MARGIN_PERCENT. ' +
      'A card bid of N sats holds ceil(N × btcUsdCents × (100 + marginPercent) / (100,000,000 × 100)) cents (at least $0.50), N wei likewise over 10^18; the checkout shows it before the bid.',
    reply: cardHoldRateReplySchema,
    handler: async () => {
      const fresh = await services.prices.fresh();
      return { btcUsdCents: fresh.BTC?.usdCents ?? null, ethUsdCents: fresh.ETH?.usdCents ?? null, marginPercent: services.prices.marginPercent };
    },
  });

  routes.add({
    method: 'get',
    path: '/payment/bidding-limit',
    tag: TAG,
    summary: "The signed-in user's pay-later bidding limit and what is left of it",
    description: 'limit: what an admin granted (USD); available: the limit less open pay-later commitments (leading bids without a card hold on open USD lots, won or bought USD lots not paid).',
    access: {},
    reply: biddingLimitReplySchema,
    handler: async ({ user }) => {
      const { limit, available } = await payLaterAvailable(services.db.prisma, user.id, '');
      return { data: { limit: formatAmount(limit, 'USD'), available: formatAmount(available, 'USD') } };
    },
  });

  routes.add({
    method: 'post',
    path: '/payment/webhook',
    tag: TAG,
    summary: 'Stripe webhook (called by Stripe, not the dapp)',
    description:
      'The raw Stripe event JSON, signed in the `Stripe-Signature` header (checked with the webhook secret). ' +
      'Each event takes effect once; repeats answer `duplicate: true`. A 500 makes Stripe redeliver.',
    reply: webhookReplySchema,
    errors: { 400: paymentMessages.webhookSignature },
    handler: async ({ ctx }) => {
      const { duplicate } = await webhooks.receive(await readRawBody(ctx), ctx.get('stripe-signature') || undefined);
      return duplicate ? { received: true as const, duplicate } : { received: true as const };
    },
  });
}
