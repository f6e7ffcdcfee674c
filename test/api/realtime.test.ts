import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';
import { openEvents, openUserEvents } from '../support/sse.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { eventually } from '../support/eventually.ts';

let stack: TestStack;
let smtp: TestSmtp;

const bid = (token: string, lotId: string, amount: number) =>
  fetch(`${stack.url}/auctions/${lotId}/bids`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ amount }) });

beforeAll(async () => {
  smtp = await startTestSmtp();
  stack = await startApiForTest({ seed: 'none', worker: true, env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await stack?.stop();
  await smtp?.stop();
});

describe('outbid in real time', () => {
  it("tells the outbid bidder's open tabs, and e-mails them", async () => {
    const lot = await createLot(stack.db, { startingBid: 1000n });
    const a = await createUser(stack.db, 'ready');
    const b = await createUser(stack.db, 'ready');
    const [tokenA, tokenB] = [await signIn(stack.url, a.email), await signIn(stack.url, b.email)];
    const tab1 = await openUserEvents(stack.url, tokenA);
    const tab2 = await openUserEvents(stack.url, tokenA);
    const watcher = await openEvents(`${stack.url}/events?lot=${lot.id}`);
    await tab1.next('ready');
    await tab2.next('ready');
    expect((await bid(tokenA, lot.id, 10)).status).toBe(201);
    expect((await bid(tokenB, lot.id, 15)).status).toBe(201);
    const [seen1, seen2] = await Promise.all([tab1.next('outbid'), tab2.next('outbid')]);
    expect(seen1.data).toMatchObject({ auctionId: lot.id, auctionTitle: lot.title, userBidAmount: '10.00', currentBidAmount: '15.00', currencyUnit: 'USD' });
    expect(seen2.data.id).toBe(seen1.data.id);
    const update = await watcher.next('lot');
    expect(update.data).toMatchObject({ lotId: lot.id, currentBid: '10.00' });
    expect((await watcher.next('lot')).data.currentBid).toBe('15.00');
    const mail = await eventually(() => smtp.mails.find((m) => m.to.includes(a.email) && m.raw.includes('outbid')));
    expect(mail.raw).toContain(lot.title);
    for (const c of [tab1, tab2, watcher]) c.close();
  });

  it('does not tell a bidder who raises their own bid', async () => {
    const lot = await createLot(stack.db, { startingBid: 1000n });
    const a = await createUser(stack.db, 'ready');
    const token = await signIn(stack.url, a.email);
    const tab = await openUserEvents(stack.url, token);
    await tab.next('ready');
    expect((await bid(token, lot.id, 10)).status).toBe(201);
    expect((await bid(token, lot.id, 12)).status).toBe(201);
    // Someone else's bid must tell them; a notice for their own raise would have come before it.
    const b = await createUser(stack.db, 'ready');
    expect((await bid(await signIn(stack.url, b.email), lot.id, 15)).status).toBe(201);
    expect((await tab.next('outbid')).data).toMatchObject({ userBidAmount: '12.00', currentBidAmount: '15.00' });
    expect(tab.events.filter((e) => e.type === 'outbid')).toHaveLength(1);
    tab.close();
  });

  it('gives a revoked token no ticket, so no stream carries its user events', async () => {
    const a = await createUser(stack.db, 'ready');
    const token = await signIn(stack.url, a.email);
    await fetch(`${stack.url}/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    const refused = await fetch(`${stack.url}/events/ticket`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(401);
  });
});

describe('closing on time', () => {
  it('the worker closes a lot at its end time and tells the winner', async () => {
    const lot = await createLot(stack.db, { startingBid: 1000n, endsInMs: 3000, extensionMinutes: 0 });
    const a = await createUser(stack.db, 'ready');
    const token = await signIn(stack.url, a.email);
    const tab = await openUserEvents(stack.url, token);
    await tab.next('ready');
    const placed = await bid(token, lot.id, 10);
    expect(placed.status).toBe(201);
    // The delayed close job fires at the end time; how late it is, `npm run bench` reports (notices.bench.ts).
    const won = await tab.next('won', 10_000);
    expect(won.data).toMatchObject({ auctionId: lot.id, amount: '$10.00' });
    const closed = await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } });
    expect(closed).toMatchObject({ status: 'ended', winnerId: a.id });
    tab.close();
  });
});
