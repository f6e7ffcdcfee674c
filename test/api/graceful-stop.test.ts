/**
 * Stopping the api (a deploy, a restart) while a bid is being written: the bid is still answered, and stands; the
 * stopping api takes no new connection meanwhile. The bid is held at the lot's row lock by another connection
 * until the stop has begun, so the order of events is certain.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startApiForTest } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';
import { eventually } from '../support/card-payments.ts';

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
      await eventually(
        async () => (await lock.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)).rows[0].n > 0,
        15_000,
        'the bid waiting on the lot',
      );
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
