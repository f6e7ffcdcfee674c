/**
 * 1,000 bids and maximums from 20 bidders racing on one USD lot. Whatever the interleaving: exactly one bid
 * leads; every acknowledged bid (201) is in the table, with the status its reply gave; and replaying the
 * acknowledged bids, in the order they were written, through the domain's proxy rule gives each one the outcome
 * its reply said and ends at the lot's price and leader. A leader's change of maximum that left the price where it
 * was replaced their bid and counts as no bid.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveProxyBid, type ProxyState } from '@gavel/domain';
import type { Bid } from '../../api/src/generated/prisma/client.ts';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';

const BIDDERS = 20;
const BIDS_EACH = 50;
const RULES = { startingBid: 100n, increment: 100n };
let stack: TestStack;

beforeAll(async () => {
  stack = await startApiForTest({ seed: 'none', env: { RATE_SIGNIN_PER_IP: '100000', RATE_SIGNIN_PER_ACCOUNT: '100000' } });
});
afterAll(() => stack?.stop());

/** A small deterministic generator (mulberry32), so a failure can be replayed: an integer in [0, n). */
function random(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * n);
  };
}

interface Acknowledged {
  id: string;
  userId: string;
  amount: bigint;
  maximum?: bigint;
  status: 'active' | 'outbid';
}

describe('racing bids and maximums', () => {
  it('leave one leader, the price the rule gives, and every acknowledged bid', { timeout: 240_000 }, async () => {
    const lot = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: RULES.startingBid, extensionMinutes: 0 });
    const bidders = await Promise.all(
      Array.from({ length: BIDDERS }, async () => {
        const user = await createUser(stack.db, 'ready');
        return { user, token: await signIn(stack.url, user.email) };
      }),
    );

    const acknowledged: Acknowledged[] = [];
    const statuses = new Map<number, number>();
    const started = performance.now();
    await Promise.all(
      bidders.map(async ({ user, token }, i) => {
        const next = random(7919 * (i + 1));
        let seen = 1n; // dollars
        for (let n = 0; n < BIDS_EACH; n++) {
          // Spread over ten dollars above the price they last saw, so racing bids often land in order.
          const amount = (seen + 1n + BigInt(next(10))) * 100n;
          // A third of the bids carry a maximum up to thirty dollars above the amount.
          const maximum = next(3) === 0 ? amount + BigInt(next(30)) * 100n : undefined;
          const body = { amount: (amount / 100n).toString(), ...(maximum !== undefined && { maximum: (maximum / 100n).toString() }) };
          const res = await fetch(`${stack.url}/auctions/${lot.id}/bids`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify(body),
          });
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const reply = (await res.json()) as any;
          if (res.status === 201) {
            acknowledged.push({ id: reply.data.bid.id, userId: user.id, amount, ...(maximum !== undefined && { maximum }), status: reply.data.bid.status });
            seen = BigInt(reply.data.bid.auction.currentBid.split('.')[0]);
          } else {
            expect(res.status, JSON.stringify(reply)).toBe(400);
            seen = BigInt((reply.minimumBid ?? '1.00').split('.')[0]) - 1n;
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const outbidAtOnce = acknowledged.filter((a) => a.status === 'outbid').length;
    console.log(
      `proxy race: ${BIDDERS * BIDS_EACH} bids in ${seconds.toFixed(1)} s; ${acknowledged.length} acknowledged (${outbidAtOnce} outbid at once by a maximum, ` +
        `${acknowledged.filter((a) => a.maximum !== undefined).length} with a maximum); statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect([...statuses.keys()].every((s) => s === 201 || s === 400)).toBe(true);
    expect(acknowledged.length).toBeGreaterThan(BIDDERS);
    expect(outbidAtOnce).toBeGreaterThan(0);

    // Every acknowledged bid is written, once, with the status its reply gave; nothing else was written.
    const rows = await stack.db.prisma.bid.findMany({ where: { lotId: lot.id }, orderBy: [{ createdAt: 'asc' }] });
    expect(rows).toHaveLength(acknowledged.length);
    const byId = new Map(acknowledged.map((a) => [a.id, a]));
    for (const row of rows) expect(byId.has(row.id)).toBe(true);
    expect(rows.filter((b) => b.status === 'active')).toHaveLength(1);

    // Replayed in the order written (bids written in the same millisecond: each order the rule accepts is tried).
    const at = writeTimes(rows);
    const written = rows.map((r) => ({ at: at.get(r.id)!, bid: byId.get(r.id)! })).sort((x, y) => x.at - y.at);
    const final = replay(written);
    expect(final, 'no order of the acknowledged bids replays through the rule as replied').not.toBeNull();
    expect(final!.maximumChanges, 'changes of maximum at the same price, each replacing the bid before it').toBe(rows.filter((b) => b.status === 'replaced').length);
    const stored = await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } });
    const active = rows.find((b) => b.status === 'active')!;
    expect(BigInt(stored.currentBid!.toFixed(0))).toBe(final!.price);
    expect(active.userId).toBe(final!.leader!.bidderId);
    expect(BigInt(active.amount.toFixed(0))).toBe(final!.price);
    expect(stored.leaderMaximum === null ? final!.price : BigInt(stored.leaderMaximum.toFixed(0))).toBe(final!.leader!.maximum);
    expect(stored.bidCount).toBe(acknowledged.length - final!.maximumChanges);
  });
});

/**
 * When each bid was written. A bid changing its bidder's maximum at the same price keeps the time of the bid it
 * replaced (the public sees the same bid); the replaced bid's updatedAt is when it was replaced, that is when the
 * bid replacing it was written. So a chain of replacements (one bidder, one time) is ordered by those moments.
 */
function writeTimes(rows: Bid[]): Map<string, number> {
  const times = new Map(rows.map((r) => [r.id, r.createdAt.getTime()]));
  const chains = new Map<string, Bid[]>();
  for (const row of rows) {
    const key = `${row.userId} ${row.createdAt.getTime()}`;
    chains.set(key, [...(chains.get(key) ?? []), row]);
  }
  for (const chain of chains.values()) {
    const replaced = chain.filter((r) => r.status === 'replaced').sort((x, y) => x.updatedAt.getTime() - y.updatedAt.getTime());
    const members = [...replaced, ...chain.filter((r) => r.status !== 'replaced')];
    for (let k = 1; k < members.length; k++) times.set(members[k]!.id, members[k - 1]!.updatedAt.getTime());
  }
  return times;
}

/**
 * The rule's state after the bids, if some order consistent with the write times gives every bid the outcome
 * its reply said (active: it led, or the leader changed their own maximum; outbid: an earlier maximum answered
 * it); null otherwise. Bids written in one millisecond are tried in each order. `maximumChanges`: the leader's
 * changes that left the price where it was.
 */
function replay(written: Array<{ at: number; bid: Acknowledged }>): (ProxyState & { maximumChanges: number }) | null {
  const groups: Acknowledged[][] = [];
  for (let i = 0; i < written.length; i++) {
    if (i > 0 && written[i]!.at === written[i - 1]!.at) groups[groups.length - 1]!.push(written[i]!.bid);
    else groups.push([written[i]!.bid]);
  }
  const walk = (state: ProxyState, changes: number, g: number): (ProxyState & { maximumChanges: number }) | null => {
    if (g === groups.length) return { ...state, maximumChanges: changes };
    for (const order of permutations(groups[g]!)) {
      let s: ProxyState | null = state;
      let c = changes;
      for (const bid of order) {
        const outcome = resolveProxyBid(s, { bidderId: bid.userId, amount: bid.amount, ...(bid.maximum !== undefined && { maximum: bid.maximum }) }, RULES);
        const status = outcome.kind === 'outbidByMaximum' ? 'outbid' : outcome.kind === 'refused' ? null : 'active';
        if (status !== bid.status) {
          s = null;
          break;
        }
        if (outcome.kind === 'leaderUpdated' && outcome.state.price === s.price) c++;
        s = (outcome as { state: ProxyState }).state;
      }
      const end = s && walk(s, c, g + 1);
      if (end) return end;
    }
    return null;
  };
  return walk({ leader: null, price: null, runnerUp: null }, 0, 0);
}

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}
