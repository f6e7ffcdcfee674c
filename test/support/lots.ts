/** Lots made directly in the database for bidding tests. */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../api/src/db/client.ts';

/** One test sale per database: test files can share a process, each with a database of its own. */
const events = new WeakMap<Database, Promise<string>>();

async function testEvent(db: Database): Promise<string> {
  const known = events.get(db);
  if (known) return known;
  const eventId = db.prisma.auctionEvent
    .create({
      data: {
        slug: `test-${randomBytes(4).toString('hex')}`,
        title: 'Test sale',
        published: true,
        status: 'live',
        startTime: new Date(Date.now() - 86_400_000),
        endTime: new Date(Date.now() + 30 * 86_400_000),
      },
    })
    .then((e) => e.id);
  events.set(db, eventId);
  return eventId;
}

export interface LotOptions {
  paymentMethod?: 'BTC' | 'ETH' | 'Manual';
  onchain?: boolean;
  /** In the smallest unit. */
  startingBid?: bigint;
  reservePrice?: bigint | null;
  startsInMs?: number;
  endsInMs?: number;
  status?: 'upcoming' | 'live' | 'ended' | 'cancelled';
  creatorId?: string;
  extensionMinutes?: number;
}

export async function createLot(db: Database, o: LotOptions = {}) {
  const starting = o.startingBid ?? 1000n;
  return db.prisma.lot.create({
    data: {
      auctionEventId: await testEvent(db),
      title: `Test lot ${randomBytes(3).toString('hex')}`,
      paymentMethod: o.paymentMethod ?? 'Manual',
      auctionType: o.onchain ? 'onchain' : 'offchain',
      startingBid: starting.toString(),
      currentPrice: starting.toString(),
      reservePrice: o.reservePrice?.toString() ?? null,
      startTime: new Date(Date.now() + (o.startsInMs ?? -60_000)),
      endTime: new Date(Date.now() + (o.endsInMs ?? 3_600_000)),
      status: o.status ?? ((o.startsInMs ?? -1) > 0 ? 'upcoming' : 'live'),
      published: true,
      creatorId: o.creatorId ?? null,
      extensionMinutes: o.extensionMinutes ?? 5,
    },
  });
}
