/**
 * 1,000 bids from 100 bidders racing on one lot. Whatever the interleaving: every acknowledged bid (201) is
 * in the history, acknowledged amounts rise strictly in commit order, the lot's price is the highest
 * acknowledged bid, and closing yields exactly one winner: that bid's bidder.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';
import { closeLot } from '../../api/src/closing/close-lot.ts';

const BIDDERS = 100;
const BIDS_EACH = 10;
let stack: TestStack;

beforeAll(async () => {
  stack = await startApiForTest({ seed: 'none', env: { RATE_SIGNIN_PER_IP: '100000', RATE_SIGNIN_PER_ACCOUNT: '100000' } });
});
afterAll(() => stack?.stop());

describe('racing bids', () => {
  it('never loses an acknowledged bid nor lets two win', { timeout: 120_000 }, async () => {
    const lot = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 100n, extensionMinutes: 0 });
    const bidders = await Promise.all(
      Array.from({ length: BIDDERS }, async () => {
        const user = await createUser(stack.db, 'ready');
        return { user, token: await signIn(stack.url, user.email) };
      }),
    );

    const acknowledged: Array<{ id: string; amount: number; userId: string }> = [];
    const statuses = new Map<number, number>();
    // Each bidder bids 10 times, each time a little above the price they last saw, all 100 at once.
    await Promise.all(
      bidders.map(async ({ user, token }, i) => {
        let seen = 1;
        for (let n = 0; n < BIDS_EACH; n++) {
          const amount = seen + 1 + ((i + n) % 3);
          const res = await fetch(`${stack.url}/auctions/${lot.id}/bids`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ amount }),
          });
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const body = (await res.json()) as any;
          if (res.status === 201) {
            acknowledged.push({ id: body.data.bid.id, amount, userId: user.id });
            seen = amount;
          } else {
            expect(res.status).toBe(400);
            seen = Number(body.minimumBid) - 1;
          }
        }
      }),
    );
    expect([...statuses.keys()].every((s) => s === 201 || s === 400)).toBe(true);
    expect(acknowledged.length).toBeGreaterThan(BIDDERS / 10);

    // In the order they were written (bids written within one millisecond tie on createdAt: amount breaks it).
    const history = await stack.db.prisma.bid.findMany({ where: { lotId: lot.id }, orderBy: [{ createdAt: 'asc' }, { amount: 'asc' }] });
    const ids = new Set(history.map((b) => b.id));
    for (const a of acknowledged) expect(ids.has(a.id)).toBe(true);
    expect(history).toHaveLength(acknowledged.length);

    const amounts = history.map((b) => Number(b.amount.toFixed(0)));
    for (let i = 1; i < amounts.length; i++) expect(amounts[i]!).toBeGreaterThan(amounts[i - 1]!);
    expect(history.filter((b) => b.status === 'active')).toHaveLength(1);

    const highest = Math.max(...acknowledged.map((a) => a.amount));
    const stored = await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } });
    expect(Number(stored.currentBid!.toFixed(0))).toBe(highest * 100);
    expect(stored.bidCount).toBe(acknowledged.length);

    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { endTime: new Date(Date.now() - 1) } });
    const closes = await Promise.all(Array.from({ length: 5 }, () => closeLot(stack.db.prisma, lot.id)));
    const winners = closes.filter((c) => c.closed);
    expect(winners).toHaveLength(1);
    const top = acknowledged.find((a) => a.amount === highest)!;
    expect(winners[0]).toMatchObject({ winnerId: top.userId, winningBidId: top.id });
  });
});
