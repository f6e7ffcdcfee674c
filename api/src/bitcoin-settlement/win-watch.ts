/**
 * A Bitcoin win is only as good as its offer, from the close until its swap confirms. The bidder's coins stay
 * theirs until the swap, so:
 * - at the close, the leading offer is checked once more: a spent one is removed as the running watch would
 *   (btc-offer-watch.ts) and the next valid offer wins, its bidders told (dropSpentLeadersBeforeClose);
 * - after the close (or a Buy Now), the worker watches each won lot until its swap is recorded
 *   (watchBitcoinWins): a winner whose coins are spent and who has not claimed with a fresh offer by the deadline
 *   is marked unpaid (counted on their profile, told by mail), and the admin then offers the lot to the next valid
 *   offer, still signed, or relists it; a seller who has not co-signed a valid offer by the deadline is reminded
 *   once, and after a grace the admins are told.
 * Esplora out of reach at the close never holds the close up: the watch catches a spent winner afterwards.
 */
import { displayAmount, fill, messages, unpaidMessages } from '@gavel/domain';
import type { Lot } from '../generated/prisma/client.ts';
import type { BitcoinConfig } from '../bitcoin/index.ts';
import { Refused, notFound } from '../refused.ts';
import { bitcoinOfferSpentMail, sellerSignOverdueMail, sellerSignReminderMail, wonMail } from '../mail/templates.ts';
import { bidderInputsSpent, removeIfSpent, type OfferWatchDeps } from '../bidding/btc-offer-watch.ts';
import { expectedSwapTxid } from './swap.ts';
import { announceLotChanged, tellWinner } from '../bidding/notify.ts';
import { offerCall } from '../bidding/btc-offer.ts';
import { bindingBidsWithoutOutputs } from '../bidding/vault-bids.ts';
import { issueSaleDocuments, voidSaleDocuments } from '../house/documents.ts';

/** A lot whose bidders spent one offer after another is closed on the next that stands; past this, the watch decides. */
const MAX_DROPPED_AT_CLOSE = 10;
const BATCH = 100;

/** The offer watch's, and the seller's deadlines to co-sign: a win's mail, reminder and admins' notice follow them. */
export type WinWatchDeps = OfferWatchDeps & { config: { bitcoin: Pick<BitcoinConfig, 'sellerOverdueMs' | 'sellerSignDueMs'> } };

/** Before a BTC lot closes: leading offers whose coins were spent are removed until one that can pay leads. */
export async function dropSpentLeadersBeforeClose(services: WinWatchDeps, lotId: string): Promise<void> {
  const { prisma } = services.db;
  for (let i = 0; i < MAX_DROPPED_AT_CLOSE; i++) {
    const leader = await prisma.bid.findFirst({
      where: { lotId, status: 'active', lot: { paymentMethod: 'BTC', status: { in: ['upcoming', 'live'] } } },
      orderBy: [{ amount: 'desc' }, { createdAt: 'asc' }],
      select: { id: true, lotId: true, signedPsbtHex: true },
    });
    if (!leader) return;
    const removed = await removeIfSpent(services, leader).catch((error: Error) => {
      services.log.warn({ err: error.message, lotId }, 'the leading offer could not be checked at the close; the win watch checks it afterwards');
      return false;
    });
    if (!removed) return;
  }
}

/** One turn of the watch over won BTC lots whose swap is not recorded yet, the oldest deadline first. */
export async function watchBitcoinWins(services: WinWatchDeps, now: Date = new Date()): Promise<void> {
  const lots = await services.db.prisma.lot.findMany({
    where: { status: 'ended', paymentMethod: 'BTC', paid: false, unpaidAt: null, winningBidId: { not: null }, sellerSignDueAt: { not: null }, swapTxid: null },
    orderBy: { sellerSignDueAt: 'asc' },
    take: BATCH,
  });
  for (const lot of lots) {
    await watchWin(services, lot, now).catch((error: Error) => services.log.warn({ err: error.message, lotId: lot.id }, 'watching a Bitcoin win failed; the next turn retries'));
  }
}

async function watchWin(services: WinWatchDeps, lot: Lot, now: Date): Promise<void> {
  const { prisma } = services.db;
  const due = lot.sellerSignDueAt!;
  const bid = await prisma.bid.findUnique({ where: { id: lot.winningBidId! }, select: { signedPsbtHex: true } });
  if (bid?.signedPsbtHex && (await bidderInputsSpent(services, bid.signedPsbtHex))) {
    // Spent by the swap itself (the seller broadcast it elsewhere): that is the lot being paid; the follower records it.
    if ((await services.bitcoin.esplora.confirmations(expectedSwapTxid(bid.signedPsbtHex, services.config.bitcoin.network))) !== null) return;
    // Until the deadline the winner may still claim with a fresh offer from other coins (bitcoin-settlement/settle.ts);
    // past it, the purchase is void.
    if (due <= now) await markWinnerUnpaid(services, lot);
    return;
  }
  if (!lot.sellerRemindedAt && due <= now) await remindSeller(services, lot, due);
  if (!lot.sellerOverdueAt && due.getTime() + services.config.bitcoin.sellerOverdueMs <= now.getTime()) await tellAdmins(services, lot, due);
}

/** Exactly once, like a voided USD purchase: the lot unpaid, the winner's unpaid mark up by one, and their mail. */
async function markWinnerUnpaid(services: WinWatchDeps, lot: Lot): Promise<void> {
  const { prisma } = services.db;
  const mailId = await prisma.$transaction(async (tx) => {
    const { count } = await tx.lot.updateMany({ where: { id: lot.id, paid: false, unpaidAt: null, swapTxid: null, winningBidId: lot.winningBidId }, data: { unpaidAt: new Date() } });
    if (count === 0) return null;
    await voidSaleDocuments(tx, lot.id);
    if (!lot.winnerId) return null;
    const winner = await tx.user.update({ where: { id: lot.winnerId }, data: { unpaidCount: { increment: 1 } }, select: { email: true } });
    const amount = displayAmount(BigInt((lot.soldPrice ?? lot.currentBid ?? lot.startingBid).toFixed(0)), 'sats');
    return (await tx.outboxMail.create({ data: bitcoinOfferSpentMail(winner.email, lot.title, amount, lot.id, lot.auctionEventId), select: { id: true } })).id;
  });
  if (!mailId) return;
  services.log.warn({ lotId: lot.id }, "a Bitcoin winner's offer was spent before its swap: the lot is unpaid, for the admin to offer on or relist");
  await services.mailer.enqueue(mailId).catch((err: Error) => services.log.warn({ err: err.message, lotId: lot.id }, 'queueing the unpaid mail failed; the reconcile loop sends it'));
  await announceLotChanged(services, lot.id).catch((err: Error) => services.log.warn({ err: err.message, lotId: lot.id }, 'announcing an unpaid lot failed'));
}

async function remindSeller(services: WinWatchDeps, lot: Lot, due: Date): Promise<void> {
  const { prisma } = services.db;
  const seller = lot.creatorId ? await prisma.user.findUnique({ where: { id: lot.creatorId }, select: { email: true } }) : null;
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.lot.updateMany({ where: { id: lot.id, sellerRemindedAt: null }, data: { sellerRemindedAt: new Date() } });
    if (count === 1 && seller) await tx.outboxMail.create({ data: sellerSignReminderMail(seller.email, lot.title, due, lot.id, lot.auctionEventId) });
  });
}

async function tellAdmins(services: WinWatchDeps, lot: Lot, due: Date): Promise<void> {
  const { prisma } = services.db;
  const [seller, admins] = await Promise.all([
    lot.creatorId ? prisma.user.findUnique({ where: { id: lot.creatorId }, select: { email: true } }) : null,
    prisma.user.findMany({ where: { role: 'admin' }, select: { email: true }, take: 50 }),
  ]);
  const who = seller?.email ?? lot.sellerWalletAddress ?? 'unknown';
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.lot.updateMany({ where: { id: lot.id, sellerOverdueAt: null }, data: { sellerOverdueAt: new Date() } });
    if (count === 0) return;
    for (const admin of admins) await tx.outboxMail.create({ data: sellerSignOverdueMail(admin.email, lot.title, who, due, lot.id, lot.auctionEventId) });
  });
  services.log.warn({ lotId: lot.id, due }, 'a seller has not co-signed a won Bitcoin lot after the reminder: the admins are told');
}

/**
 * The admin's second chance on an unpaid BTC lot: the highest offer by another bidder that is still signed and
 * unspent wins it at its amount, at once (that bidder already signed a binding offer), with a new co-signing
 * deadline. Recorded as an accepted second-chance offer, so the lot's history shows it and the next second
 * chance passes over them.
 */
export async function secondChanceToNextOffer(services: WinWatchDeps, lotId: string) {
  const { prisma } = services.db;
  const lot = await prisma.lot.findUnique({ where: { id: lotId } });
  if (!lot) throw notFound(messages.browse.auctionNotFoundAdmin);
  if (!lot.unpaidAt || lot.paid) throw new Refused('conflict', unpaidMessages.notUnpaid, 'lot_not_unpaid');
  const offered = await prisma.secondChanceOffer.findMany({ where: { lotId }, select: { userId: true } });
  const passedOver = [lot.winnerId, ...offered.map((o) => o.userId)].filter((id): id is string => id !== null);
  const candidates = await prisma.bid.findMany({
    where: { lotId, userId: { not: null, notIn: passedOver }, status: { in: ['active', 'outbid', 'cancelled'] }, signedPsbtHex: { not: null }, createdAt: { gte: lot.startTime } },
    orderBy: [{ amount: 'desc' }, { createdAt: 'asc' }],
    include: { user: { select: { id: true, email: true, name: true, firstName: true, lastName: true } } },
    take: 20,
  });
  let next: (typeof candidates)[number] | undefined;
  // A binding bid whose vault outputs now back another bid of its bidder's is no runner-up.
  const unheld = await bindingBidsWithoutOutputs(prisma, candidates, false);
  for (const bid of candidates) {
    if (unheld.has(bid.id)) continue;
    if (!(await offerCall(() => bidderInputsSpent(services, bid.signedPsbtHex!)))) {
      next = bid;
      break;
    }
  }
  if (!next?.user) throw new Refused('conflict', unpaidMessages.noRunnerUp, 'no_runner_up');
  const winner = next.user;
  const sellerSignBy = new Date(Date.now() + services.config.bitcoin.sellerSignDueMs);
  const made = await prisma.$transaction(async (tx) => {
    // Its outputs held still, under the vault's lock: from the award they back this win (committed.ts).
    if ((await bindingBidsWithoutOutputs(tx, [next], true)).size > 0) throw new Refused('conflict', unpaidMessages.noRunnerUp, 'no_runner_up');
    const { count } = await tx.lot.updateMany({
      where: { id: lotId, unpaidAt: { not: null }, paid: false, swapTxid: null },
      data: {
        winnerId: winner.id,
        winningBidId: next.id,
        soldPrice: next.amount,
        winnerWalletAddress: next.walletAddress,
        unpaidAt: null,
        sellerSignDueAt: sellerSignBy,
        sellerRemindedAt: null,
        sellerOverdueAt: null,
      },
    });
    if (count === 0) throw new Refused('conflict', unpaidMessages.notUnpaid, 'lot_not_unpaid');
    // The runner-up's own invoice, and the seller's statement at this price (the voided winner's were voided).
    await issueSaleDocuments(tx, lotId);
    const now = new Date();
    const offer = await tx.secondChanceOffer.create({ data: { lotId, userId: winner.id, bidId: next.id, amount: next.amount, expiresAt: now, status: 'accepted', acceptedAt: now } });
    const amount = displayAmount(BigInt(next.amount.toFixed(0)), 'sats');
    const mail = await tx.outboxMail.create({
      data: wonMail({ email: winner.email, userId: winner.id }, lot.title, amount, lot.id, lot.auctionEventId, { by: 'bitcoin_offer', sellerSignBy }),
      select: { id: true },
    });
    return { offer, mailId: mail.id, amount };
  });
  await services.mailer.enqueue(made.mailId).catch((err: Error) => services.log.warn({ err: err.message, lotId }, 'queueing the second-chance win mail failed; the reconcile loop sends it'));
  await tellWinner(services, winner.id, lot, made.amount).catch((err: Error) => services.log.warn({ err: err.message, lotId }, 'telling the runner-up of the win failed'));
  await announceLotChanged(services, lotId).catch((err: Error) => services.log.warn({ err: err.message, lotId }, 'announcing a second-chance win failed'));
  return { offer: made.offer, to: winner, message: fill(unpaidMessages.awardedToOffer, { email: winner.email, amount: made.amount }) };
}
