/**
 * Lots that close in turn: an event's first close and interval write each open lot's end in one statement (lot
 * order), the lots' close and ending-soon jobs follow the new ends, a bid's extension moves only the lot bid on,
 * and with the worker running each lot closes once, on its turn or, extended, later.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endingSoonJobId } from '../../api/src/jobs/lot-clock.ts';
import { tellEndingSoon } from '../../api/src/notifications/ending-soon.ts';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { caller, DAY, HOUR, iso } from '../support/admin-api.ts';
import { postBid } from '../support/bids.ts';
import { eventually } from '../support/eventually.ts';

const MINUTE = 60_000;
let stack: TestStack;
let adminToken: string;
const call = caller(() => stack.url);

async function eventWithLots(count: number, lot: Record<string, unknown> = {}) {
  const made = await call('POST', '/auction-events', adminToken, { title: `Turns ${randomBytes(3).toString('hex')}`, startTime: iso(-HOUR), endTime: iso(DAY) });
  expect(made.status).toBe(201);
  const eventId = made.body.data._id as string;
  const lots: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await call('POST', `/auctions-v2/${eventId}/lots`, adminToken, {
      title: `Turn lot ${i + 1} ${randomBytes(2).toString('hex')}`,
      paymentMethod: 'Manual',
      startingBid: '10.00',
      startTime: iso(-30 * MINUTE),
      endTime: iso(DAY - HOUR),
      published: true,
      ...lot,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    lots.push(res.body.data._id);
  }
  return { eventId, lots };
}

const lotRows = (ids: string[]) => stack.db.prisma.lot.findMany({ where: { id: { in: ids } }, orderBy: { lotNumber: 'asc' } });
const queued = (id: string) => stack.services.lotClock.queue.bullmq.getJob(id);
const firesAt = (job: { timestamp: number; opts: { delay?: number } }) => job.timestamp + (job.opts.delay ?? 0);

beforeAll(async () => {
  stack = await startApiForTest({ seed: 'none', worker: true, env: { ENDING_SOON_MINUTES: '60,10', RATE_SIGNIN_PER_IP: '10000', RATE_SIGNIN_PER_ACCOUNT: '10000' } });
  adminToken = await signIn(stack.url, (await createUser(stack.db, 'admin')).email);
});
afterAll(() => stack?.stop());

describe('lots that close in turn', () => {
  it('setting the first close and interval writes each lot its turn, in lot order, and moves its jobs there', async () => {
    const { eventId, lots } = await eventWithLots(3);
    const before = await lotRows(lots);
    const first = new Date(Date.now() + 3 * HOUR);
    first.setUTCMilliseconds(0);
    const res = await call('PUT', `/auction-events/${eventId}`, adminToken, { firstCloseAt: first.toISOString(), closeIntervalSeconds: 60 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ firstCloseAt: first.toISOString(), closeIntervalSeconds: 60 });
    const after = await lotRows(lots);
    expect(after.map((l) => l.endTime.getTime())).toEqual([0, 1, 2].map((i) => first.getTime() + i * MINUTE));
    for (const [i, lot] of after.entries()) {
      expect(await queued(`close-${lot.id}-${lot.endTime.getTime()}`)).toBeTruthy();
      for (const minutes of [60, 10]) {
        const job = await queued(endingSoonJobId(lot.id, minutes, lot.endTime.getTime()));
        expect(job?.data).toEqual({ lotId: lot.id, minutes, endTime: lot.endTime.getTime() });
        expect(Math.abs(firesAt(job!) - (lot.endTime.getTime() - minutes * MINUTE))).toBeLessThan(2000);
        // The ending-soon jobs of the end the lot no longer has are gone.
        expect(await queued(endingSoonJobId(lot.id, minutes, before[i]!.endTime.getTime()))).toBeFalsy();
      }
    }
    // The public event says so too.
    await call('POST', `/auction-events/${eventId}/publish`, adminToken);
    expect((await call('GET', `/auction-events/${eventId}`)).body.data).toMatchObject({ firstCloseAt: first.toISOString(), closeIntervalSeconds: 60 });
    // A lot added later takes the next turn.
    const added = await call('POST', `/auctions-v2/${eventId}/lots`, adminToken, {
      title: 'Late lot',
      paymentMethod: 'Manual',
      startingBid: '5.00',
      startTime: iso(-MINUTE),
      endTime: iso(2 * HOUR),
      published: true,
    });
    expect(added.status).toBe(201);
    expect(added.body.data.endTime).toBe(new Date(first.getTime() + 3 * MINUTE).toISOString());
  });

  it('names the field at fault: both or neither, an interval in range, a turn before a lot starts', async () => {
    const { eventId } = await eventWithLots(1, { startTime: iso(2 * HOUR), endTime: iso(5 * HOUR) });
    expect(await call('PUT', `/auction-events/${eventId}`, adminToken, { closeIntervalSeconds: 60 })).toMatchObject({
      status: 400,
      body: { fields: { firstCloseAt: 'Set both the first close and the interval, or neither' } },
    });
    expect(await call('PUT', `/auction-events/${eventId}`, adminToken, { firstCloseAt: iso(3 * HOUR), closeIntervalSeconds: 0 })).toMatchObject({
      status: 400,
      body: { fields: { closeIntervalSeconds: expect.stringContaining('Interval') } },
    });
    expect(await call('PUT', `/auction-events/${eventId}`, adminToken, { firstCloseAt: iso(HOUR), closeIntervalSeconds: 60 })).toMatchObject({
      status: 400,
      body: { fields: { firstCloseAt: 'A lot would close before it starts: choose a later first close' } },
    });
  });

  it('the ending-soon notice follows the lot to its turn: the old end tells nobody, the new one tells its watcher once, at its real time', async () => {
    const { eventId, lots } = await eventWithLots(1);
    const watcher = await createUser(stack.db, 'ready');
    await stack.db.prisma.watchedLot.create({ data: { userId: watcher.id, lotId: lots[0]! } });
    const [old] = await lotRows(lots);
    const first = new Date(Date.now() + 9 * MINUTE);
    await call('PUT', `/auction-events/${eventId}`, adminToken, { firstCloseAt: first.toISOString(), closeIntervalSeconds: 30 });
    const [moved] = await lotRows(lots);
    expect((await tellEndingSoon(stack.services, { lotId: moved!.id, minutes: 60, endTime: old!.endTime.getTime() })).told).toEqual([]);
    // The worker ran the 10-minute job queued for the new end at once (the turn is 9 minutes away): the watcher was told.
    const told = () => stack.db.prisma.notificationSent.findMany({ where: { lotId: moved!.id, userId: watcher.id } });
    await eventually(async () => (await told()).length > 0, { timeoutMs: 10_000, what: 'the ending-soon notice' });
    expect((await told()).map((n) => n.kind)).toEqual(['ending_soon:10']);
    expect((await tellEndingSoon(stack.services, { lotId: moved!.id, minutes: 10, endTime: moved!.endTime.getTime() })).told).toEqual([]);
  });

  it('a cascading close with an extension in the middle: the extended lot closes later, the others on their turn, each once', { timeout: 120_000 }, async () => {
    // One-minute extensions, so the middle lot's bid moves it a minute past the bid.
    const { eventId, lots } = await eventWithLots(3, { extensionMinutes: 1 });
    const [a, b] = [await createUser(stack.db, 'ready'), await createUser(stack.db, 'ready')];
    const first = new Date(Date.now() + 6_000);
    const put = await call('PUT', `/auction-events/${eventId}`, adminToken, { firstCloseAt: first.toISOString(), closeIntervalSeconds: 3 });
    expect(put.status).toBe(200);
    await call('POST', `/auction-events/${eventId}/publish`, adminToken);
    const turns = await lotRows(lots);
    // The outer lots hold a bid written directly (no extension): each has a winner to mail.
    for (const [i, lot] of [turns[0]!, turns[2]!].entries()) {
      await stack.db.prisma.bid.create({ data: { lotId: lot.id, userId: i ? a.id : b.id, amount: '2000', status: 'active' } });
      await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { currentBid: '2000', currentPrice: '2000', bidCount: 1 } });
    }
    const bidAt = Date.now();
    const res = await postBid(stack.url, await signIn(stack.url, a.email), turns[1]!.id, '20.00');
    expect(res.status, await res.clone().text()).toBe(201);
    const extended = await lotRows(lots);
    // gavel_place_bid moved its own row only.
    expect(extended[0]!.endTime).toEqual(turns[0]!.endTime);
    expect(extended[2]!.endTime).toEqual(turns[2]!.endTime);
    expect(extended[1]!.endTime.getTime()).toBeGreaterThanOrEqual(bidAt + MINUTE - 1000);
    expect(extended[1]!.endTime.getTime()).toBeGreaterThan(extended[2]!.endTime.getTime());

    await eventually(async () => (await stack.db.prisma.lot.count({ where: { id: { in: [turns[0]!.id, turns[2]!.id] }, status: 'ended' } })) === 2, {
      timeoutMs: 30_000,
      what: 'the outer lots to close',
    });
    const outer = await lotRows(lots);
    expect(outer[1]!.status).not.toBe('ended');
    for (const i of [0, 2]) {
      const lot = outer[i]!;
      expect(lot.endTime).toEqual(turns[i]!.endTime);
      // Closed on its turn (the delayed job, not the 15 s sweep).
      expect(lot.closedAt!.getTime() - lot.endTime.getTime()).toBeLessThan(5_000);
    }
    await eventually(async () => (await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: turns[1]!.id } })).status === 'ended', { timeoutMs: 90_000, what: 'the extended lot to close' });
    const closed = await lotRows(lots);
    expect(closed[1]!.closedAt!.getTime()).toBeGreaterThanOrEqual(extended[1]!.endTime.getTime());
    expect(closed[1]!.closedAt!.getTime() - extended[1]!.endTime.getTime()).toBeLessThan(5_000);
    expect(closed.map((l) => l.winnerId)).toEqual([b.id, a.id, a.id]);
    // Exactly once: one won mail a lot, after the worker had every chance to run a stale job.
    await new Promise((r) => setTimeout(r, 1_000));
    const won = await stack.db.prisma.outboxMail.groupBy({ by: ['subject'], where: { subject: { in: closed.map((l) => `You won ${l.title}`) } }, _count: true });
    expect(won.map((w) => w._count)).toEqual([1, 1, 1]);
  });
});
