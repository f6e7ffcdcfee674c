/**
 * A card hold lasts only as long as the card network lets an uncaptured authorisation stand (Stripe: 7 days,
 * CARD_HOLD_LAPSE_MS), but a card bid may have to lead for far longer (60-day auctions; USD lots have no limit),
 * and a lead must be backed at every moment, the close included. So each hold records when it lapses, and the
 * worker renews the holds that must still last before then (CARD_HOLD_RENEW_MARGIN_MS ahead): an off-session
 * authorisation on the saved card for the same amount, written in place of the old one, which is then released.
 * - a leading card bid (Bid); a card bid on chain, or the placed step of a card maximum (RelayedBid); a held Buy
 *   Now still waiting for the cart's checkout (CardPayment, checkout/cart-hold-renewal.ts);
 * - every new hold has its own idempotency key and is recorded as pending before Stripe is asked (pending-holds.ts),
 *   so a crash between the two is cancelled by the reconcile; the swap is one conditional update, under the lot's
 *   lock for a bid: a close (or an outbid, a removal) that comes first keeps the old hold, which is then the one
 *   captured or released, and the new one is given back; a swap that comes first is what they find;
 * - a renewal the card refuses, or a hold Stripe cancelled (lapsed, or cancelled in the Dashboard: the webhook),
 *   leaves the bid without backing: an off-chain bid is removed as an admin's removal would (the lead passes to
 *   the next backed bid, backed-leader.ts); a bid on chain cannot be taken back, so its maximum stops answering;
 *   either way its bidder is told, by mail and on their stream.
 */
import { displayAmount, fill, messages, unitFor } from '@gavel/domain';
import { randomUUID } from 'node:crypto';
import type { RelayedBid } from '../generated/prisma/client.ts';
import { Refused } from '../refused.ts';
import { removeKeepingLeaderBacked, SYSTEM, type BackedLeaderDeps } from '../bidding/backed-leader.ts';
import { tellOutbid } from '../notifications/outbid-notifier.ts';
import { announceLotChanged } from '../bidding/notify.ts';
import { cardRefusal, holdOnCard, lapseOf, releaseHoldLater } from '../payments/bid-holds.ts';
import { cancelIntent } from '../payments/intents.ts';
import { clearPendingHold } from '../payments/pending-holds.ts';
import { renewCartHolds } from '../checkout/cart-hold-renewal.ts';
import type { BuyNowDeps } from '../checkout/buy-now.ts';

export const HOLD_LAPSED_REASON = 'The card hold of this bid ran out and the card could not be held for it again';

const BATCH = 100;

/** A lost hold passes its bid's lead on (backed-leader.ts); a held Buy Now is renewed as its purchase needs (checkout/). */
type RenewalDeps = BackedLeaderDeps & BuyNowDeps;

/**
 * The worker's turn: renews every hold that must last and lapses within the margin of `now`, and passes on the lead
 * of any card bid left leading without a live hold. `now`: the clock (tests move it).
 */
export async function renewLapsingHolds(services: RenewalDeps, now = new Date()): Promise<{ renewed: number; lost: number }> {
  const { prisma } = services.db;
  const soon = new Date(now.getTime() + services.payments.config.holdRenewMarginMs);
  const open = { status: { notIn: ['ended' as const, 'cancelled' as const] } };
  const count = { renewed: 0, lost: 0 };
  const later = (what: string, id: string) => (err: Error) => services.log.warn({ err: err.message, id }, `${what}; the next turn tries again`);

  const bids = await prisma.bid.findMany({ where: { status: 'active', holdStatus: 'authorized', holdLapsesAt: { lt: soon }, lot: open }, select: { id: true }, take: BATCH });
  for (const { id } of bids) {
    const outcome = await renewBidHold(services, id, now).catch(later('a card bid’s hold could not be renewed', id));
    if (outcome === 'renewed') count.renewed++;
    if (outcome === 'lost') count.lost++;
  }
  // Leading with a hold that is gone: Stripe cancelled it (its webhook queues this too), or a renewal was refused.
  const unbacked = await prisma.bid.findMany({ where: { status: 'active', holdStatus: { in: ['released', 'failed'] }, lot: open }, select: { id: true }, take: BATCH });
  for (const { id } of unbacked) if (await passLeadOfUnbacked(services, id).catch(later('an unbacked card bid’s lead could not be passed on', id))) count.lost++;

  const relayed = await prisma.relayedBid.findMany({ where: { status: 'placed', holdStatus: 'authorized', holdLapsesAt: { lt: soon } }, take: BATCH });
  for (const row of relayed) {
    const outcome = await renewRelayedHold(services, row, now).catch(later('a relayed card bid’s hold could not be renewed', row.id));
    if (outcome === 'renewed') count.renewed++;
    if (outcome === 'lost') count.lost++;
  }
  const carts = await renewCartHolds(services, now, soon);
  return { renewed: count.renewed + carts.renewed, lost: count.lost + carts.lost };
}

/** Stripe cancelled a hold a standing bid carries (the webhook's job): as if its renewal had been refused. */
export async function holdLostAtStripe(services: RenewalDeps, paymentIntentId: string): Promise<void> {
  const bid = await services.db.prisma.bid.findFirst({ where: { paymentIntentId, status: 'active' }, select: { id: true } });
  if (bid) await passLeadOfUnbacked(services, bid.id);
  await relayedHoldLost(services, paymentIntentId);
}

/** The old hold swapped for a new one (renewed), nothing to do (gone: outbid, closed or renewed meanwhile), or refused (lost). */
type Renewal = 'renewed' | 'gone' | 'lost';

/** A new hold on a card bid's card for its hold's amount, swapped in under the lot's lock if the bid still leads an open lot. */
export async function renewBidHold(services: RenewalDeps, bidId: string, now = new Date()): Promise<Renewal> {
  const { prisma } = services.db;
  const bid = await prisma.bid.findUnique({ where: { id: bidId }, include: { user: true } });
  if (!bid?.paymentIntentId || bid.holdStatus !== 'authorized' || bid.status !== 'active' || bid.holdCents === null) return 'gone';
  const old = bid.paymentIntentId;
  const idempotencyKey = `bid-hold:${bid.id}:renewal:${randomUUID()}`;
  let fresh: string;
  try {
    if (!bid.user) throw new Refused('forbidden', messages.gates.paymentMethod, 'gate_paymentMethod');
    fresh = await holdOnCard(services.payments.stripe, bid.user, {
      cents: BigInt(bid.holdCents),
      description: 'Gavel bid hold, renewed before the card network lets it lapse (captured only if the bid wins)',
      metadata: { bidId: bid.id, lotId: bid.lotId },
      idempotencyKey,
      pendingIn: prisma,
    });
  } catch (error) {
    // The card refused the new hold or is gone: the old one cannot be renewed.
    if (!cardRefusal(error)) throw error;
    return (await passLeadOfUnbacked(services, bid.id, { renewalRefused: old })) ? 'lost' : 'gone';
  }
  const swapped = await prisma.$transaction(async (tx) => {
    // The lot's row lock is the close's: a close that came first leaves the old hold for its capture.
    const n = await tx.$executeRaw`
      WITH open AS (SELECT id FROM "Lot" WHERE id = ${bid.lotId} AND status NOT IN ('ended', 'cancelled') FOR NO KEY UPDATE)
      UPDATE "Bid" b SET "paymentIntentId" = ${fresh}, "holdLapsesAt" = ${lapseOf(services, now)}, "updatedAt" = now() FROM open
       WHERE b.id = ${bid.id} AND b."lotId" = open.id AND b."paymentIntentId" = ${old} AND b."holdStatus" = 'authorized' AND b.status = 'active'`;
    if (n === 1) await clearPendingHold(tx, idempotencyKey);
    return n === 1;
  });
  await releaseSwapped(services, swapped ? old : fresh, swapped ? null : idempotencyKey, bid.id);
  return swapped ? 'renewed' : 'gone';
}

/**
 * The hold no row carries any more: the old one after a swap, or the new one when the swap found the bid moved on
 * (then its pending record goes too). One Stripe will not cancel now lapses by itself within the margin; a new one
 * left pending is cancelled by the reconcile.
 */
async function releaseSwapped(services: RenewalDeps, paymentIntentId: string, pendingKey: string | null, id: string): Promise<void> {
  await cancelIntent(services.payments.stripe, paymentIntentId)
    .then(() => (pendingKey ? clearPendingHold(services.db.prisma, pendingKey) : undefined))
    .catch((err: Error) => services.log.warn({ err: err.message, id, paymentIntentId }, 'a hold no bid carries could not be released; it lapses on its own'));
}

/**
 * A card bid leading with no live hold behind it, or about to (`renewalRefused`: its card refused the renewal of this
 * hold): removed as an admin would, so the lead passes to the next backed bid; its hold, if still live, is released;
 * its bidder told. False when it no longer leads an open lot (outbid, removed, closed, or renewed meanwhile).
 */
export async function passLeadOfUnbacked(services: RenewalDeps, bidId: string, { renewalRefused }: { renewalRefused?: string } = {}): Promise<boolean> {
  const { prisma } = services.db;
  const bid = await prisma.bid.findUnique({ where: { id: bidId }, include: { lot: { select: { status: true } } } });
  if (bid?.status !== 'active' || bid.lot.status === 'ended' || bid.lot.status === 'cancelled') return false;
  const unbacked = renewalRefused ? bid.holdStatus === 'authorized' && bid.paymentIntentId === renewalRefused : bid.holdStatus === 'released' || bid.holdStatus === 'failed';
  if (!unbacked) return false;
  const removed = await removeKeepingLeaderBacked(services, SYSTEM, bid.id, HOLD_LAPSED_REASON).catch((error: unknown) => {
    // Another turn (the webhook's job, the sweep) removed it first.
    if (error instanceof Refused && error.kind === 'not_found') return null;
    throw error;
  });
  if (!removed) return false;
  await releaseHoldLater(services, bid.id);
  await announceLotChanged(services, removed.lotId);
  await tellHoldLapsed(services, bid.id);
  return true;
}

async function tellHoldLapsed(services: RenewalDeps, bidId: string): Promise<void> {
  const bid = await services.db.prisma.bid.findUniqueOrThrow({ where: { id: bidId }, include: { lot: true } });
  if (!bid.userId) return;
  const { lot } = bid;
  const unit = unitFor(lot.paymentMethod);
  const bidAmount = BigInt(bid.amount.toFixed(0));
  const currentAmount = BigInt((lot.currentBid ?? lot.startingBid).toFixed(0));
  const mailText = fill(messages.bids.holdLapsedMessage, { bid: displayAmount(bidAmount, unit), title: lot.title, amount: displayAmount(currentAmount, unit) });
  await tellOutbid(services, { userId: bid.userId, bidId: bid.id, lot, unit, bidAmount, currentAmount, mailText });
}

/**
 * The same for a placed relayed card bid (a plain one, or a card maximum's current step): the swap is conditional on
 * the row still being placed with this hold, so a step the sweep meanwhile marked won (captured by its delivery) or
 * outbid (passed on or released from the row as it then is) keeps the hold it had.
 */
export async function renewRelayedHold(services: RenewalDeps, row: RelayedBid, now = new Date()): Promise<Renewal> {
  const { prisma } = services.db;
  const user = await prisma.user.findUnique({ where: { id: row.userId } });
  const idempotencyKey = `relayed-bid-hold:${row.id}:renewal:${randomUUID()}`;
  let fresh: string;
  try {
    if (!user) throw new Refused('forbidden', messages.gates.paymentMethod, 'gate_paymentMethod');
    fresh = await holdOnCard(services.payments.stripe, user, {
      cents: BigInt(row.holdCents),
      description: 'Gavel on-chain bid hold, renewed before the card network lets it lapse (captured only if the bid wins)',
      metadata: { relayedBidId: row.id, lotId: row.lotId },
      idempotencyKey,
      pendingIn: prisma,
    });
  } catch (error) {
    // The card refused the new hold or is gone: the old one cannot be renewed.
    if (!cardRefusal(error)) throw error;
    return (await relayedHoldLost(services, row.paymentIntentId, { release: true })) ? 'lost' : 'gone';
  }
  const swapped = await prisma.$transaction(async (tx) => {
    const { count } = await tx.relayedBid.updateMany({
      where: { id: row.id, status: 'placed', holdStatus: 'authorized', paymentIntentId: row.paymentIntentId },
      data: { paymentIntentId: fresh, holdLapsesAt: lapseOf(services, now) },
    });
    if (count === 1) await clearPendingHold(tx, idempotencyKey);
    return count === 1;
  });
  await releaseSwapped(services, swapped ? row.paymentIntentId : fresh, swapped ? null : idempotencyKey, row.id);
  return swapped ? 'renewed' : 'gone';
}

/**
 * A relayed card bid's hold is gone (Stripe cancelled it) or could not be renewed (`release`: the old one, still live
 * for a while, is given back, as nothing renews it). The bid stays on chain, but its hold is marked failed, so a card
 * maximum answers no further outbid (proxy-steps.ts passes on only an authorised hold), and its bidder is told, once.
 */
export async function relayedHoldLost(services: RenewalDeps, paymentIntentId: string, { release = false } = {}): Promise<boolean> {
  const { prisma } = services.db;
  // Placed: on chain, with nothing else releasing its hold (an outbid or refused one's is released by the relayer).
  const row = await prisma.relayedBid.findFirst({ where: { paymentIntentId, status: 'placed', holdStatus: 'authorized' } });
  if (!row) return false;
  const { count } = await prisma.relayedBid.updateMany({ where: { id: row.id, paymentIntentId, status: 'placed', holdStatus: 'authorized' }, data: { holdStatus: 'failed' } });
  if (count !== 1) return false;
  if (release) await releaseSwapped(services, paymentIntentId, null, row.id);
  const lot = await prisma.lot.findUnique({ where: { id: row.lotId }, select: { id: true, title: true, auctionEventId: true } });
  if (!lot) return true;
  const amount = BigInt(row.amount.toFixed(0));
  const mailText = fill(messages.bids.relayedHoldLapsedMessage, { bid: displayAmount(amount, 'ETH'), title: lot.title });
  await tellOutbid(services, { userId: row.userId, bidId: row.id, lot, unit: 'ETH', bidAmount: amount, currentAmount: amount, mailText });
  return true;
}
