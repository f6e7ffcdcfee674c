/**
 * Taking a bid back. A bidder may withdraw their own bid by the rule the dapp shows (`mayWithdraw`: an outbid bid
 * while the lot's clock says it is open, so also before a due close job has run); an admin may remove any bid,
 * with the reason kept. Removing the leading bid runs the proxy rule again over the bids that remain
 * (`standingAfterRemoval`), under the lot's row lock so it cannot interleave with a new bid: the highest maximum
 * left leads and keeps bidding for its bidder, at the price the bids below it make.
 */
import { allInAmount, hammerWithin, mayWithdraw, messages, minimumIncrement, phaseOf, shownStatus, standingAfterRemoval, type ClockedLot, type ProxyState, type StandingBid } from '@gavel/domain';
import type { Bid, Prisma, PrismaClient } from '../generated/prisma/client.ts';
import { Refused, notFound } from '../refused.ts';
import type { UserRow } from '../auth/session.ts';
import { MOVE_TO_STEP_SQL } from './ladder-step.ts';
import { payLaterAvailable } from './pay-later.ts';
import { buyerRates } from '../house/rates.ts';
import { bindingBidsWithoutOutputs } from './vault-bids.ts';

const bidMessages = messages.bids;

type OnPromoted = (tx: Prisma.TransactionClient, promotedBidId: string | null) => Promise<void>;
type Removed = { lotId: string; status: 'withdrawn' | 'removed'; promotedBidId: string | null };
/** A card maximum whose renewed hold covers only up to `amount` (in the lot's unit): it bids no further than that. */
type HeldUpTo = { bidId: string; amount: bigint };
/**
 * `onPromoted`: runs in the removal's transaction with the bid that leads now (null: none, or the removed bid
 * was not leading), for what must be true of a leader the moment it leads (a card bid's renewed hold).
 * `heldUpTo`: how far that renewed hold lets its bid go, should it lead.
 */
type Promotion = { onPromoted?: OnPromoted; heldUpTo?: HeldUpTo | null };

export async function removeBid(prisma: PrismaClient, actor: UserRow, bidId: string, reason: string | undefined, promotion: Promotion = {}): Promise<Removed> {
  const bid = await prisma.bid.findUnique({ where: { id: bidId } });
  if (!bid || bid.status === 'withdrawn' || bid.status === 'removed') throw notFound(bidMessages.bidNotFound);
  const admin = actor.role === 'admin';
  if (!admin && bid.userId !== actor.id) throw new Refused('forbidden', bidMessages.notYourBid, 'not_your_bid');

  for (let attempt = 1; ; attempt++) {
    try {
      return await removeUnderLock(prisma, actor, bid, reason, promotion);
    } catch (error) {
      // A pay-later bidder who was placing a bid meanwhile: their bid's transaction is short, so try again.
      if (!(error instanceof BidderBusy)) throw error;
      if (attempt === BIDDER_BUSY_ATTEMPTS) throw new Refused('unavailable', messages.server.busy, 'busy');
      await new Promise((resolve) => setTimeout(resolve, BIDDER_LOCK_WAIT_MS * attempt));
    }
  }
}

/** How long a removal waits for a pay-later bidder's row, and how often it tries again, before it answers busy. */
const BIDDER_LOCK_WAIT_MS = 100;
const BIDDER_BUSY_ATTEMPTS = 20;

class BidderBusy extends Error {}

async function removeUnderLock(prisma: PrismaClient, actor: UserRow, bid: Bid, reason: string | undefined, { onPromoted, heldUpTo }: Promotion): Promise<Removed> {
  const bidId = bid.id;
  const admin = actor.role === 'admin';
  return prisma.$transaction(async (tx) => {
    const [lot] = await tx.$queryRaw<Array<ClockedLot & { startingBid: string }>>`
      SELECT status::text, "startTime", "endTime", "paymentMethod"::text, "auctionType"::text, "startingBid"::text FROM "Lot" WHERE id = ${bid.lotId} FOR NO KEY UPDATE`;
    const current = await tx.bid.findUniqueOrThrow({ where: { id: bidId } });
    if (!admin) assertWithdrawable(lot!, current);
    const status = admin ? 'removed' : 'withdrawn';
    await tx.bid.update({ where: { id: bidId }, data: { status, removedReason: admin ? (reason ?? null) : null } });
    if (current.status === 'active') {
      const next = await leaderAfterRemoval(tx, { ...lot!, id: bid.lotId }, bidId, { lockBidders: true, heldUpTo });
      const price = next?.state.price ?? null;
      if (next) {
        // A maximum leads again as far as it still reaches (a pay-later one, within what its bidder's limit has left).
        const maximum = next.bid.maximum === null ? null : next.state.leader!.maximum.toString();
        await tx.bid.update({ where: { id: next.bid.id }, data: { status: 'active', amount: price!.toString(), maximum } });
        // A ladder shown at a higher step than it last stood at carries that step's signed offer.
        if (next.state.leader?.steps) await tx.$executeRawUnsafe(MOVE_TO_STEP_SQL, next.bid.id);
      }
      const leader = next?.state.leader;
      await tx.lot.update({
        where: { id: bid.lotId },
        data: {
          currentBid: price?.toString() ?? null,
          currentPrice: price?.toString() ?? lot!.startingBid,
          bidCount: { decrement: 1 },
          leaderMaximum: leader && leader.maximum > price! ? leader.maximum.toString() : null,
          runnerUpMaximum: next?.state.runnerUp?.toString() ?? null,
        },
      });
      await onPromoted?.(tx, next?.bid.id ?? null);
      return { lotId: bid.lotId, status, promotedBidId: next?.bid.id ?? null };
    }
    // A bid no longer standing (cancelled by a Buy Now or a relisting) was already taken out of the count; one its
    // bidder's change of maximum replaced was never in it.
    if (current.status === 'outbid') await tx.lot.update({ where: { id: bid.lotId }, data: { bidCount: { decrement: 1 } } });
    await onPromoted?.(tx, null);
    return { lotId: bid.lotId, status, promotedBidId: null };
  });
}

/**
 * Who would lead once the leading bid `removingId` is gone, and at what standing: the proxy rule run again over the
 * bids that remain, in the order they were placed. Read before a removal (to hold a card bid again first) and again
 * under the lot's lock by the removal itself.
 */
export async function leaderAfterRemoval(
  db: Prisma.TransactionClient | PrismaClient,
  lot: Pick<ClockedLot, 'paymentMethod' | 'auctionType'> & { id: string; startingBid: string },
  removingId: string,
  { lockBidders = false, heldUpTo = null }: { lockBidders?: boolean; heldUpTo?: HeldUpTo | null } = {},
): Promise<{ bid: Bid; state: ProxyState } | null> {
  const bids = await db.bid.findMany({
    where: { lotId: lot.id, status: { in: ['active', 'outbid'] }, id: { not: removingId } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  // A Bitcoin wallet's maximum is a ladder of signed offers, each a step it can be shown at.
  const offers =
    lot.paymentMethod === 'BTC' && bids.some((b) => b.maximum !== null)
      ? await db.btcOffer.findMany({ where: { ladderId: { in: bids.map((b) => b.id) }, signedPsbtHex: { not: null } }, select: { ladderId: true, amount: true }, orderBy: { amount: 'asc' } })
      : [];
  // A binding bid whose vault outputs another bid of its bidder's took over while it was outbid cannot lead again.
  const unheld = lot.paymentMethod === 'BTC' ? await bindingBidsWithoutOutputs(db, bids, lockBidders) : new Set<string>();
  const standing = bids.flatMap((b): StandingBid[] => {
    if (unheld.has(b.id)) return [];
    const steps = offers.filter((o) => o.ladderId === b.id).map((o) => BigInt(o.amount.toFixed(0)));
    const amount = BigInt(b.amount.toFixed(0));
    let maximum = b.maximum === null ? null : BigInt(b.maximum.toFixed(0));
    // A card bid whose renewed hold covers less than its maximum bids only as far as the hold; one whose hold does
    // not even cover its amount cannot lead on it.
    if (heldUpTo?.bidId === b.id && heldUpTo.amount < (maximum ?? amount)) {
      if (heldUpTo.amount < amount) return [];
      maximum = heldUpTo.amount > amount ? heldUpTo.amount : null;
    }
    return [
      {
        id: b.id,
        // A bid whose bidder's account is gone still stands, as nobody who could bid again.
        bidderId: b.userId ?? `bid:${b.id}`,
        amount,
        maximum,
        ...(steps.length > 0 && { steps }),
      },
    ];
  });
  const rules = { startingBid: BigInt(lot.startingBid), increment: minimumIncrement(lot) };
  // A pay-later bid counts against its bidder's limit only while it leads, so its allowance may have gone to other
  // bids while it was outbid: leading again, a maximum bids only as far as what is left, a bidder whose bid no longer
  // fits at its own amount cannot lead (their bids stay outbid), and the rule runs again, which may let another bid
  // lead. Under the lot's lock (`lockBidders`), the allowance is read under the bidder's lock too, as a bid reads it,
  // so a bid they place on another lot meanwhile cannot spend the same allowance.
  let candidates = standing;
  for (;;) {
    const next = standingAfterRemoval(candidates, rules);
    if (!next) return null;
    const bid = bids.find((b) => b.id === next.bidId)!;
    const entry = candidates.find((b) => b.id === bid.id)!;
    if (lot.paymentMethod !== 'Manual' || bid.holdStatus !== null || !bid.userId) return { bid, state: next.state };
    if (lockBidders) await lockBidder(db as Prisma.TransactionClient, bid.userId);
    const { available } = await payLaterAvailable(db, bid.userId, lot.id);
    // The allowance is counted all in (the hammer, the lot's buyer's premium and the bidder's tax), as the bid's own check counts it.
    const { premium, tax } = await buyerRates(db, lot.id, bid.userId);
    if (available >= allInAmount(entry.maximum ?? entry.amount, premium, tax)) return { bid, state: next.state };
    if (available >= allInAmount(entry.amount, premium, tax)) {
      const top = hammerWithin(available, premium, tax);
      entry.maximum = top > entry.amount ? top : null;
    } else candidates = candidates.filter((b) => b.bidderId !== entry.bidderId);
  }
}

/**
 * Bids lock their bidder before their lot, and the removal holds the lot already: it waits for the bidder only
 * briefly, well under PostgreSQL's deadlock check, and gives way (BidderBusy: the removal is tried again) when the
 * bidder is bidding on this very lot, so their bid goes through and is never the one a deadlock cancels.
 */
async function lockBidder(tx: Prisma.TransactionClient, userId: string): Promise<void> {
  await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = '${BIDDER_LOCK_WAIT_MS}ms'`);
  try {
    await tx.$queryRaw`SELECT 1 FROM "User" WHERE id = ${userId} FOR NO KEY UPDATE`;
  } catch (error) {
    const code = (error as { meta?: { driverAdapterError?: { cause?: { originalCode?: string } } } }).meta?.driverAdapterError?.cause?.originalCode;
    if (code === LOCK_NOT_AVAILABLE) throw new BidderBusy();
    throw error;
  }
  await tx.$executeRawUnsafe('SET LOCAL lock_timeout TO DEFAULT');
}

/** PostgreSQL's lock_not_available, which lock_timeout raises. */
const LOCK_NOT_AVAILABLE = '55P03';

/** A bidder's own withdrawal: refused, with the reason, unless `mayWithdraw` allows it on the lot's clocked phase. */
function assertWithdrawable(lot: ClockedLot, bid: { status: string }): void {
  const shown = shownStatus(lot);
  if (mayWithdraw({ status: shown }, { status: bid.status, onChain: false })) return;
  const phase = phaseOf(shown);
  if (phase === 'ended') throw new Refused('conflict', bidMessages.ended, 'lot_ended');
  if (phase === 'cancelled') throw new Refused('conflict', bidMessages.cancelled, 'lot_cancelled');
  if (bid.status === 'active') throw new Refused('conflict', bidMessages.cannotWithdrawHighest, 'bid_is_highest');
  throw new Refused('conflict', bidMessages.notWithdrawable, 'bid_not_withdrawable');
}
