/**
 * Purchases voided for non-payment (checkout/unpaid.ts): the admin offers the lot to the runner-up or relists
 * it; the runner-up sees their offers and accepts one by card.
 */
import {
  adminLotReplySchema,
  GATES,
  messages,
  paymentMessages,
  relistBodySchema,
  secondChanceAcceptReplySchema,
  secondChanceListSchema,
  secondChanceOfferReplySchema,
  unpaidMessages,
} from '@gavel/domain';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { acceptOffer, offerToRunnerUp, openOffersOf } from '../checkout/second-chance.ts';
import { relistLot } from '../admin/relist.ts';
import { presentAdminLot } from '../admin/lot-view.ts';

const admin = { roles: ['admin'] as const };

export function secondChanceRoutes(routes: RouteTable, services: Services): void {
  routes.add({
    method: 'post',
    path: '/admin/auctions/:id/second-chance-offer',
    tag: 'Admin: lots',
    summary: 'Offer an unpaid lot to the runner-up at their last bid',
    description:
      'The lot must be unpaid (its purchase voided for non-payment) and a USD lot. The runner-up is the highest bidder of the last sale who is neither the buyer ' +
      'who did not pay nor already offered the lot; they are mailed, and may accept by card until expiresAt (SECOND_CHANCE_OFFER_MS, default 48 h). ' +
      'While an offer can still be accepted, another is refused.',
    access: admin,
    reply: secondChanceOfferReplySchema,
    errors: {
      404: messages.browse.auctionNotFoundAdmin,
      409: `${unpaidMessages.notUnpaid} / ${unpaidMessages.usdOnly} / ${unpaidMessages.offerOpen} / ${unpaidMessages.offerInFlight} / ${unpaidMessages.noRunnerUp} / ${unpaidMessages.overCardLimit}`,
    },
    handler: async ({ params }) => offerToRunnerUp(services, params.id!),
  });

  routes.add({
    method: 'post',
    path: '/admin/auctions/:id/relist',
    tag: 'Admin: lots',
    summary: 'Put an unpaid lot back on sale between new times',
    description:
      'startTime and endTime (ISO 8601) follow the lot form’s rules (end after start and in the future, inside the event’s window); a start in the past means now. ' +
      'The winner is cleared; the old sale’s bids are kept, cancelled, as history; an open second-chance offer is withdrawn.',
    access: admin,
    body: relistBodySchema,
    reply: adminLotReplySchema,
    errors: { 404: messages.browse.auctionNotFoundAdmin, 409: `${unpaidMessages.notUnpaid} / ${unpaidMessages.offerInFlight}` },
    handler: async ({ params, body }) => ({ message: unpaidMessages.relisted, data: presentAdminLot(services.config.storage.imageGateway, await relistLot(services, params.id!, body)) }),
  });

  routes.add({
    method: 'get',
    path: '/second-chance-offers',
    tag: 'Checkout',
    summary: 'Your second-chance offers that can still be accepted',
    description: 'A lot whose buyer did not pay, offered to you at your last bid until expiresAt. Accept it with POST /second-chance-offers/:id/accept.',
    access: {},
    reply: secondChanceListSchema,
    handler: async ({ user }) => ({ data: await openOffersOf(services, user) }),
  });

  routes.add({
    method: 'post',
    path: '/second-chance-offers/:id/accept',
    rateLimit: 'payments',
    tag: 'Checkout',
    summary: 'Accept a second-chance offer: your saved card is charged and the lot is yours',
    description:
      'The saved card is held for the offer’s amount off-session and charged at once; the lot is then yours and paid. A declined card is a 402 with the card’s message ' +
      'and the offer stays open. An expired, withdrawn or already accepted offer is a 409.',
    access: { gates: GATES },
    reply: secondChanceAcceptReplySchema,
    errors: {
      402: paymentMessages.failed,
      404: unpaidMessages.offerNotFound,
      409: `${unpaidMessages.offerExpired} / ${unpaidMessages.offerTaken} / ${unpaidMessages.offerWithdrawn} / ${unpaidMessages.offerBusy}`,
      503: paymentMessages.providerUnavailable,
    },
    handler: async ({ params, user }) => acceptOffer(services, user, params.id!),
  });
}
