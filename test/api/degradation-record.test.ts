/**
 * The admin sees what was degraded in every process, not only in the api instance asked: a second process (the
 * worker, here a health monitor of its own reaching PostgreSQL through a fault proxy) records an outage still going
 * on (shared through Redis) and ended ones (written to the database once it answers, even when the database was the
 * one down), and GET /admin/auction-stats lists them, labelled with that process, until and duration included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import type { Degradation } from '@gavel/domain';
import { openDatabase, type Database } from '../../api/src/db/client.ts';
import { HealthMonitor } from '../../api/src/health/monitor.ts';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { startFaultProxy, type FaultProxy } from '../support/faults/proxy.ts';

const WORKER = 'worker test-host:4242';

let stack: TestStack;
let proxy: FaultProxy;
let workerDb: Database;
let workerRedis: Redis;
let worker: HealthMonitor;
let adminToken: string;

beforeAll(async () => {
  stack = await startApiForTest({ seed: 'none' });
  const pgUrl = new URL(stack.databaseUrl);
  proxy = await startFaultProxy('postgres', { host: pgUrl.hostname, port: Number(pgUrl.port || 5432) });
  pgUrl.host = `127.0.0.1:${proxy.port}`;
  workerDb = await openDatabase({ url: pgUrl.toString(), timeouts: { connectMs: 1000, queryMs: 1000 } });
  workerRedis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  worker = new HealthMonitor(workerDb, workerRedis, pino({ level: 'silent' }), { process: WORKER, redisPrefix: stack.services.config.redisPrefix });
  const admin = await createUser(stack.db, 'admin');
  adminToken = await signIn(stack.url, admin.email);
});

afterAll(async () => {
  workerRedis?.disconnect();
  await workerDb?.close();
  await proxy?.close();
  await stack?.stop();
});

async function degradations(): Promise<Degradation[]> {
  const res = await fetch(`${stack.url}/admin/auction-stats`, { headers: { authorization: `Bearer ${adminToken}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { degradations: Degradation[] } }).data.degradations;
}

describe("the worker's degradations reach the admin", () => {
  it('an outage still going on in the worker is listed as still down, labelled with the worker', async () => {
    worker.report('stripe', 'connect ECONNREFUSED 127.0.0.1:12111');
    await worker.record.sync();
    const open = (await degradations()).filter((d) => d.process === WORKER);
    expect(open).toEqual([expect.objectContaining({ dependency: 'stripe', reason: 'connect ECONNREFUSED 127.0.0.1:12111', until: null })]);
  });

  it('ended outages are written once the database answers again, the database itself included, and outlive the process', { timeout: 20_000 }, async () => {
    proxy.inject({ kind: 'cut' });
    expect((await worker.check()).database).toBe(false);
    // Stripe comes back while the database is away: its episode cannot be written yet, and is kept.
    worker.report('stripe', null);
    await worker.record.sync();
    expect(await stack.db.prisma.degradation.count()).toBe(0);

    proxy.restore();
    expect((await worker.check()).database).toBe(true);
    await worker.record.sync();

    const listed = (await degradations()).filter((d) => d.process === WORKER);
    expect(listed.map((d) => d.dependency).sort()).toEqual(['database', 'stripe']);
    for (const d of listed) {
      expect(d.until).not.toBeNull();
      expect(d.durationMs).toBe(new Date(d.until!).getTime() - new Date(d.since).getTime());
    }
    // The worker stops: what it recorded stays in the database, and a second sync writes nothing twice.
    await worker.record.sync();
    expect(await stack.db.prisma.degradation.count({ where: { process: WORKER } })).toBe(2);
  });
});
