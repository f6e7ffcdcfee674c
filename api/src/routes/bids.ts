/** Bidding: place (every rail, through the bid intake), list, take back. */
import { bidListQuerySchema, cardBidsPausedMessage, bidListSchema, messageReplySchema, messages, placeBidBodySchema, placeBidReplySchema, removeBidBodySchema, GATES } from '@gavel/domain';
import type { RouteTable } from './route-table.ts';
import type { Services } from '../services.ts';
import { commitBid } from '../bidding/place-bid.ts';
import { removeKeepingLeaderBacked } from '../bidding/backed-leader.ts';
import { announceLotChanged } from '../bidding/notify.ts';
import { placedBidReply } from '../bidding/present-bid.ts';
import { bidsOfUser, lotBidHistory } from '../follow/bid-history.ts';
import { admitBid, afterBidCommitted, bidRailOf, payLaterCommitment, readLotForBid, walletOfBid } from '../bidding/intake.ts';
import { releaseHoldLater } from '../payments/bid-holds.ts';
import { placeCardBid } from '../bidding/card-bid.ts';
import { placeRelayedCardBid } from '../relayer/card-bids.ts';
import { bindingOfOffer, placeBtcOffer, SIGN_TO_PLACE } from '../bidding/btc-bids.ts';
import { placeVaultLadder, placeVaultOffer } from '../bidding/vault-bids.ts';
import { vaultBidsRequired } from '@gavel/domain/binding-bids';
import { placeBtcLadder } from '../bidding/btc-ladders.ts';

const bidMessages = messages.bids;
const TAG = 'Bidding';
const bidder = { gates: GATES } as const;

export function bidRoutes(routes: RouteTable, services: Services): void {
  const { db } = services;

  for (const path of ['/auctions/:id/bids', '/auctions-v2/lots/:id/bids']) {
    routes.add({
      method: 'post',
      path,
      rateLimit: 'bids',
      tag: TAG,
      summary: 'Place a bid on an off-chain lot',
      description:
        'Checks, in order: signed in, e-mail verified, profile complete, identity verified, payment method, terms accepted (403 with the spec message). ' +
        'The amount must reach the minimum next bid (starting bid, else current + 100 sats / + 1 USD). BTC lots need a linked wallet address. ' +
        'A bid in the last N minutes (default 5) extends the end to N minutes after the bid: auctionExtended and extensionMessage say so. ' +
        'Card bids (USD and BTC lots): walletAddress "card_payment" first authorises the amount on the saved card (a hold, released when outbid, captured when won); ' +
        'on a BTC lot the amount is in sats, held for its USD value at the live BTC price plus CARD_HOLD_MARGIN_PERCENT (GET /payment/card-hold-rate; at least $0.50), and the bid is written at once, with no PSBT; ' +
        'a declined card is a 402 with the card’s message ("Payment failed." when it gives none) and no bid is written. ' +
        'Maximum bids (USD lots by card or pay-later, BTC lots by card or Bitcoin wallet, ETH lots by card; a wallet’s bid on chain has none): `maximum` (at least the amount) lets Gavel bid for the bidder up to it; the price shown is the second-highest maximum (or highest plain bid) plus the increment, capped at the leader’s maximum, equal maximums going to the earlier. ' +
        'A bid at or below the leader’s maximum is placed and at once outbid: 201 with status "outbid" and the message "You were outbid by an earlier maximum bid". The leader sends a new `maximum` to raise or lower theirs (never below the price); while the price stays where it was, the change shows only in the leader’s own replies: no new bid in the history, the bid count or the lot’s events, and no extension. ' +
        'A card maximum is held for the maximum and captured for the winning price; a pay-later maximum counts in full against the bidding limit. The maximum is shown only to its bidder (and admins). ' +
        'Card bids on on-chain (auction house) lots hold the card for the bid’s USD value (or its maximum’s) at the live ETH price plus the margin and are placed on chain by the platform’s relayer; with a `maximum` (wei, as ETH), the relayer answers each outbid by someone else with the contract’s minimum next bid while that is within the maximum, without a new hold, and the bidder is told only once it is exceeded; the maximum never goes on chain. ' +
        'Without a fresh price of the lot’s coin, a card bid on a BTC or ETH lot is a 503 naming the coin, and nothing is held or written. ' +
        'BTC lots: the reply carries data.psbtHex, the offer PSBT built from the walletAddress UTXOs (inscription to ordinalsAddress), and data.bid (status pending); ' +
        'with a `maximum` above the amount, data.ladder instead: one offer per step from the amount up to the maximum (at most 5, at least one increment apart, those between the amount and the maximum drawn at random so the prices the lot moves through do not give the maximum away), all spending the same inputs, ' +
        'for the wallet to sign at once and send together as `signedSteps` to finalize (data.bid._id names the ladder); Gavel shows the bid at the lowest step that leads, the steps private to the bidder; ' +
        'the bid is placed when POST /auctions/:id/finalize receives the PSBT signed by the wallet, within 10 minutes (unless BITCOIN_PSBT_BIDS=false, which writes BTC bids directly).',
      access: bidder,
      body: placeBidBodySchema,
      reply: placeBidReplySchema,
      status: 201,
      errors: {
        402: 'Card bid: the card refused the hold',
        404: messages.browse.auctionNotFound,
        409: `${bidMessages.ended} / ${bidMessages.notStarted} / ${bidMessages.cancelled} / ${bidMessages.ethOnChain}`,
        503: `Card bid: the payment service is unavailable / ${cardBidsPausedMessage('BTC')}`,
      },
      handler: async ({ params, body, user }) => {
        const lot = await readLotForBid(services, params.id!);
        const bid = await admitBid(services, user, lot, body.amount, bidRailOf(services, lot, body.walletAddress), body.maximum);
        // Placed on chain by the relayer once the card is held: no write of Gavel's own to follow up.
        if (bid.rail === 'relayed-card') return placeRelayedCardBid(services, user, bid);
        // An offer for the wallet to sign: placed by the finalize route (routes/btc-bids.ts).
        if (bid.rail === 'btc-offer') {
          // A maximum above the amount is a ladder of offers to sign at once (bidding/btc-ladders.ts).
          const ladder = bid.maximum !== null && bid.maximum > bid.amount;
          // A lot requiring binding bids takes them from the bidder's vault, one at a time (no Bitcoin maximum yet).
          const binding = vaultBidsRequired(lot, lot.auctionEvent);
          let offer: Awaited<ReturnType<typeof placeBtcLadder | typeof placeBtcOffer>>;
          if (binding) offer = ladder ? await placeVaultLadder(services, user, bid) : await placeVaultOffer(services, user, bid);
          else offer = ladder ? await placeBtcLadder(services, user, bid, body) : await placeBtcOffer(services, user, bid, body);
          return {
            message: SIGN_TO_PLACE,
            data: {
              ...('ladder' in offer ? { bid: offer.bid, psbtHex: null, ladder: offer.ladder } : { bid: offer.bid, psbtHex: offer.psbtHex }),
              ...bindingOfOffer(offer),
            },
            auctionExtended: false,
            extensionMessage: null,
            endTime: offer.endTime.toISOString(),
            minimumNextBid: offer.minimumNextBid,
          };
        }
        const placed =
          bid.rail === 'card'
            ? await placeCardBid(services, user, bid)
            : await commitBid(services, user, bid, { walletAddress: await walletOfBid(services, user, bid, body.walletAddress), payLater: payLaterCommitment(bid) });
        await afterBidCommitted(services, placed);
        return placedBidReply(placed, user);
      },
    });

    routes.add({
      method: 'get',
      path,
      tag: TAG,
      summary: 'Bid history of a lot, highest first (limit 50)',
      description: "Once the lot ended its history names the final bid and the winner's wallet: signed-out callers get 401 then.",
      query: bidListQuerySchema,
      reply: bidListSchema,
      errors: { 401: messages.browse.logInForResults, 404: messages.browse.auctionNotFound },
      handler: async ({ params, query, user }) => lotBidHistory(services, params.id!, query, user?.id ?? null),
    });
  }

  routes.add({
    method: 'get',
    path: '/auctions/bids/me',
    tag: TAG,
    summary: "The signed-in user's bids, newest first, with their status (the outbid poll's source)",
    description: 'Also the bids only their bidder sees: status "replaced" is a bid superseded by their own change of maximum while the price stood (the bid replacing it keeps its time).',
    access: {},
    query: bidListQuerySchema,
    reply: bidListSchema,
    handler: async ({ query, user }) => bidsOfUser(db.prisma, user.id, query),
  });

  routes.add({
    method: 'delete',
    path: '/auctions/bids/:bidId',
    tag: TAG,
    summary: 'Withdraw your bid once it is outbid, while the lot is open; admins remove any bid, with a reason',
    access: {},
    body: removeBidBodySchema,
    reply: messageReplySchema,
    errors: { 404: bidMessages.bidNotFound, 409: bidMessages.cannotWithdrawHighest },
    handler: async ({ params, body, user }) => {
      const removed = await removeKeepingLeaderBacked(services, user, params.bidId!, body.reason);
      void releaseHoldLater(services, params.bidId!).catch((err: Error) => services.log.warn({ err: err.message, bidId: params.bidId }, 'queueing a hold release failed'));
      await announceLotChanged(services, removed.lotId);
      return { message: removed.status === 'removed' ? bidMessages.removed : bidMessages.withdrawn };
    },
  });
}
