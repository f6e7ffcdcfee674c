/**
 * Gathered work (api/src/gathered.ts): the signed-in user and the lot a bid is for, asked for by many requests
 * at once, are read together, the outbid mails of many bids written together, and their live events published
 * together. Each caller still gets what was
 * true after it asked, its own row, and its own answer when a key has no row; a failed statement fails only the
 * callers it was sent for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Gathered, GatheredRead } from '../../api/src/gathered.ts';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';
import { eventually } from '../support/eventually.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startApiForTest({ seed: 'none', worker: true });
});
afterAll(() => stack?.stop());

/** A reader of users' first names that records each statement's keys, and can hold a statement until released. */
function firstNames() {
  const statements: string[][] = [];
  let hold: Promise<void> | null = null;
  const reader = new GatheredRead<{ id: string; firstName: string | null }>(async (ids) => {
    statements.push(ids);
    const rows = await stack.db.sql<{ id: string; firstName: string | null }>(`SELECT id, "firstName" FROM "User" WHERE id = ANY($1::text[])`, [ids]);
    await hold;
    return new Map(rows.map((row) => [row.id, row]));
  });
  return {
    reader,
    statements,
    holdNext() {
      let release!: () => void;
      hold = new Promise((resolve) => (release = resolve));
      return () => {
        hold = null;
        release();
      };
    },
  };
}

describe('a gathered read', () => {
  it('reads the keys asked for together in one statement, each caller getting its own row or none', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => createUser(stack.db, 'ready')));
    const { reader, statements } = firstNames();
    const asked = [...users.map((u) => u.id), users[0]!.id, 'no-such-user'];
    const rows = await Promise.all(asked.map((id) => reader.load(id)));

    expect(statements).toHaveLength(1);
    expect(new Set(statements[0])).toEqual(new Set(asked));
    expect(rows.slice(0, 12).map((row) => row?.id)).toEqual(users.map((u) => u.id));
    // The same key twice: equal rows, but not one object shared between two requests.
    expect(rows[12]).toEqual(rows[0]);
    expect(rows[12]).not.toBe(rows[0]);
    expect(rows[13]).toBeUndefined();
  });

  it('answers a caller who asked while a statement was out from a statement sent after, so it sees a change made meanwhile', async () => {
    const user = await createUser(stack.db, 'ready');
    await stack.db.prisma.user.update({ where: { id: user.id }, data: { firstName: 'Before' } });
    const { reader, statements, holdNext } = firstNames();
    const release = holdNext();
    const first = reader.load(user.id);
    await eventually(() => statements.length === 1, { intervalMs: 0 });

    await stack.db.prisma.user.update({ where: { id: user.id }, data: { firstName: 'After' } });
    const second = reader.load(user.id);
    release();

    expect((await first)?.firstName).toBe('Before');
    expect((await second)?.firstName).toBe('After');
    expect(statements).toHaveLength(2);
  });

  it('fails only the callers of a statement that failed; the next statement answers', async () => {
    let fail = true;
    const reader = new GatheredRead<{ id: string }>(async (ids) => {
      if (fail) throw new Error('connection lost');
      return new Map(ids.map((id) => [id, { id }]));
    });
    const failed = await Promise.allSettled([reader.load('a'), reader.load('b')]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await reader.load('a')).toEqual({ id: 'a' });
  });
});

describe('bounds', () => {
  it("eager: sends an ask that finds nothing out in the caller's own turn, and gathers the rest", async () => {
    const sent: number[][] = [];
    const echo = new Gathered<number, number>(
      async (inputs) => {
        sent.push(inputs);
        return inputs;
      },
      { eager: true, maxInFlight: 1 },
    );
    const answers = [echo.ask(1)];
    expect(sent).toEqual([[1]]);
    answers.push(echo.ask(2), echo.ask(3));
    expect(await Promise.all(answers)).toEqual([1, 2, 3]);
    expect(sent).toEqual([[1], [2, 3]]);
  });

  it('sends a backlog in pieces of at most maxBatch asks, answering every one', async () => {
    const sizes: number[] = [];
    const doubled = new Gathered<number, number>(
      async (inputs) => {
        sizes.push(inputs.length);
        return inputs.map((n) => n * 2);
      },
      { maxBatch: 3 },
    );
    expect(await Promise.all([1, 2, 3, 4, 5, 6, 7].map((n) => doubled.ask(n)))).toEqual([2, 4, 6, 8, 10, 12, 14]);
    expect(sizes).toEqual([3, 3, 1]);
  });

  it('lets the next request go out once one has been out longer than patienceMs, and still answers the slow one', async () => {
    let releaseSlow!: () => void;
    const slow = new Promise<void>((resolve) => (releaseSlow = resolve));
    const sent: string[][] = [];
    const echo = new Gathered<string, string>(
      async (inputs) => {
        sent.push(inputs);
        if (inputs.includes('slow')) await slow;
        return inputs;
      },
      { maxInFlight: 1, patienceMs: 30 },
    );
    const first = echo.ask('slow');
    await eventually(() => sent.length === 1, { intervalMs: 0 });
    // Answered while the slow request is still out: it no longer holds the one place in flight.
    expect(await echo.ask('next')).toBe('next');
    releaseSlow();
    expect(await first).toBe('slow');
  });
});

describe('gathered reads behind the api', () => {
  it('answers each of many bidders at once as themselves, on their own lot, whatever lot id a stranger sends beside them', async () => {
    const bidders = await Promise.all(
      Array.from({ length: 16 }, async () => {
        const user = await createUser(stack.db, 'ready');
        return { user, token: await signIn(stack.url, user.email), lot: await createLot(stack.db, { startingBid: 1000n }) };
      }),
    );
    const post = (token: string, lotId: string, amount: number) =>
      fetch(`${stack.url}/auctions/${lotId}/bids`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ amount }),
      });
    const replies = await Promise.all([
      ...bidders.map(({ token, lot }, i) => post(token, lot.id, 10 + i)),
      ...bidders.map(({ token }) => fetch(`${stack.url}/auth/me`, { headers: { authorization: `Bearer ${token}` } })),
      post(bidders[0]!.token, 'no-such-lot', 10),
      post(bidders[1]!.token, '%00', 10),
    ]);

    expect(replies.slice(0, 16).map((r) => r.status)).toEqual(bidders.map(() => 201));
    const me = await Promise.all(replies.slice(16, 32).map((r) => r.json() as Promise<any>));
    expect(me.map((body) => body.user.email)).toEqual(bidders.map((b) => b.user.email));
    expect(replies[32]!.status).toBe(404);
    // Refused before any read (http/hostile-input.ts): a NUL in a gathered statement would fail it for everyone.
    expect(replies[33]!.status).toBe(400);
    for (const [i, { user, lot }] of bidders.entries()) {
      const bids = await stack.db.prisma.bid.findMany({ where: { lotId: lot.id } });
      expect(bids.map((b) => [b.userId, b.amount.toFixed(0), b.status])).toEqual([[user.id, String((10 + i) * 100), 'active']]);
    }
  });

  it('refuses every bid of a session signed out everywhere, however many arrive together', async () => {
    const user = await createUser(stack.db, 'ready');
    const token = await signIn(stack.url, user.email);
    const lot = await createLot(stack.db);
    await stack.db.prisma.user.update({ where: { id: user.id }, data: { tokenVersion: { increment: 1 } } });
    const replies = await Promise.all(
      Array.from({ length: 4 }, () =>
        fetch(`${stack.url}/auctions/${lot.id}/bids`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: '{"amount":10}',
        }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual([401, 401, 401, 401]);
    expect(await stack.db.prisma.bid.count({ where: { lotId: lot.id } })).toBe(0);
  });
});

describe('live events published together', () => {
  it('reach every listener, all of them, in the order they were published', async () => {
    const { eventHub } = stack.services;
    const topic = `lot:gathered-${Date.now()}` as const;
    const heard: number[] = [];
    const stop = eventHub.on(topic, (event) => heard.push((event.data as { n: number }).n));
    try {
      const sent = Array.from({ length: 50 }, (_, n) => n);
      // Half in one turn, half spread over the turns that follow: some pipelines are out while others gather.
      const published = sent.slice(0, 25).map((n) => eventHub.publish(topic, { type: 'test', data: { n } }));
      for (const n of sent.slice(25)) {
        published.push(eventHub.publish(topic, { type: 'test', data: { n } }));
        if (n % 5 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      expect(await Promise.all(published)).toEqual(sent.map(() => 1));
      await eventually(async () => heard.length === sent.length);
      expect(heard).toEqual(sent);
    } finally {
      stop();
    }
  });
});

describe('mail wanted by many at once', () => {
  it("writes each to its user's address, none to a user who turned that kind off, and delivers every one written", async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => createUser(stack.db, 'ready')));
    const optedOut = new Set([users[1]!.id, users[4]!.id]);
    await stack.db.prisma.user.updateMany({ where: { id: { in: [...optedOut] } }, data: { emailOutbid: false } });
    const subject = `Outbid ${Date.now()}`;
    const ids = await Promise.all(users.map((u) => stack.services.mailer.sendIfWanted(u.id, 'emailOutbid', { subject, text: `to ${u.id}`, html: `<p>to ${u.id}</p>` })));

    expect(ids.map((id) => id !== null)).toEqual(users.map((u) => !optedOut.has(u.id)));
    const rows = await stack.db.prisma.outboxMail.findMany({ where: { subject } });
    expect(new Set(rows.map((r) => [r.to, r.text].join(' ')))).toEqual(new Set(users.filter((u) => !optedOut.has(u.id)).map((u) => `${u.email} to ${u.id}`)));
    await eventually(async () => (await stack.db.prisma.outboxMail.count({ where: { subject, sentAt: { not: null } } })) === 4);
  });
});
