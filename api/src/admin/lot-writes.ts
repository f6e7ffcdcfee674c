/**
 * Admin writes to lots: create, edit, delete, publish, end, cancel. Every edit goes through the shared form
 * rules (domain lot-edit-rules.ts) and is written with a conditional update, so an edit racing a bid or the
 * close cannot undo either. After each write the lot clock gets the (new) end, and every browse cache drops
 * its pages, so nobody is served the lot as it was.
 */
import { adminMessages, checkLotEdit, formatAmount, phaseOf, shownStatus, unitFor, type LotCreateBody, type LotFormValues, type LotUpdateBody } from '@gavel/domain';
import type { Prisma as P } from '../generated/prisma/client.ts';
import type { Logger } from 'pino';
import type { Payments } from '../payments/index.ts';
import type { UserRow } from '../auth/session.ts';
import { Refused } from '../refused.ts';
import { announceLotsChanged, type BrowseCache } from '../lots/browse-cache.ts';
import { announceLotChanged, type LotAnnouncer } from '../bidding/notify.ts';
import { closeLotAndAnnounce, type CloseDeps } from '../closing/close-lot.ts';
import { settleHoldsLater } from '../payments/bid-holds.ts';
import { loadLot } from './lot-view.ts';
import { sanitizeRichText } from '../content/sanitize.ts';
import { takeTurnInEvent } from '../auction-events/close-in-turn.ts';
import type { LotRow } from '../lots/present.ts';
import type { LotClock } from '../jobs/lot-clock.ts';

/** What dropping a lot's cached views needs: this instance's browse caches, and the announcer for the others. */
export interface LotChanges extends LotAnnouncer {
  browseCache: Pick<BrowseCache, 'invalidate'>;
  countCache: Pick<BrowseCache, 'invalidate'>;
}

/** Drop every cached view of the lot on this instance now, and on the others through Redis. */
export async function lotsChanged(services: LotChanges, lotId: string | null): Promise<void> {
  services.browseCache.invalidate();
  services.countCache.invalidate();
  if (lotId) await announceLotChanged(services, lotId);
  else await announceLotsChanged(services.redis, services.config.redisPrefix);
}

/** What creating, editing, publishing or deleting a lot needs: the database, its close's clock, and its caches' drop. */
export interface LotWrites extends LotChanges {
  lotClock: Pick<LotClock, 'scheduleEnd'>;
}

function refuse(result: Extract<ReturnType<typeof checkLotEdit>, { ok: false }>): never {
  if (result.code === 'validation_failed') throw new Refused('invalid', result.message, result.code, result.fields);
  throw new Refused('conflict', result.message, result.code);
}

const text = (value: P.Decimal | null, unit: ReturnType<typeof unitFor>) => (value === null ? null : formatAmount(BigInt(value.toFixed(0)), unit));

export async function createLot(services: LotWrites, user: Pick<UserRow, 'id'>, eventId: string | undefined, body: LotCreateBody): Promise<LotRow> {
  const { prisma } = services.db;
  if (!eventId) throw new Refused('invalid', adminMessages.eventRequired, 'validation_failed', { auctionEventId: adminMessages.eventRequired });
  const event = await prisma.auctionEvent.findUnique({ where: { id: eventId } });
  if (!event) throw new Refused('not_found', adminMessages.eventNotFound, 'not_found', { auctionEventId: adminMessages.eventNotFound });
  const checked = checkLotEdit(formOf(body, body.paymentMethod), { event });
  if (!checked.ok) refuse(checked);
  const v = checked.values;
  const lot = await prisma.lot.create({
    data: {
      auctionEventId: event.id,
      title: v.title,
      description: sanitizeRichText(body.description ?? ''),
      paymentMethod: body.paymentMethod,
      // ETH lots are auctions on the auction house contract; the others are off-chain unless said otherwise.
      auctionType: body.auctionType ?? (body.paymentMethod === 'ETH' ? 'onchain' : 'offchain'),
      status: v.startTime <= new Date() ? 'live' : 'upcoming',
      published: body.published ?? false,
      startingBid: v.startingBid.toString(),
      currentPrice: v.startingBid.toString(),
      reservePrice: v.reservePrice?.toString() ?? null,
      buyNowEnabled: body.buyNowEnabled ?? false,
      buyNowPrice: v.buyNowPrice?.toString() ?? null,
      estimateLow: v.estimateLow?.toString() ?? null,
      estimateHigh: v.estimateHigh?.toString() ?? null,
      startTime: v.startTime,
      endTime: v.endTime,
      extensionMinutes: body.extensionMinutes ?? 5,
      vaultBidsRequired: body.vaultBidsRequired ?? false,
      imageUrls: body.imageUrls ?? [],
      inscriptionId: body.inscriptionId ?? null,
      contractAddress: body.contractAddress ?? null,
      tokenId: body.tokenId ?? null,
      sellerWalletAddress: body.walletAddress ?? null,
      creatorId: user.id,
    },
  });
  await services.lotClock.scheduleEnd(lot.id, lot.endTime);
  // In an event whose lots close in turn, the new lot's end is its turn, not the form's.
  if (event.closeIntervalSeconds) await takeTurnInEvent(services, event.id);
  await lotsChanged(services, lot.id);
  return loadLot(prisma, lot.id);
}

function formOf(body: LotUpdateBody, paymentMethod: LotFormValues['paymentMethod']): LotFormValues {
  return {
    title: body.title,
    paymentMethod,
    startTime: body.startTime,
    endTime: body.endTime,
    startingBid: body.startingBid,
    reservePrice: body.reservePrice,
    buyNowEnabled: body.buyNowEnabled,
    buyNowPrice: body.buyNowPrice,
    estimateLow: body.estimateLow,
    estimateHigh: body.estimateHigh,
  };
}

/** PUT /lots/:id: absent fields keep their stored values; the merged form is checked as the dapp's form is. */
export async function updateLot(services: LotWrites, id: string, body: LotUpdateBody): Promise<LotRow> {
  const { prisma } = services.db;
  // A bid or the close may land between the read and the write; then the write matches nothing and the edit
  // is checked again against the lot as it now is.
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await loadLot(prisma, id);
    const event = await prisma.auctionEvent.findUniqueOrThrow({ where: { id: row.auctionEventId } });
    const paymentMethod = body.paymentMethod ?? row.paymentMethod;
    const unit = unitFor(row.paymentMethod);
    const keep = <T>(given: T | undefined, stored: T) => (given === undefined ? stored : given);
    const form: LotFormValues = {
      title: keep(body.title, row.title),
      paymentMethod,
      startTime: keep(body.startTime, row.startTime.toISOString()),
      endTime: keep(body.endTime, row.endTime.toISOString()),
      startingBid: keep(body.startingBid, text(row.startingBid, unit)),
      reservePrice: keep(body.reservePrice, text(row.reservePrice, unit)),
      buyNowEnabled: keep(body.buyNowEnabled, row.buyNowEnabled),
      buyNowPrice: keep(body.buyNowPrice, text(row.buyNowPrice, unit)),
      estimateLow: keep(body.estimateLow, text(row.estimateLow, unit)),
      estimateHigh: keep(body.estimateHigh, text(row.estimateHigh, unit)),
    };
    const checked = checkLotEdit(form, {
      original: { ...row, startingBid: text(row.startingBid, unit)! },
      event,
    });
    if (!checked.ok) refuse(checked);
    const v = checked.values;
    const { count } = await prisma.lot.updateMany({
      where: { id, status: { in: ['upcoming', 'live'] }, closedAt: null, bidCount: row.bidCount, endTime: row.endTime },
      data: {
        title: v.title,
        ...(body.description !== undefined ? { description: sanitizeRichText(body.description) } : {}),
        paymentMethod,
        startingBid: v.startingBid.toString(),
        reservePrice: v.reservePrice?.toString() ?? null,
        ...(row.currentBid === null ? { currentPrice: v.startingBid.toString() } : {}),
        buyNowEnabled: form.buyNowEnabled ?? false,
        buyNowPrice: v.buyNowPrice?.toString() ?? null,
        estimateLow: v.estimateLow?.toString() ?? null,
        estimateHigh: v.estimateHigh?.toString() ?? null,
        startTime: v.startTime,
        endTime: v.endTime,
        ...(body.imageUrls !== undefined ? { imageUrls: body.imageUrls } : {}),
        ...(body.extensionMinutes !== undefined ? { extensionMinutes: body.extensionMinutes } : {}),
        ...(body.vaultBidsRequired !== undefined ? { vaultBidsRequired: body.vaultBidsRequired } : {}),
        ...(body.inscriptionId !== undefined ? { inscriptionId: body.inscriptionId } : {}),
        ...(body.contractAddress !== undefined ? { contractAddress: body.contractAddress } : {}),
        ...(body.tokenId !== undefined ? { tokenId: body.tokenId } : {}),
        ...(body.walletAddress !== undefined ? { sellerWalletAddress: body.walletAddress } : {}),
      },
    });
    if (count === 0) continue;
    // The clock closes at the new end, and tells it ending soon before it; a job for the old end finds the lot
    // not yet due and does nothing.
    if (v.endTime.getTime() !== row.endTime.getTime()) await services.lotClock.scheduleEnd(id, v.endTime, row.endTime);
    await lotsChanged(services, id);
    return loadLot(prisma, id);
  }
  throw new Refused('conflict', adminMessages.editConflict, 'edit_conflict');
}

export async function deleteLot(services: LotChanges, id: string): Promise<void> {
  const { prisma } = services.db;
  await loadLot(prisma, id);
  // Bids and winners are other people's records: such a lot is cancelled, never deleted.
  const { count } = await prisma.lot.deleteMany({ where: { id, bidCount: 0, winnerId: null, bids: { none: {} } } });
  if (count === 0) throw new Refused('conflict', adminMessages.lotHasBids, 'lot_has_bids');
  await lotsChanged(services, null);
}

export async function publishLot(services: LotWrites, id: string): Promise<LotRow> {
  const { prisma } = services.db;
  const row = await loadLot(prisma, id);
  if (!row.published) {
    await prisma.lot.update({ where: { id }, data: { published: true } });
    await services.lotClock.scheduleEnd(id, row.endTime);
  }
  await lotsChanged(services, id);
  return loadLot(prisma, id);
}

/** An auction on the contract is ended or cancelled by a transaction (the indexer then reports it), not here. */
function refuseOnChain(row: LotRow): void {
  if (row.chainAuctionId !== null) throw new Refused('conflict', adminMessages.endsOnChain, 'lot_on_chain');
}

/** Ends a live lot now, through the one exactly-once close (a winner is found as at its natural end). */
export async function endLot(services: CloseDeps & LotChanges, id: string): Promise<LotRow> {
  const { prisma } = services.db;
  const row = await loadLot(prisma, id);
  const phase = phaseOf(shownStatus(row));
  refuseOnChain(row);
  if (row.status === 'cancelled') throw new Refused('conflict', adminMessages.alreadyCancelled, 'lot_cancelled');
  if (row.status === 'ended') throw new Refused('conflict', adminMessages.alreadyEnded, 'lot_ended');
  if (phase === 'upcoming') throw new Refused('conflict', adminMessages.endNotStarted, 'lot_not_started');
  // Bring the end to now (bids after this statement see the lot closed), then close like the clock would.
  await prisma.$executeRaw`UPDATE "Lot" SET "endTime" = now(), "updatedAt" = now()
    WHERE id = ${id} AND status IN ('upcoming', 'live') AND "startTime" <= now() AND "endTime" > now()`;
  const result = await closeLotAndAnnounce(services, id);
  const after = await loadLot(prisma, id);
  if (!result.closed && after.status !== 'ended') throw new Refused('conflict', after.status === 'cancelled' ? adminMessages.alreadyCancelled : adminMessages.alreadyEnded, 'lot_not_open');
  services.browseCache.invalidate();
  services.countCache.invalidate();
  return after;
}

/** Cancels an open lot: no winner, every bid cancelled and its card hold released. */
export async function cancelLot(services: LotChanges & { log: Logger; payments: Pick<Payments, 'jobs'> }, id: string): Promise<LotRow> {
  const { prisma } = services.db;
  const row = await loadLot(prisma, id);
  refuseOnChain(row);
  const cancelled = await prisma.$transaction(async (tx) => {
    const n = await tx.$executeRaw`UPDATE "Lot" SET status = 'cancelled', "closedAt" = now(), "updatedAt" = now()
      WHERE id = ${id} AND status IN ('upcoming', 'live') AND "endTime" > now()`;
    if (n === 0) return false;
    await tx.$executeRaw`UPDATE "Bid" SET status = 'cancelled', "updatedAt" = now() WHERE "lotId" = ${id} AND status IN ('active', 'outbid')`;
    return true;
  });
  if (!cancelled) {
    if (row.status === 'cancelled') throw new Refused('conflict', adminMessages.alreadyCancelled, 'lot_cancelled');
    throw new Refused('conflict', adminMessages.alreadyEnded, 'lot_ended');
  }
  await settleHoldsLater(services, id).catch((err: Error) => services.log.warn({ err: err.message, lotId: id }, 'queueing the release of card holds failed'));
  await lotsChanged(services, id);
  return loadLot(prisma, id);
}
