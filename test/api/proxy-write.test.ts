/**
 * The proxy write (gavel_place_proxy_bid) writes only where the rule saw the lot: called with where the lot stood
 * before another bid moved it, it writes nothing and answers 'stale' (the api then reads and resolves again); when
 * the lot's numbers came back to the same values but another bid leads, it raises GV409 and the statement is undone;
 * on a closed lot it answers 'closed'. Lots start at $10.00 with the $1.00 increment.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { readyBidder as signedInBidder } from '../support/users.ts';
import { postBid } from '../support/bids.ts';
import { createLot } from '../support/lots.ts';

let stack: TestStack;

async function bid(token: string, lotId: string, amount: string, maximum?: string): Promise<number> {
  const res = await postBid(stack.url, token, lotId, amount, maximum);
  await res.body?.cancel();
  return res.status;
}
const readyBidder = () => signedInBidder(stack);

/** Where the lot stands, as the api's read gives it to the rule. */
async function standing(lotId: string) {
  const [row] = await stack.db.sql<{ starting: string; price: string | null; leaderMaximum: string | null; runnerUp: string | null; leadingId: string | null; bidCount: number }>(
    `SELECT l."startingBid"::text AS starting, l."currentBid"::text AS price, l."leaderMaximum"::text AS "leaderMaximum",
            l."runnerUpMaximum"::text AS "runnerUp", l."bidCount" AS "bidCount",
            (SELECT id FROM "Bid" WHERE "lotId" = l.id AND status = 'active') AS "leadingId"
       FROM "Lot" l WHERE l.id = $1`,
    [lotId],
  );
  return row!;
}

/** A plain $10.00 bid below the leader's $50.00 maximum, as the rule resolves it against `seen`: outbid at once at $11.00. */
function writePlainBelowMaximum(lotId: string, userId: string, bidId: string, seen: Awaited<ReturnType<typeof standing>>) {
  return stack.db.sql<{ result: string }>(
    `SELECT result FROM gavel_place_proxy_bid($1, $2, $3, NULL, $4::numeric, $5::numeric, $6::numeric, $7::numeric, $8, 'outbidByMaximum', 1000, NULL, 1100, 5000, 1000)`,
    [lotId, bidId, userId, seen.starting, seen.price, seen.leaderMaximum, seen.runnerUp, seen.leadingId],
  );
}

beforeAll(async () => {
  stack = await startApiForTest({ seed: 'none', env: { RATE_SIGNIN_PER_IP: '10000', RATE_SIGNIN_PER_ACCOUNT: '10000' } });
});
afterAll(() => stack?.stop());

describe('the proxy write', () => {
  it('writes where the rule saw the lot, and answers stale, writing nothing, once another bid moved it', async () => {
    const lot = await createLot(stack.db, { startingBid: 1000n });
    const [a, b, c] = [await readyBidder(), await readyBidder(), await readyBidder()];
    expect(await bid(a.token, lot.id, '10.00', '50.00')).toBe(201);
    const seen = await standing(lot.id);
    expect(seen).toMatchObject({ price: '1000', leaderMaximum: '5000', runnerUp: null, bidCount: 1 });

    // Another bid moves the lot on: the price is $12.00 now, with B as the runner-up.
    expect(await bid(b.token, lot.id, '11.00')).toBe(201);
    const moved = await standing(lot.id);
    const staleBid = randomUUID();
    expect(await writePlainBelowMaximum(lot.id, c.user.id, staleBid, seen)).toEqual([{ result: 'stale' }]);
    expect(await standing(lot.id)).toEqual(moved);
    expect(await stack.db.prisma.bid.count({ where: { id: staleBid } })).toBe(0);

    // Resolved again against where the lot stands, the write goes through.
    const [placed] = await stack.db.sql<{ result: string }>(
      `SELECT result FROM gavel_place_proxy_bid($1, $2, $3, NULL, $4::numeric, $5::numeric, $6::numeric, $7::numeric, $8, 'outbidByMaximum', 1200, NULL, 1300, 5000, 1200)`,
      [lot.id, staleBid, c.user.id, moved.starting, moved.price, moved.leaderMaximum, moved.runnerUp, moved.leadingId],
    );
    expect(placed).toEqual({ result: 'placed' });
    expect(await standing(lot.id)).toMatchObject({ price: '1300', leaderMaximum: '5000', runnerUp: '1200', leadingId: moved.leadingId, bidCount: 3 });
  });

  it('raises GV409 and undoes the statement when another bid leads at the same numbers', async () => {
    const lot = await createLot(stack.db, { startingBid: 1000n });
    const [a, b, c] = [await readyBidder(), await readyBidder(), await readyBidder()];
    expect(await bid(a.token, lot.id, '10.00', '50.00')).toBe(201);
    const seen = await standing(lot.id);
    // The lot's columns as they were, but another bid leads (as a removal and new bids could leave it).
    const other = randomUUID();
    await stack.db.sql(`UPDATE "Bid" SET status = 'outbid' WHERE id = $1`, [seen.leadingId]);
    await stack.db.sql(`INSERT INTO "Bid" (id, "lotId", "userId", amount, maximum, status, "createdAt", "updatedAt") VALUES ($1, $2, $3, 1000, 5000, 'active', now(), now())`, [
      other,
      lot.id,
      b.user.id,
    ]);

    const bidId = randomUUID();
    await expect(writePlainBelowMaximum(lot.id, c.user.id, bidId, seen)).rejects.toMatchObject({ code: 'GV409' });
    expect(await standing(lot.id)).toEqual({ ...seen, leadingId: other });
    expect(await stack.db.prisma.bid.count({ where: { id: bidId } })).toBe(0);
    expect((await stack.db.prisma.bid.findUniqueOrThrow({ where: { id: other } })).amount.toFixed(0)).toBe('1000');

    // Through the api, the bid is resolved against the bid that leads now: placed, and at once outbid by its maximum.
    expect(await bid(c.token, lot.id, '11.00')).toBe(201);
    expect(await standing(lot.id)).toMatchObject({ price: '1200', leadingId: other, bidCount: 2 });
  });

  it('answers closed on a lot that ended', async () => {
    const lot = await createLot(stack.db, { startingBid: 1000n });
    const [a, c] = [await readyBidder(), await readyBidder()];
    expect(await bid(a.token, lot.id, '10.00', '50.00')).toBe(201);
    const seen = await standing(lot.id);
    await stack.db.sql(`UPDATE "Lot" SET "endTime" = now() - interval '1 second' WHERE id = $1`, [lot.id]);
    expect(await writePlainBelowMaximum(lot.id, c.user.id, randomUUID(), seen)).toEqual([{ result: 'closed' }]);
    expect(await standing(lot.id)).toEqual(seen);
  });
});
