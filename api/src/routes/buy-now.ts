/**
 * Buy Now (the spec's bidding and payment calls). By card:
 * 1. POST /payment/buy-now-intent {amount, auctionId, currency} -> {clientSecret, paymentIntentId, ...}: a hold
 *    for the lot's buy-now price (amount must equal it).
 * 2. The browser confirms the intent with Stripe (Stripe.js, or the stand-in at `stripeApiUrl`, as for saving a
 *    card): status requires_capture.
 * 3. POST /auctions/:id/buy-now {paymentMethod: 'Stripe', paymentIntentId} ends the lot and captures the hold.
 * BTC lots: POST /auctions/:id/buy-now/offer builds the swap at the Buy Now price, the wallet signs it, and
 * POST /auctions/:id/buy-now {paymentMethod: 'BTC', bidId, signedPsbtHex} ends the lot with that offer as the
 * winning bid. USD lots may also use 'Manual' (ADD TO CART: the saved card held, or pay later in the cart).
 */
import {
  buyNowBodySchema,
  buyNowIntentBodySchema,
  buyNowIntentReplySchema,
  buyNowOfferBodySchema,
  buyNowOfferReplySchema,
  buyNowReplySchema,
  checkoutMessages,
  fill,
  messages,
  paymentMessages,
  GATES,
} from '@gavel/domain';
import { authorize } from '../auth/session.ts';
import { Refused } from '../refused.ts';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { buyNow, createBuyNowIntent, createBuyNowOffer } from '../checkout/buy-now.ts';

const TAG = 'Buy Now';

export function buyNowRoutes(routes: RouteTable, services: Services): void {
  routes.add({
    method: 'post',
    path: '/payment/buy-now-intent',
    rateLimit: 'payments',
    tag: TAG,
    summary: 'A card hold for a lot’s buy-now price, for the browser to confirm',
    description:
      'amount: the buy-now price in the lot’s unit ("25.00"); the server’s price decides, another amount is a 400 "Invalid payment amount." with `buyNowPrice`. ' +
      'currency: usd (default) or sats; card payments are for USD lots only (BTC lots are bought with a wallet). ' +
      'Minimums: "Minimum payment amount is $0.50 USD for card payments." / "Minimum payment amount is 50 sats ($0.50 USD) for card payments." ' +
      'Signed out: 401 "Please log in to continue with payment."; then the bidding gates (403). ' +
      'The intent is manual-capture with the saved card preset when there is one: confirm it with `clientSecret` (a new card may be given instead). ' +
      'Asking again before paying returns the same intent. Nothing is taken until POST /auctions/:id/buy-now succeeds.',
    body: buyNowIntentBodySchema,
    reply: buyNowIntentReplySchema,
    errors: {
      401: paymentMessages.loginToPay,
      404: messages.browse.auctionNotFound,
      409: `${checkoutMessages.buyNowUnavailable} / ${checkoutMessages.buyNowPriceReached} / ${messages.bids.ended} / ${messages.bids.notStarted} / ${messages.bids.cancelled}`,
      503: paymentMessages.providerUnavailable,
    },
    handler: async ({ ctx, body, user }) => {
      if (!user) throw new Refused('unauthenticated', paymentMessages.loginToPay, 'unauthorized');
      return createBuyNowIntent(services, authorize(ctx, { gates: GATES }), body);
    },
  });

  routes.add({
    method: 'post',
    path: '/auctions/:id/buy-now',
    rateLimit: 'payments',
    tag: TAG,
    summary: 'Buy a live lot now: it ends at once with you as the winner at the buy-now price',
    description:
      'Every other bid is cancelled and its card hold released. Exactly one buyer wins even when buyers and bidders race: ' +
      'a bid that reached the buy-now price first makes Buy Now unavailable (409), and a refused card purchase has its hold released. ' +
      'Stripe: paymentIntentId must be your buy-now intent for this lot, confirmed (requires_capture) for exactly the price; the hold is captured once the lot is yours ' +
      '(paymentState paid, or processing while a capture is retried). BTC: bidId, the offer from POST /auctions/:id/buy-now/offer, and signedPsbtHex, that offer signed by your wallet; ' +
      'it is validated like a bid’s (400 naming what was wrong, 410 expired, 409 used or the price changed) and becomes the winning bid the seller co-signs. ' +
      'Manual (USD lots): your saved card is held for the price (charged at checkout), or without one the price counts against your pay-later limit. ' +
      'Repeating a successful Stripe purchase returns the same reply.',
    access: { gates: GATES },
    body: buyNowBodySchema,
    reply: buyNowReplySchema,
    errors: {
      402: paymentMessages.failed,
      404: messages.browse.auctionNotFound,
      409: `${checkoutMessages.buyNowUnavailable} / ${checkoutMessages.buyNowPriceReached} / ${messages.bids.ended} / ${messages.bids.notStarted} / ${messages.bids.cancelled}`,
      503: paymentMessages.providerUnavailable,
    },
    handler: async ({ params, body, user }) => buyNow(services, user, params.id!, body),
  });

  routes.add({
    method: 'post',
    path: '/auctions/:id/buy-now/offer',
    rateLimit: 'bids',
    tag: TAG,
    summary: 'Buy a BTC lot now, step 1: the swap at the Buy Now price, for your wallet to sign',
    description:
      'Builds the offer PSBT from your linked walletAddress (ordinalsAddress receives the inscription; paymentPublicKey for taproot payment inputs), exactly as a bid’s offer, ' +
      'at the server’s Buy Now price. Nothing changes on the lot: sign the PSBT and send it with its bidId to POST /auctions/:id/buy-now within 10 minutes.',
    access: { gates: GATES },
    body: buyNowOfferBodySchema,
    reply: buyNowOfferReplySchema,
    status: 201,
    errors: {
      400: `${fill(checkoutMessages.buyNowMethod, { method: 'BTC' })} / ${messages.bids.walletRequired}`,
      403: messages.bids.walletNotLinked,
      404: messages.browse.auctionNotFound,
      409: `${checkoutMessages.buyNowUnavailable} / ${checkoutMessages.buyNowPriceReached} / ${messages.bids.ended}`,
      503: 'Esplora or ord unavailable',
    },
    handler: async ({ params, body, user }) => createBuyNowOffer(services, user, params.id!, body),
  });
}
