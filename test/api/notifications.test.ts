/**
 * Being told: the ending-soon notices (queued at each lead time before the end, moved by an extension, dropped by
 * the close, told once), the e-mail preferences and the unsubscribe link. The worker is off: the queue is read
 * as it stands and the job's handler is run by hand, so no test waits an hour.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';
import { openUserEvents } from '../support/sse.ts';
import { closeLot, closeLotAndAnnounce } from '../../api/src/closing/close-lot.ts';
import { endingSoonJobId } from '../../api/src/jobs/lot-clock.ts';
import { tellEndingSoon } from '../../api/src/notifications/ending-soon.ts';
import { wonMail } from '../../api/src/mail/templates.ts';
import { eventually } from '../support/eventually.ts';

const PUBLIC_URL = 'https://gavel.example';
const MINUTE = 60_000;
/** Web Push is off for every kind until the user opts in (test/api/push.test.ts). */
const NO_PUSH = { pushOutbid: false, pushMaximumExceeded: false, pushEndingSoon: false, pushWon: false, pushPaymentDue: false };

let stack: TestStack;
type Reply = { status: number; body: any };

const call = async (method: string, path: string, token: string | null, body?: unknown): Promise<Reply> => {
  const res = await fetch(stack.url + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
};
async function person(state: 'ready' | 'seller' = 'ready') {
  const user = await createUser(stack.db, state);
  return { user, token: await signIn(stack.url, user.email) };
}
const bid = (token: string, lotId: string, amount: string) => call('POST', `/auctions/${lotId}/bids`, token, { amount });
const job = (lotId: string, minutes: number, end: Date) => stack.services.lotClock.queue.bullmq.getJob(endingSoonJobId(lotId, minutes, end.getTime()));
const endOf = async (lotId: string) => (await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lotId } })).endTime;
const mailsTo = (to: string, subject: { startsWith: string }) => stack.db.prisma.outboxMail.findMany({ where: { to, subject } });

/** The mail's unsubscribe token, as the link in its text carries it. */
function unsubscribeToken(text: string): string {
  const found = /\/unsubscribe\?token=([^\s"]+)/.exec(text);
  if (!found) throw new Error(`no unsubscribe link in: ${text}`);
  return decodeURIComponent(found[1]!);
}

function mailTo(to: string, subject: string) {
  return eventually(() => stack.db.prisma.outboxMail.findFirst({ where: { to, subject }, orderBy: { createdAt: 'desc' } }), { what: `a "${subject}" mail to ${to}` });
}

beforeAll(async () => {
  stack = await startApiForTest({ seed: 'none', env: { PUBLIC_URL, ENDING_SOON_MINUTES: '60,10', RATE_SIGNIN_PER_IP: '10000', RATE_SIGNIN_PER_ACCOUNT: '10000' } });
});
afterAll(() => stack?.stop());

describe('ending-soon jobs', () => {
  it('are queued with the close, 60 and 10 minutes before the end', async () => {
    const lot = await createLot(stack.db, { endsInMs: 3 * 60 * MINUTE });
    const before = Date.now();
    await stack.services.lotClock.scheduleEnd(lot.id, lot.endTime);
    for (const minutes of [60, 10]) {
      const queued = await job(lot.id, minutes, lot.endTime);
      expect(queued?.data).toEqual({ lotId: lot.id, minutes, endTime: lot.endTime.getTime() });
      const firesAt = queued!.timestamp + (queued!.opts.delay ?? 0);
      const due = lot.endTime.getTime() - minutes * MINUTE;
      expect(firesAt).toBeGreaterThanOrEqual(due - (Date.now() - before) - 5);
      expect(firesAt).toBeLessThanOrEqual(due + 5);
    }
    expect(await stack.services.lotClock.queue.bullmq.getJob(`close-${lot.id}-${lot.endTime.getTime()}`)).toBeTruthy();
  });

  it('a lot listed inside a lead time is told at once, and not by a lead time already past the next one', async () => {
    const half = await createLot(stack.db, { endsInMs: 30 * MINUTE });
    await stack.services.lotClock.scheduleEnd(half.id, half.endTime);
    expect((await job(half.id, 60, half.endTime))?.opts.delay).toBe(0);
    expect((await job(half.id, 10, half.endTime))?.opts.delay).toBeGreaterThan(19 * MINUTE);
    const last = await createLot(stack.db, { endsInMs: 5 * MINUTE });
    await stack.services.lotClock.scheduleEnd(last.id, last.endTime);
    expect(await job(last.id, 60, last.endTime)).toBeFalsy();
    expect((await job(last.id, 10, last.endTime))?.opts.delay).toBe(0);
  });

  it('move with an extension: the old end’s jobs are gone, the new end’s are queued, and an old one left running tells nobody', async () => {
    const lot = await createLot(stack.db, { endsInMs: 90 * MINUTE, extensionMinutes: 120 });
    await stack.services.lotClock.scheduleEnd(lot.id, lot.endTime);
    expect(await job(lot.id, 60, lot.endTime)).toBeTruthy();
    const bidder = await person();
    const placed = await bid(bidder.token, lot.id, '10.00');
    expect(placed.status).toBe(201);
    expect(placed.body.auctionExtended).toBe(true);
    const moved = await endOf(lot.id);
    expect(moved.getTime()).toBeGreaterThan(lot.endTime.getTime());
    for (const minutes of [60, 10]) {
      expect(await job(lot.id, minutes, lot.endTime)).toBeFalsy();
      expect(await job(lot.id, minutes, moved)).toBeTruthy();
    }
    // A job for the old end that had already started: the lot's end moved, nobody is told.
    expect(await tellEndingSoon(stack.services, { lotId: lot.id, minutes: 60, endTime: lot.endTime.getTime() })).toEqual({ told: [], mailed: [] });
    expect(await stack.db.prisma.notificationSent.count({ where: { lotId: lot.id } })).toBe(0);
  });

  it('are dropped by the close, and one run after it tells nobody', async () => {
    const lot = await createLot(stack.db, { endsInMs: 30 * MINUTE });
    const bidder = await person();
    expect((await bid(bidder.token, lot.id, '10.00')).status).toBe(201);
    expect(await job(lot.id, 10, lot.endTime)).toBeTruthy();
    const ended = new Date(Date.now() - 1000);
    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { endTime: ended } });
    await stack.services.lotClock.scheduleEnd(lot.id, ended, lot.endTime);
    expect((await closeLotAndAnnounce(stack.services, lot.id)).closed).toBe(true);
    expect(await job(lot.id, 10, ended)).toBeFalsy();
    expect(await job(lot.id, 10, lot.endTime)).toBeFalsy();
    for (const end of [ended, lot.endTime]) expect((await tellEndingSoon(stack.services, { lotId: lot.id, minutes: 10, endTime: end.getTime() })).told).toEqual([]);
    expect(await mailsTo(bidder.user.email, { startsWith: 'Ending soon' })).toHaveLength(0);
  });

  it('tell an ETH lot’s on-chain bidders (a wallet’s bid, a card bid the relayer placed), once', async () => {
    const lot = await createLot(stack.db, { endsInMs: 50 * MINUTE, paymentMethod: 'ETH' });
    const [wallet, card] = [await person(), await person()];
    // As the indexer's follower records them: one row per on-chain bid, with the user who placed it.
    await stack.db.prisma.chainBid.createMany({
      data: [
        {
          txHash: `0x${'a'.repeat(64)}`,
          logIndex: 0,
          lotId: lot.id,
          userId: wallet.user.id,
          auctionId: '1',
          bidder: '0x1111111111111111111111111111111111111111',
          walletAddress: '0x1111111111111111111111111111111111111111',
          amount: '1000',
          blockNumber: 10,
        },
        {
          txHash: `0x${'b'.repeat(64)}`,
          logIndex: 0,
          lotId: lot.id,
          userId: card.user.id,
          auctionId: '1',
          bidder: '0x2222222222222222222222222222222222222222',
          walletAddress: 'card_payment',
          amount: '2000',
          blockNumber: 11,
        },
        {
          txHash: `0x${'c'.repeat(64)}`,
          logIndex: 0,
          lotId: lot.id,
          userId: wallet.user.id,
          auctionId: '1',
          bidder: '0x1111111111111111111111111111111111111111',
          walletAddress: '0x1111111111111111111111111111111111111111',
          amount: '3000',
          blockNumber: 12,
        },
      ],
    });
    const end = await endOf(lot.id);
    const told = await tellEndingSoon(stack.services, { lotId: lot.id, minutes: 60, endTime: end.getTime() });
    expect(told.told.toSorted()).toEqual([wallet.user.id, card.user.id].toSorted());
    for (const { user } of [wallet, card]) expect(await mailsTo(user.email, { startsWith: 'Ending soon' })).toHaveLength(1);
  });

  it('tell bidders (active or outbid) and watchers once, never the seller; by e-mail only those who keep it on, in the dapp always', async () => {
    const seller = await person('seller');
    const lot = await createLot(stack.db, { endsInMs: 50 * MINUTE, creatorId: seller.user.id });
    const [outbid, leader, watcher, quiet, stranger] = [await person(), await person(), await person(), await person(), await person()];
    expect((await bid(outbid.token, lot.id, '10.00')).status).toBe(201);
    expect((await bid(leader.token, lot.id, '11.00')).status).toBe(201);
    await stack.db.prisma.watchedLot.createMany({
      data: [watcher, quiet, leader, seller].map(({ user }) => ({ userId: user.id, lotId: lot.id })),
    });
    await stack.db.prisma.user.update({ where: { id: quiet.user.id }, data: { emailEndingSoon: false } });
    const [leaderStream, quietStream] = [await openUserEvents(stack.url, leader.token), await openUserEvents(stack.url, quiet.token)];
    try {
      const end = await endOf(lot.id);
      const data = { lotId: lot.id, minutes: 60, endTime: end.getTime() };
      // Twice at once and once more: a retry, a doubled job, the reconcile loop re-queueing it.
      const runs = [...(await Promise.all([tellEndingSoon(stack.services, data), tellEndingSoon(stack.services, data)])), await tellEndingSoon(stack.services, data)];
      const told = runs.flatMap((run) => run.told);
      expect(told.toSorted()).toEqual([outbid, leader, watcher, quiet].map(({ user }) => user.id).toSorted());
      expect(runs.flatMap((run) => run.mailed).toSorted()).toEqual([outbid, leader, watcher].map(({ user }) => user.id).toSorted());

      const notice = await leaderStream.next('ending_soon');
      expect(notice.data).toMatchObject({ id: `ending_soon:60:${lot.id}`, auctionId: lot.id, auctionTitle: lot.title, minutesLeft: 50, endTime: end.toISOString() });
      expect((await quietStream.next('ending_soon')).data.auctionId).toBe(lot.id);

      for (const { user } of [outbid, leader, watcher]) {
        const mails = await mailsTo(user.email, { startsWith: 'Ending soon' });
        expect(mails).toHaveLength(1);
        expect(mails[0]!.subject).toBe(`Ending soon: ${lot.title}`);
        expect(mails[0]!.text).toContain(`“${lot.title}” ends in 50 minutes.`);
        expect(mails[0]!.text).toContain(`${PUBLIC_URL}/details/${lot.id}?auction=${lot.auctionEventId}`);
        expect(mails[0]!.text).toContain(`${PUBLIC_URL}/unsubscribe?token=`);
      }
      for (const { user } of [quiet, seller, stranger]) expect(await mailsTo(user.email, { startsWith: 'Ending soon' })).toHaveLength(0);

      // The 10-minute notice is the next thing on the leader's stream: the 60-minute one came once.
      await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { endTime: new Date(Date.now() + 9 * MINUTE) } });
      const soon = await endOf(lot.id);
      expect((await tellEndingSoon(stack.services, { lotId: lot.id, minutes: 10, endTime: soon.getTime() })).told).toHaveLength(4);
      expect((await leaderStream.next('ending_soon')).data).toMatchObject({ id: `ending_soon:10:${lot.id}`, minutesLeft: 9 });
      expect(leaderStream.events.filter((event) => event.type === 'ending_soon')).toHaveLength(2);
    } finally {
      leaderStream.close();
      quietStream.close();
    }
  });
});

describe('notification preferences', () => {
  it('are all on at first, change one at a time, and refuse what is not a preference', async () => {
    const { token } = await person();
    expect(await call('GET', '/me/notification-preferences', token)).toEqual({ status: 200, body: { emailOutbid: true, emailEndingSoon: true, emailWon: true, ...NO_PUSH } });
    const saved = await call('PATCH', '/me/notification-preferences', token, { emailEndingSoon: false });
    expect(saved).toEqual({ status: 200, body: { message: 'Notification preferences saved', preferences: { emailOutbid: true, emailEndingSoon: false, emailWon: true, ...NO_PUSH } } });
    expect((await call('GET', '/me/notification-preferences', token)).body.emailEndingSoon).toBe(false);

    const wrongType = await call('PATCH', '/me/notification-preferences', token, { emailOutbid: 'no' });
    expect(wrongType.status).toBe(400);
    expect(Object.keys(wrongType.body.fields)).toEqual(['emailOutbid']);
    expect((await call('PATCH', '/me/notification-preferences', token, { emailEverything: false })).status).toBe(400);
    expect((await call('PATCH', '/me/notification-preferences', token, {})).status).toBe(400);
    expect((await call('GET', '/me/notification-preferences', null)).status).toBe(401);
    expect((await call('PATCH', '/me/notification-preferences', null, { emailWon: false })).status).toBe(401);
  });

  it('the outbid mail’s unsubscribe link turns outbid mail off (the dapp notice stays); a forged token is refused', async () => {
    const lot = await createLot(stack.db);
    const [first, second] = [await person(), await person()];
    expect((await bid(first.token, lot.id, '10.00')).status).toBe(201);
    expect((await bid(second.token, lot.id, '11.00')).status).toBe(201);
    const mail = await mailTo(first.user.email, "You've been outbid");
    const token = unsubscribeToken(mail.text);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/unsubscribe?token=`);

    const forgeries = [token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA'), token.replace('outbid.', 'won.'), token.replace(first.user.id, second.user.id), 'nonsense'];
    for (const forged of forgeries) {
      const refused = await call('POST', '/notifications/unsubscribe', null, { token: forged });
      expect(refused).toMatchObject({ status: 400, body: { message: 'This unsubscribe link is not valid. Change your e-mail preferences in your profile instead.' } });
    }
    expect((await stack.db.prisma.user.findUniqueOrThrow({ where: { id: first.user.id } })).emailOutbid).toBe(true);

    const done = await call('POST', '/notifications/unsubscribe', null, { token });
    expect(done).toEqual({ status: 200, body: { kind: 'outbid', message: 'You will no longer receive outbid e-mails. You can turn them back on in your profile.' } });
    expect((await call('GET', '/me/notification-preferences', first.token)).body).toEqual({ emailOutbid: false, emailEndingSoon: true, emailWon: true, ...NO_PUSH });
    // Clicked twice: still off, still a confirmation.
    expect((await call('POST', '/notifications/unsubscribe', null, { token })).status).toBe(200);

    const stream = await openUserEvents(stack.url, first.token);
    try {
      expect((await bid(first.token, lot.id, '12.00')).status).toBe(201);
      expect((await bid(second.token, lot.id, '13.00')).status).toBe(201);
      expect((await stream.next('outbid')).data.auctionId).toBe(lot.id);
      // The mail would have been written before the event was published.
      expect(await mailsTo(first.user.email, { startsWith: "You've been outbid" })).toHaveLength(1);
    } finally {
      stream.close();
    }
  });
});

describe('the won mail', () => {
  it('asks a pay-later winner to pay from the cart by the deadline, even with won mail turned off', async () => {
    const lot = await createLot(stack.db);
    const winner = await person();
    await call('PATCH', '/me/notification-preferences', winner.token, { emailWon: false });
    expect((await bid(winner.token, lot.id, '10.00')).status).toBe(201);
    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { endTime: new Date(Date.now() - 1000) } });
    expect((await closeLot(stack.db.prisma, lot.id)).closed).toBe(true);
    const mail = await mailTo(winner.user.email, `You won ${lot.title}`);
    expect(mail.text).toMatch(new RegExp(`You won ${lot.title} for \\$10\\.00\\. Complete your payment from your cart by \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\.`));
    expect(mail.text).toContain(`${PUBLIC_URL}/cart`);
    expect(mail.text).not.toContain('unsubscribe');
  });

  it('tells a card-hold winner their hold will be charged (no promise it was), not to pay, and can be turned off', () => {
    const mail = wonMail({ email: 'w@test.gavel', userId: 'u1' }, 'Lamp', '$10.00', 'lot1', 'event1', { by: 'card_hold', charge: '$10.00', upTo: false });
    expect(mail.text).toContain('We will charge $10.00 to the hold on your card, and e-mail you when it is charged.');
    expect(mail.text).not.toContain('nothing more to pay');
    expect(mail.text).not.toContain('Complete your payment');
    expect(mail.text).toContain('/unsubscribe?token=won.u1.');
  });
});
