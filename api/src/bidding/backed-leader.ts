/**
 * A card bid leads only with a live hold. Its hold is released once it is outbid (marked releasing, then cancelled
 * at Stripe), so when the bid above it is removed (by an admin, or by the worker because that bid's Bitcoin offer
 * was spent) it would lead again with nothing held. Before such a removal, the bid that would take the lead is held
 * again on its card: a new PaymentIntent (a new idempotency key, recorded as pending like any bid hold), for a bid
 * in sats at the live BTC price, for its maximum when it has one (the proxy rule bids for it again, remove-bid.ts),
 * written on the bid in the removal's own transaction, so it leads from the moment it holds. A card that cannot
 * carry the maximum (declined, or more than a card can take at today's BTC price) is held for the price the bid
 * would lead at instead: the bid leads, bidding no further than its hold, and its bidder is told their maximum was
 * lowered. A card that refuses even that has its bid removed as well (the bidder is told why, through the outbid
 * notifier) and the next bid is tried, until one that is backed (an offer, a wallet bid, a live hold) or none takes
 * the lead.
 */
import { cardAmountRefusal, cardHoldCents, displayAmount, fill, messages, unitFor, type CardBidUnit, type ProxyState } from '@gavel/domain';
import { randomUUID } from 'node:crypto';
import { buyerRates } from '../house/rates.ts';
import type { Bid, Prisma } from '../generated/prisma/client.ts';
import { leadingAgainMail } from '../mail/templates.ts';
import type { UserRow } from '../auth/session.ts';
import { cardRefusal, holdOnCard, lapseOf, releaseBidHold, type HoldDeps } from '../payments/bid-holds.ts';
import { cancelIntent, paymentSetupError } from '../payments/intents.ts';
import { clearPendingHold } from '../payments/pending-holds.ts';
import { leaderAfterRemoval, removeBid } from './remove-bid.ts';
import { tellOutbid, type OutbidTeller } from '../notifications/outbid-notifier.ts';

export const CARD_REFUSED_REASON = 'The card of this bid could not be held again when the bid would have led';

/** The worker acting as an admin for removeBid; it is no account. */
export const SYSTEM = { id: 'system', role: 'admin' } as UserRow;

/** Why a card could not be held again (holdAgain). */
type Unheld = 'refused' | 'no_card';

/** A removal holds the next bid's card anew or gives a hold back, and tells the bidders whose standing changed. */
export type BackedLeaderDeps = HoldDeps & OutbidTeller;

interface Renewed {
  bidId: string;
  paymentIntentId: string;
  holdCents: bigint;
  idempotencyKey: string;
  /** How far the hold lets the bid go, in the lot's unit. */
  upTo: bigint;
  /** When the new hold lapses at Stripe. */
  lapsesAt: Date;
}

/** removeBid, but whoever leads afterwards is backed: a card bid whose hold was released is held again first. */
export async function removeKeepingLeaderBacked(services: BackedLeaderDeps, actor: UserRow, bidId: string, reason: string | undefined) {
  const { prisma } = services.db;
  const refused: string[] = [];
  let lowered: { bidId: string; maximum: bigint } | null = null;
  try {
    for (;;) {
      const removing = await prisma.bid.findUnique({
        where: { id: bidId },
        select: { status: true, lot: { select: { id: true, paymentMethod: true, auctionType: true, startingBid: true } } },
      });
      // Only an admin's removal of the leader makes another bid lead; removeBid refuses or takes anything else as it
      // is, and refuses (LeaderMoved) a leader it did not expect, should the bid have come to lead meanwhile.
      const lot = removing?.status === 'active' && actor.role === 'admin' ? removing.lot : null;
      const next = lot && (await leaderAfterRemoval(prisma, { ...lot, startingBid: lot.startingBid.toFixed(0) }, bidId));
      // A hold still being released is given back first: once the bid carries a new one, nothing would find the old.
      // A Stripe that cannot cancel it now fails the removal, to be tried again.
      if (next && next.bid.holdStatus === 'releasing') {
        await releaseBidHold(services, next.bid.id).catch((error: unknown) => {
          throw paymentSetupError(error);
        });
      }
      const renewal = next && needsNewHold(next.bid) ? await renewHold(services, next, lot!.paymentMethod) : null;
      if (renewal === 'refused' || renewal === 'no_card') {
        const gone = await removeBackedOnly(services, SYSTEM, next!.bid.id, CARD_REFUSED_REASON, null);
        if (gone) refused.push(next!.bid.id);
        continue;
      }
      const removed = await removeBackedOnly(services, actor, bidId, reason, renewal);
      if (!removed) continue;
      // A bid placed meanwhile leads instead: the renewed hold backs nothing.
      if (renewal && removed.promotedBidId !== renewal.bidId) await giveBack(services, renewal);
      else if (renewal && renewal.upTo < next!.state.leader!.maximum) lowered = { bidId: renewal.bidId, maximum: next!.state.leader!.maximum };
      return removed;
    }
  } finally {
    for (const id of refused) await announceCardRefused(services, id).catch((err: Error) => services.log.warn({ err: err.message, bidId: id }, 'telling a refused card bidder failed'));
    if (lowered)
      await announceMaximumLowered(services, lowered).catch((err: Error) => services.log.warn({ err: err.message, bidId: lowered?.bidId }, 'telling a card bidder their maximum was lowered failed'));
  }
}

/**
 * A new hold for the bid that would lead: for its maximum (as far as it will bid), or, when the card cannot carry
 * that, for the price it would lead at, so that it still leads, bidding no further than its hold.
 */
async function renewHold(services: BackedLeaderDeps, next: { bid: Bid; state: ProxyState }, paymentMethod: 'BTC' | 'ETH' | 'Manual'): Promise<Renewed | Unheld> {
  const { maximum } = next.state.leader!;
  const price = next.state.price!;
  const whole = await holdAgain(services, next.bid, paymentMethod, maximum);
  // Only a refusal of the amount can go differently for a smaller one: no saved card is no card for any amount.
  if (whole !== 'refused' || maximum <= price) return whole;
  return holdAgain(services, next.bid, paymentMethod, price);
}

/**
 * removeBid, where the bid that leads afterwards is backed: `renewal`'s bid with its new hold, or any bid that needs
 * no new one. Under the lot's lock the rule may choose another bid than it did before (one placed or withdrawn
 * meanwhile); a card bid without a live hold may not lead, so the removal is undone (null) to be tried again, and
 * an unused renewal given back.
 */
async function removeBackedOnly(services: BackedLeaderDeps, actor: UserRow, bidId: string, reason: string | undefined, renewal: Renewed | null) {
  const onPromoted = async (tx: Prisma.TransactionClient, promotedBidId: string | null) => {
    if (renewal && promotedBidId === renewal.bidId) {
      await tx.bid.update({
        where: { id: renewal.bidId },
        data: { paymentIntentId: renewal.paymentIntentId, holdStatus: 'authorized', holdCents: Number(renewal.holdCents), holdLapsesAt: renewal.lapsesAt },
      });
      await clearPendingHold(tx, renewal.idempotencyKey);
      return;
    }
    if (promotedBidId && needsNewHold(await tx.bid.findUniqueOrThrow({ where: { id: promotedBidId } }))) throw new LeaderMoved();
  };
  return removeBid(services.db.prisma, actor, bidId, reason, { onPromoted, heldUpTo: renewal && { bidId: renewal.bidId, amount: renewal.upTo } }).catch(async (error: unknown) => {
    if (renewal) await giveBack(services, renewal);
    if (error instanceof LeaderMoved) return null;
    throw error;
  });
}

class LeaderMoved extends Error {}

/** A card bid (it had a hold) whose hold is no longer live: released, or being released (payments/bid-holds.ts). */
function needsNewHold(bid: Bid): boolean {
  return bid.holdStatus !== null && bid.holdStatus !== 'authorized';
}

/**
 * A new hold for `bid` on its bidder's saved card, for `amount` (as far as it will bid: its maximum, else the price),
 * or why it cannot back it: 'refused', the amount (more than a card payment can be, or declined by the card);
 * 'no_card', no saved card that Stripe still knows.
 */
async function holdAgain(services: BackedLeaderDeps, bid: Bid, paymentMethod: 'BTC' | 'ETH' | 'Manual', amount: bigint): Promise<Renewed | Unheld> {
  const user = bid.userId ? await services.db.prisma.user.findUnique({ where: { id: bid.userId } }) : null;
  if (!user?.stripeCustomerId || !user.stripePaymentMethodId) return 'no_card';
  const unit = unitFor(paymentMethod) as CardBidUnit;
  // Held at today's price; without a fresh one this throws, and the removal waits for its next try.
  const btcPrice = unit === 'sats' ? await services.prices.holdPrice('BTC') : null;
  // All in, as the bid's first hold was (payments/bid-holds.ts).
  const { premium, tax } = await buyerRates(services.db.prisma, bid.lotId, user.id);
  if (cardAmountRefusal(amount, unit, btcPrice, premium, tax)) return 'refused';
  const holdCents = cardHoldCents(amount, unit, btcPrice, premium, tax);
  const idempotencyKey = `bid-hold:${bid.id}:renewed:${randomUUID()}`;
  try {
    const paymentIntentId = await holdOnCard(services.payments.stripe, user, {
      cents: holdCents,
      description: 'Gavel bid hold, renewed as the bid leads again (captured only if the bid wins)',
      metadata: { bidId: bid.id, lotId: bid.lotId },
      idempotencyKey,
      pendingIn: services.db.prisma,
    });
    return { bidId: bid.id, paymentIntentId, holdCents, idempotencyKey, upTo: amount, lapsesAt: lapseOf(services) };
  } catch (error) {
    // Declined, or the saved card is gone: nothing backs this bid.
    const refusal = cardRefusal(error);
    if (refusal) return refusal;
    throw error;
  }
}

async function giveBack(services: BackedLeaderDeps, renewal: Renewed): Promise<void> {
  await cancelIntent(services.payments.stripe, renewal.paymentIntentId)
    .then(() => clearPendingHold(services.db.prisma, renewal.idempotencyKey))
    .catch((err: Error) => services.log.warn({ err: err.message, bidId: renewal.bidId }, 'an unneeded renewed hold could not be released; the payments reconcile will'));
}

/** The bidder whose maximum the card could not carry leads at the price, and is told how far their bid now goes. */
async function announceMaximumLowered(services: BackedLeaderDeps, lowered: { bidId: string; maximum: bigint }): Promise<void> {
  const bid = await services.db.prisma.bid.findUniqueOrThrow({ where: { id: lowered.bidId }, include: { lot: true, user: { select: { email: true } } } });
  if (!bid.user || bid.status !== 'active') return;
  const unit = unitFor(bid.lot.paymentMethod);
  const text = fill(messages.bids.maximumLoweredMessage, {
    title: bid.lot.title,
    amount: displayAmount(BigInt(bid.amount.toFixed(0)), unit),
    maximum: displayAmount(lowered.maximum, unit),
    held: displayAmount(BigInt((bid.maximum ?? bid.amount).toFixed(0)), unit),
  });
  await services.mailer.send(leadingAgainMail(bid.user.email, messages.bids.maximumLoweredTitle, text, bid.lot.id, bid.lot.auctionEventId));
}

/** The removed card bidder hears it as an outbid, with the reason in the mail. */
async function announceCardRefused(services: BackedLeaderDeps, bidId: string): Promise<void> {
  const bid = await services.db.prisma.bid.findUniqueOrThrow({ where: { id: bidId }, include: { lot: true, user: { select: { email: true } } } });
  if (!bid.userId || !bid.user) return;
  const { lot } = bid;
  const unit = unitFor(lot.paymentMethod);
  const bidAmount = BigInt(bid.amount.toFixed(0));
  const currentAmount = BigInt((lot.currentBid ?? lot.startingBid).toFixed(0));
  const mailText = fill(messages.bids.cardRefusedMessage, { bid: displayAmount(bidAmount, unit), title: lot.title, amount: displayAmount(currentAmount, unit) });
  await tellOutbid(services, { userId: bid.userId, bidId: bid.id, lot, unit, bidAmount, currentAmount, mailText });
}
