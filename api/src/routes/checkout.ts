/**
 * Cart and final checkout (the checkout's cart and final-checkout steps). The cart lists the lots the user won or bought and
 * has not received yet; final checkout pays the selected USD lots with one PaymentIntent for their real total
 * (service fee $0), confirmed by the browser; the Stripe webhook marks them paid.
 */
import { cartReplySchema, checkoutBodySchema, checkoutMessages, checkoutReplySchema, payHeldBodySchema, payHeldReplySchema, paymentMessages } from '@gavel/domain';
import { Refused } from '../refused.ts';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { checkout, listCart, payHeld } from '../checkout/cart.ts';

const TAG = 'Checkout';

export function checkoutRoutes(routes: RouteTable, services: Services): void {
  routes.add({
    method: 'get',
    path: '/cart',
    tag: TAG,
    summary: 'Your won and bought lots, with what each costs and whether it is paid',
    description:
      'Every lot you won (source won) or bought with Buy Now (source buy_now) that is not yet transferred, newest first (at most 100). ' +
      'paymentState: awaiting_payment; processing (a card hold of your winning bid or Buy Now is being captured: nothing to do); paid (txHash is the PaymentIntent or transaction). ' +
      'payableByCard marks the USD lots final checkout accepts. due: what is still owed, per unit. serviceFee is always "0.00".',
    access: {},
    reply: cartReplySchema,
    handler: async ({ user }) => listCart(services, user),
  });

  routes.add({
    method: 'post',
    path: '/cart/checkout',
    rateLimit: 'payments',
    tag: TAG,
    summary: 'Final checkout: one PaymentIntent for the selected lots',
    description:
      'lotIds: lots awaiting your payment, all USD (BTC and ETH lots are paid from a wallet). total is their sum; the service fee is $0. ' +
      'Confirm the intent in the browser with `clientSecret` (the saved card is preset when there is one); the lots become paid when Stripe’s webhook arrives ' +
      '(poll GET /cart). Asking again for the same lots returns the same intent; a different selection replaces earlier unpaid intents covering the same lots, ' +
      'so no lot can be paid twice.',
    body: checkoutBodySchema,
    reply: checkoutReplySchema,
    errors: {
      401: paymentMessages.loginToPay,
      409: `${checkoutMessages.notOwed} / ${checkoutMessages.alreadyPaid} / ${checkoutMessages.paymentProcessing}`,
      503: paymentMessages.providerUnavailable,
    },
    handler: async ({ body, user }) => {
      // The spec's payment wording for a signed-out payer, rather than the generic sign-in message.
      if (!user) throw new Refused('unauthenticated', paymentMessages.loginToPay, 'unauthorized');
      return checkout(services, user, body.lotIds);
    },
  });

  routes.add({
    method: 'post',
    path: '/cart/pay-held',
    rateLimit: 'payments',
    tag: TAG,
    summary: 'Pay ADD TO CART lots now by charging the card holds that bought them',
    description:
      'ADD TO CART with a saved card holds the card for the Buy Now price; the hold is charged at the latest at heldUntil (GET /cart), or now with this call. ' +
      'Each lot must be one you bought this way and not paid yet.',
    access: {},
    body: payHeldBodySchema,
    reply: payHeldReplySchema,
    errors: { 402: paymentMessages.failed, 409: checkoutMessages.notHeld, 503: paymentMessages.providerUnavailable },
    handler: async ({ body, user }) => payHeld(services, user, body.lotIds),
  });
}
