/** Finalizing Bitcoin bids: the wallet-signed offer PSBT places the bid. */
import { finalizeBidBodySchema, finalizeLotBidBodySchema, messages, placeBidReplySchema, GATES } from '@gavel/domain';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import type { UserRow } from '../auth/session.ts';
import { finalizeBtcOffer } from '../bidding/btc-bids.ts';
import { finalizeBtcLadder } from '../bidding/btc-ladders.ts';
import { afterBidCommitted } from '../bidding/intake.ts';
import { placedBidReply } from '../bidding/present-bid.ts';

const bidMessages = messages.bids;
const TAG = 'Bidding';
const description =
  'Validates the signed PSBT against the offer built for the bid: the same inputs and outputs (inscription to the bidder, price to the seller, platform fee, new dummy, change), ' +
  'a valid SIGHASH_ALL signature on every bidder input, every input unspent. Then the bid is placed like any other: the price moves and the previous bid is outbid. ' +
  'A refused PSBT is a 400 naming what was wrong (code: payout_amount_changed, payout_address_changed, inscription_address_changed, inscription_moved, missing_dummy, ' +
  'undersized_dummy, foreign_input, inputs_changed, outputs_changed, psbt_other_bid, unsigned_input, invalid_signature, input_spent, input_unknown, invalid_psbt, psbt_too_large) and stores nothing. ' +
  'A maximum bid from a Bitcoin wallet (a ladder) is finalized with `signedSteps` instead: every step of the ladder signed (ladder_incomplete otherwise), each validated the same way; ' +
  'the bid is placed at the lowest step that leads, and a later bid below the top step moves it, with its signed offer, to the next step that leads.';
const errors = { 400: 'The signed PSBT was refused', 404: bidMessages.bidNotFound, 409: `${bidMessages.ended} / already placed`, 410: 'The offer expired unsigned', 503: 'Esplora or ord unavailable' };

export function btcBidRoutes(routes: RouteTable, services: Services): void {
  const finalize = async (user: UserRow, lotId: string, bidId: string, body: { signedPsbtHex?: string; signedSteps?: Array<{ bidId: string; signedPsbtHex: string }> }) => {
    const placed = body.signedSteps ? await finalizeBtcLadder(services, user, lotId, bidId, body.signedSteps) : await finalizeBtcOffer(services, user, lotId, bidId, body.signedPsbtHex);
    await afterBidCommitted(services, placed);
    return placedBidReply(placed, user);
  };

  routes.add({
    method: 'post',
    path: '/auctions/:id/finalize',
    rateLimit: 'bids',
    tag: TAG,
    summary: 'Place a Bitcoin bid: finalize its offer with the PSBT the wallet signed',
    description,
    access: { gates: GATES },
    body: finalizeBidBodySchema,
    reply: placeBidReplySchema,
    status: 201,
    errors,
    handler: ({ params, body, user }) => finalize(user, params.id!, body.bidId, body),
  });

  routes.add({
    method: 'post',
    path: '/auctions-v2/lots/:lotId/bids/:bidId/finalize',
    rateLimit: 'bids',
    tag: TAG,
    summary: 'Place a Bitcoin bid (lot-v2): finalize its offer with the PSBT the wallet signed',
    description,
    access: { gates: GATES },
    body: finalizeLotBidBodySchema,
    reply: placeBidReplySchema,
    status: 201,
    errors,
    handler: ({ params, body, user }) => finalize(user, params.lotId!, params.bidId!, body),
  });
}
