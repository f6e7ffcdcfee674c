/**
 * Fault tests for closing: a worker killed mid-way and a Redis that restarts empty. Each overdue lot must end
 * up closed exactly once, with the right winner and exactly one "you won" e-mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser } from '../support/users.ts';
import { createLot } from '../support/lots.ts';
import { freePort, kill, startRedis, startWorkerProcess } from '../support/processes.ts';
import { eventually } from '../support/eventually.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startApiForTest({ seed: 'none' });
});
afterAll(() => stack?.stop());

/** Lots with two bids each, ending at `endsInMs`; returns each lot's expected winner. */
async function lotsWithBids(count: number, endsInMs: number): Promise<Map<string, string>> {
  const [a, b] = [await createUser(stack.db, 'ready'), await createUser(stack.db, 'ready')];
  const expected = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    const lot = await createLot(stack.db, { startingBid: 100n, endsInMs: 60_000 });
    const winner = i % 2 ? a : b;
    const loser = i % 2 ? b : a;
    await stack.db.prisma.bid.create({ data: { lotId: lot.id, userId: loser.id, amount: '100', status: 'outbid' } });
    await stack.db.prisma.bid.create({ data: { lotId: lot.id, userId: winner.id, amount: '200', status: 'active' } });
    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { currentBid: '200', currentPrice: '200', bidCount: 2, endTime: new Date(Date.now() + endsInMs) } });
    expected.set(lot.id, winner.id);
  }
  return expected;
}

async function closedCount(ids: string[]): Promise<number> {
  return stack.db.prisma.lot.count({ where: { id: { in: ids }, status: 'ended' } });
}

async function expectClosedOnce(expected: Map<string, string>): Promise<void> {
  const ids = [...expected.keys()];
  const lots = await stack.db.prisma.lot.findMany({ where: { id: { in: ids } } });
  for (const lot of lots) {
    expect(lot.status).toBe('ended');
    expect(lot.winnerId).toBe(expected.get(lot.id));
    expect(lot.soldPrice?.toFixed(0)).toBe('200');
  }
  const wonMails = await stack.db.prisma.outboxMail.findMany({ where: { subject: { in: lots.map((l) => `You won ${l.title}`) } } });
  expect(wonMails).toHaveLength(lots.length);
}

describe('closing survives faults', () => {
  it('a worker killed while closing: another worker finishes, each lot closes exactly once', { timeout: 120_000 }, async () => {
    const expected = await lotsWithBids(120, -1000);
    const ids = [...expected.keys()];
    const env = { DATABASE_URL: stack.databaseUrl, REDIS_PREFIX: `fault-${randomBytes(4).toString('hex')}`, LOT_CLOCK_RECONCILE_MS: '1000', GAVEL_DATA_DIR: '/tmp' };
    const first = startWorkerProcess(env);
    await eventually(async () => (await closedCount(ids)) >= 5, { timeoutMs: 60_000, what: 'the first worker to start closing' });
    await kill(first, 'SIGKILL');
    const afterKill = await closedCount(ids);
    expect(afterKill).toBeLessThan(ids.length); // killed mid-way, not after the end
    const second = startWorkerProcess(env);
    try {
      await eventually(async () => (await closedCount(ids)) === ids.length, { timeoutMs: 60_000, what: 'every lot to close' });
    } finally {
      await kill(second, 'SIGTERM');
    }
    await expectClosedOnce(expected);
  });

  it('Redis restarting empty while lots fall due: the worker rebuilds its jobs and closes each lot once', { timeout: 120_000 }, async () => {
    const port = await freePort();
    let redis = await startRedis(port);
    const expected = await lotsWithBids(20, 10 * 60_000);
    const ids = [...expected.keys()];
    const worker = startWorkerProcess({
      DATABASE_URL: stack.databaseUrl,
      REDIS_URL: `redis://127.0.0.1:${port}`,
      REDIS_PREFIX: 'fault-redis',
      LOT_CLOCK_RECONCILE_MS: '1000',
      GAVEL_DATA_DIR: '/tmp',
    });
    try {
      // The worker is up once it has scheduled the lots' close jobs in Redis...
      const probe = new Redis(port, '127.0.0.1');
      await eventually(async () => (await probe.keys('fault-redis:lot-clock:close-*')).length >= ids.length, { timeoutMs: 60_000, what: 'the close jobs to be scheduled' });
      probe.disconnect();
      await kill(redis, 'SIGKILL'); // ...and Redis loses them all
      // The lots fall due while Redis is down (their scheduled close jobs are gone with it).
      const due = Date.now() + 500;
      await stack.db.prisma.lot.updateMany({ where: { id: { in: ids } }, data: { endTime: new Date(due) } });
      // Past their end with no Redis behind the worker: overdue, and still open.
      await eventually(async () => Date.now() > due + 1000, { timeoutMs: 10_000, what: 'the lots to be overdue' });
      expect(await closedCount(ids)).toBe(0);
      redis = await startRedis(port);
      await eventually(async () => (await closedCount(ids)) === ids.length, { timeoutMs: 60_000, what: 'every lot to close after Redis came back' });
    } finally {
      await kill(worker, 'SIGTERM');
      await kill(redis, 'SIGKILL');
    }
    await expectClosedOnce(expected);
  });
});
