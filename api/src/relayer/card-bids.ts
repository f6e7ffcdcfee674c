/**
 * Card bids on on-chain lots (the spec's "card on-chain bid"): POST /auctions/:id/bids with walletAddress
 * card_payment on a lot that is an auction on Gavel's auction house. The bid intake checks it against the
 * chain's state (started, not over, at least the reserve or the highest bid plus the contract's increment), the card
 * is held for its USD value at the live ETH price plus the hold margin (prices/usd-price.ts) by a manual-capture
 * PaymentIntent, and the relayer is asked to place it on chain (relayer.ts). The reply comes before the
 * transaction is mined: the bid shows as the user's once the relay-bid job has placed it.
 *
 * A card bid here may carry a maximum: the card is held for the maximum's value instead, the relayer bids the
 * amount, and each time someone else outbids it on chain bids the contract's minimum next bid up to the maximum
 * (proxy-steps.ts). The maximum stays in Gavel's database and in its bidder's own replies, never on chain.
 */
import { randomUUID } from 'node:crypto';
import { allInAmount, cardCentsRefusal, coinHoldCents, formatAmount, lotPremiumTable, messages, WEI_PER_ETH, type PlaceBidReply } from '@gavel/domain';
import type { RelayerIntake } from './relayer-services.ts';
import type { UserRow } from '../auth/session.ts';
import { Refused } from '../refused.ts';
import { holdOnCard, lapseOf } from '../payments/bid-holds.ts';
import { cancelIntent } from '../payments/intents.ts';
import { maximumField } from '../bidding/present-bid.ts';
import type { AdmittedBid } from '../bidding/bid-types.ts';
import { fullNameOf, maskName } from '../auth/user-name.ts';

/** A card bid on an auction of the contract, admitted by the bid intake: hold the card, record it, queue the relay. */
export async function placeRelayedCardBid(services: RelayerIntake, user: UserRow, bid: AdmittedBid): Promise<PlaceBidReply> {
  const { db, relayer, payments, prices, log } = services;
  const { lot, amount, maximum } = bid;
  if (!user.stripeCustomerId || !user.stripePaymentMethodId) throw new Refused('forbidden', messages.gates.paymentMethod, 'gate_paymentMethod');

  // Whole cents, rounded up, at a fresh ETH price (or unavailable without one): the hold covers the bid (or the maximum,
  // every step of which it backs) with the buyer's premium the contract takes on top of it, and the margin.
  const allIn = allInAmount(maximum ?? amount, lotPremiumTable(lot, null));
  const holdCents = Number(coinHoldCents(allIn, WEI_PER_ETH, await prices.holdPrice('ETH')));
  const refused = cardCentsRefusal(BigInt(holdCents));
  if (refused) throw new Refused('invalid', refused, 'validation_failed', { [maximum === null ? 'amount' : 'maximum']: refused });
  const bidId = randomUUID();
  const auctionId = lot.chainAuctionId!.toFixed(0);
  const holdId = await holdOnCard(payments.stripe, user, {
    cents: BigInt(holdCents),
    description: 'Gavel on-chain bid hold (captured only if the bid wins)',
    metadata: { relayedBidId: bidId, lotId: lot.id },
    idempotencyKey: `relayed-bid-hold:${bidId}`,
  });
  const row = await db.prisma.relayedBid
    .create({
      data: {
        id: bidId,
        lotId: lot.id,
        userId: user.id,
        auctionId,
        amount: amount.toString(),
        maximum: maximum?.toString() ?? null,
        holdCents,
        paymentIntentId: holdId,
        holdLapsesAt: lapseOf(services),
      },
    })
    .catch(async (error: unknown) => {
      await cancelIntent(payments.stripe, holdId).catch((err: Error) => log.error({ err: err.message, holdId }, 'could not release the hold of an unrecorded relayed bid'));
      throw error;
    });
  // Queued beside the reply; the sweep queues it again if this enqueue is lost.
  void relayer.enqueue('relay-bid', row.id).catch((err: Error) => log.warn({ err: err.message, id: row.id }, 'queueing a relayed bid failed; the sweep retries'));

  return {
    message: messages.bids.placed,
    data: {
      bid: {
        _id: row.id,
        id: row.id,
        auctionId: lot.id,
        amount: formatAmount(amount, 'ETH'),
        unit: 'ETH',
        walletAddress: 'card_payment',
        status: 'active',
        withdrawalStatus: null,
        // The bidder's own reply: the only place besides their own lists and the admin's that shows the maximum.
        ...maximumField(maximum, 'ETH'),
        createdAt: row.createdAt.toISOString(),
        bidder: { displayName: maskName(fullNameOf(user)), isYou: true },
        auction: { _id: lot.id, title: lot.title, currentBid: bid.state.currentBid === null ? null : formatAmount(bid.state.currentBid, 'ETH'), paymentMethod: 'ETH' },
      },
      psbtHex: null,
    },
    auctionExtended: false,
    extensionMessage: null,
    endTime: bid.state.endTime.toISOString(),
    // What the next bid must reach once this one is mined (the contract's increment over it).
    minimumNextBid: formatAmount(amount + bid.increment, 'ETH'),
  };
}
