/** What happens after a bid or a close commits: live events, outbid e-mail, cache invalidation. */
import { formatAmount, unitFor, type LotUpdate } from '@gavel/domain';
import type { Lot } from '../generated/prisma/client.ts';
import type { Redis } from 'ioredis';
import type { Database } from '../db/client.ts';
import type { EventHub } from '../events/event-hub.ts';
import { announceLotsChanged } from '../lots/browse-cache.ts';
import { tellOutbid, type OutbidTeller } from '../notifications/outbid-notifier.ts';
import type { PlacedBid } from './bid-types.ts';

export function lotUpdateOf(lot: Lot): LotUpdate {
  const unit = unitFor(lot.paymentMethod);
  return {
    lotId: lot.id,
    currentBid: lot.currentBid === null ? null : formatAmount(BigInt(lot.currentBid.toFixed(0)), unit),
    bidCount: lot.bidCount,
    endTime: lot.endTime.toISOString(),
    status: lot.status,
  };
}

/**
 * After a bid commits: the new price to the lot's watchers, the outbid notice (notifications/outbid-notifier.ts) to the
 * outbid bidder (the bidder themselves, when an earlier maximum outbid their bid at once). The lot's event says no
 * maximum, only the price it leads at; the outbid notice says the outbid bidder's own, exceeded. The browse cache is left to expire (1 s) rather than dropped on every bid, so a bidding war
 * does not turn every browse into a database query.
 */
export async function announceBid(services: OutbidTeller, placed: PlacedBid): Promise<void> {
  const { eventHub } = services;
  const unit = unitFor(placed.lot.paymentMethod);
  const currentBid = formatAmount(placed.price, unit);
  // A leader's change of maximum alone moved nothing the lot shows: an event, even one repeating the lot, would tell.
  if (!placed.maximumChangeOnly)
    await eventHub.publish(`lot:${placed.lot.id}`, {
      type: 'lot',
      data: { lotId: placed.lot.id, currentBid, bidCount: placed.bidCount, endTime: placed.endTime.toISOString(), status: 'live' } satisfies LotUpdate,
    });
  const { outbid } = placed;
  if (outbid) await tellOutbid(services, { userId: outbid.userId, bidId: outbid.bidId, lot: placed.lot, unit, bidAmount: outbid.amount, currentAmount: placed.price, maximum: outbid.maximum });
}

/** What telling a lot's change needs: the lot's row, the other instances' browse caches (Redis) and the watchers. */
export interface LotAnnouncer {
  db: Database;
  redis: Redis;
  eventHub: EventHub;
  config: { redisPrefix: string };
}

/** A lot changed outside bidding (a bid withdrawn or removed): tell watchers, drop browse caches. */
export async function announceLotChanged(services: LotAnnouncer, lotId: string): Promise<void> {
  const lot = await services.db.prisma.lot.findUniqueOrThrow({ where: { id: lotId } });
  await announceLotsChanged(services.redis, services.config.redisPrefix);
  await services.eventHub.publish(`lot:${lot.id}`, { type: 'lot', data: lotUpdateOf(lot) });
}

/**
 * The winner's "won" notice, on their stream and so by push when they turned that on: every way a lot is won (its
 * close, a Buy Now, a Bitcoin lot awarded to the runner-up) tells it once the win is committed, beside the won mail.
 */
export async function tellWinner(services: { eventHub: EventHub }, winnerId: string, lot: Pick<Lot, 'id' | 'title'>, amount: string): Promise<void> {
  await services.eventHub.publish(`user:${winnerId}`, { type: 'won', data: { auctionId: lot.id, auctionTitle: lot.title, amount } });
}
