/**
 * Relisting a lot voided for non-payment: it goes back on sale between the times the admin gives (checked by the
 * lot form's rules, the event's window included), with no winner, no price reached and no bids. The old sale's
 * bids stay as its history, cancelled, so none of them leads or wins the new sale; a second-chance offer still
 * open is withdrawn. Refused while a second-chance offer is being paid, so a card charged for it always gets
 * the lot.
 *
 * An auction on the auction house is not relisted here: its sale is the chain's, and its NFT is with the relayer (a
 * won card bid left unpaid), so a new sale needs a new auction on chain, which Gavel does not start for it.
 */
import { checkLotEdit, formatAmount, unitFor, unpaidMessages, type RelistBody } from '@gavel/domain';
import type { Prisma as P } from '../generated/prisma/client.ts';
import type { Logger } from 'pino';
import type { LotClock } from '../jobs/lot-clock.ts';
import type { Payments } from '../payments/index.ts';
import { Refused } from '../refused.ts';
import type { LotRow } from '../lots/present.ts';
import { loadLot } from './lot-view.ts';
import { lotsChanged, type LotChanges } from './lot-writes.ts';
import { HELD_AT_STRIPE } from '../payments/intent-state.ts';

/** `services`: the lot's caches and watchers, the close's clock and the queue that releases the old sale's holds. */
export async function relistLot(services: LotChanges & { log: Logger; lotClock: Pick<LotClock, 'scheduleEnd'>; payments: Pick<Payments, 'jobs'> }, lotId: string, body: RelistBody): Promise<LotRow> {
  const { prisma } = services.db;
  const row = await loadLot(prisma, lotId);
  if (!row.unpaidAt || row.paid) throw new Refused('conflict', unpaidMessages.notUnpaid, 'lot_not_unpaid');
  if (row.chainAuctionId !== null) throw new Refused('conflict', unpaidMessages.relistOnChain, 'relist_on_chain');
  const event = await prisma.auctionEvent.findUniqueOrThrow({ where: { id: row.auctionEventId } });
  const unit = unitFor(row.paymentMethod);
  const text = (value: P.Decimal | null) => (value === null ? null : formatAmount(BigInt(value.toFixed(0)), unit));
  const now = new Date();
  const checked = checkLotEdit(
    {
      title: row.title,
      paymentMethod: row.paymentMethod,
      startTime: body.startTime,
      endTime: body.endTime,
      startingBid: text(row.startingBid),
      reservePrice: text(row.reservePrice),
      buyNowEnabled: row.buyNowEnabled,
      buyNowPrice: text(row.buyNowPrice),
      estimateLow: text(row.estimateLow),
      estimateHigh: text(row.estimateHigh),
    },
    { event, now },
  );
  if (!checked.ok) throw new Refused('invalid', checked.message, checked.code, checked.fields);
  // A start already past means now: every bid of the new sale comes after it, which keeps the old sale's apart.
  const startTime = checked.values.startTime < now ? now : checked.values.startTime;
  const { endTime } = checked.values;

  const relisted = await prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "Lot" WHERE id = ${lotId} FOR NO KEY UPDATE`;
    if (await tx.secondChanceOffer.count({ where: { lotId, status: 'accepting' } })) throw new Refused('conflict', unpaidMessages.offerInFlight, 'offer_in_flight');
    const { count } = await tx.lot.updateMany({
      where: { id: lotId, unpaidAt: { not: null }, paid: false },
      data: {
        status: startTime <= now ? 'live' : 'upcoming',
        startTime,
        endTime,
        closedAt: null,
        winnerId: null,
        winnerWalletAddress: null,
        winningBidId: null,
        soldPrice: null,
        currentBid: null,
        currentPrice: row.startingBid,
        bidCount: 0,
        txHash: null,
        paidAt: null,
        boughtNow: false,
        unpaidAt: null,
        paymentDueAt: null,
      },
    });
    if (count === 0) return false;
    await tx.secondChanceOffer.updateMany({ where: { lotId, status: 'open' }, data: { status: 'withdrawn' } });
    await tx.bid.updateMany({ where: { lotId, status: { in: ['active', 'outbid'] } }, data: { status: 'cancelled' } });
    // The new sale's bidders and watchers are told again as it ends.
    await tx.notificationSent.deleteMany({ where: { lotId, kind: { startsWith: 'ending_soon:' } } });
    return true;
  });
  if (!relisted) throw new Refused('conflict', unpaidMessages.notUnpaid, 'lot_not_unpaid');

  const after = (what: string) => (err: Error) => services.log.warn({ err: err.message, lotId }, `relist: ${what} failed; the worker's sweeps redo it`);
  // A card hold left on an old bid (none should be) is given back: that bid can no longer win.
  const held = await prisma.bid.findMany({ where: { lotId, holdStatus: { in: HELD_AT_STRIPE } }, select: { id: true } });
  for (const bid of held) await services.payments.jobs.releaseHold(bid.id).catch(after('queueing a hold release'));
  await services.lotClock.scheduleEnd(lotId, endTime).catch(after('scheduling the close'));
  await lotsChanged(services, lotId);
  return loadLot(prisma, lotId);
}
