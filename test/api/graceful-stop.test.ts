/**
 * Stopping the api (a deploy, a restart) while a bid is being written: the bid is still answered, and stands; the
 * stopping api takes no new connection meanwhile. The bid is held at the lot's row lock by another connection
 * until the stop has begun, so the order of events is certain. And a request whose client hung up is waited for
 * until its handler is done, so what it does after its write (the close scheduled, the outbid told) still runs
 * before the database and Redis close.
 */
import Koa from 'koa';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { trackRequests } from '../../api/src/http/graceful-stop.ts';
import { describe, expect, it } from 'vitest';
import { startApiForTest } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';
import { eventually } from '../support/eventually.ts';

describe('stopping the api', () => {
  it('answers the bid under way before it stops, and refuses new connections meanwhile', { timeout: 60_000 }, async () => {
    const stack = await startApiForTest({ seed: 'none' });
    const lot = await createLot(stack.db, { startingBid: 1000n });
    const bidder = await createUser(stack.db, 'ready');
    const token = await signIn(stack.url, bidder.email);
    const lock = new pg.Client({ connectionString: stack.databaseUrl });
    await lock.connect();
    let stopping: Promise<void> | undefined;
    try {
      await lock.query('BEGIN');
      await lock.query('SELECT id FROM "Lot" WHERE id = $1 FOR UPDATE', [lot.id]);
      const bid = fetch(`${stack.url}/auctions/${lot.id}/bids`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ amount: '10.00' }),
      });
      // The bid's write waits on the lot's lock: it is under way.
      await eventually(async () => (await lock.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)).rows[0].n > 0, {
        timeoutMs: 15_000,
        what: 'the bid waiting on the lot',
      });
      stopping = stack.stop();
      await expect(fetch(`${stack.url}/healthz`)).rejects.toThrow();
      await lock.query('COMMIT');
      await lock.end();
      const reply = await bid;
      expect(reply.status).toBe(201);
      expect(((await reply.json()) as any).data.bid).toMatchObject({ amount: '10.00', status: 'active' });
    } finally {
      await lock.end().catch(() => {});
      await (stopping ?? stack.stop());
    }
  });
});

describe('the stop’s request tracker', () => {
  it('waits for a handler whose client hung up before it lets the stop finish', async () => {
    const requests = trackRequests();
    const app = new Koa();
    app.use(requests.handlers);
    let entered!: () => void;
    let release!: () => void;
    const handlerEntered = new Promise<void>((resolve) => (entered = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    let handlerDone = false;
    app.use(async (ctx) => {
      entered();
      await released;
      handlerDone = true;
      ctx.body = 'written';
    });
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const hungUp = new Promise((resolve) => server.once('request', (_req, res) => res.once('close', resolve)));

    const client = new AbortController();
    const request = fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { signal: client.signal }).catch(() => 'hung up');
    await handlerEntered;
    client.abort();
    await hungUp;
    expect(await request).toBe('hung up');

    let doneWhenStopped: boolean | undefined;
    const stopping = requests.stop(server).then(() => (doneWhenStopped = handlerDone));
    // The server has closed (no connection left): only the handler still runs, and the stop waits for it.
    await once(server, 'close');
    await new Promise((resolve) => setImmediate(resolve));
    expect(doneWhenStopped).toBeUndefined();
    release();
    await stopping;
    expect(doneWhenStopped).toBe(true);
  });
});
