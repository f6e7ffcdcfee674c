/**
 * Web Push end to end: a bidder's browsers subscribe through the api, the worker (running in the api here) sends
 * each notice of a kind the bidder turned on to every one of their subscriptions through the push-service stand-in,
 * which checks the VAPID token and encryption as FCM and autopush do; the test decrypts what arrived with the
 * subscription's own keys, so it reads exactly what a phone would show.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushPayloadSchema, type PushPayload } from '@gavel/domain';
import { startPushStandIn, type PushStandIn, type TestSubscription } from '../../scripts/stand-ins/push/index.ts';
import { anyAnswer, eventually } from '../support/eventually.ts';
import { postBid } from '../support/bids.ts';
import { createLot } from '../support/lots.ts';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { readyBidder } from '../support/users.ts';
import { tellEndingSoon } from '../../api/src/notifications/ending-soon.ts';

let stack: TestStack;
let push: PushStandIn;

beforeAll(async () => {
  push = await startPushStandIn();
  stack = await startApiForTest({ seed: 'none', worker: true, env: { PUSH_SERVICES: push.origin, PUSH_SERVICE_CA_FILE: push.caFile, ENDING_SOON_MINUTES: '60' } });
});
afterAll(async () => {
  await stack?.stop();
  await push?.close();
});

const call = async (method: string, path: string, token: string | null, body?: unknown) => {
  const res = await fetch(stack.url + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as any };
};

/** A ready bidder with `devices` browsers subscribed and these kinds of push turned on. */
async function bidderWithDevices(devices: number, kinds: Record<string, boolean>) {
  const bidder = await readyBidder(stack);
  const { publicKey } = (await call('GET', '/push/public-key', null)).body as { publicKey: string };
  const phones: TestSubscription[] = [];
  for (let i = 0; i < devices; i++) {
    const phone = push.subscribe(publicKey);
    expect((await call('PUT', '/me/push-subscriptions', bidder.token, phone.toJSON())).status).toBe(200);
    phones.push(phone);
  }
  expect((await call('PATCH', '/me/notification-preferences', bidder.token, kinds)).status).toBe(200);
  return { ...bidder, phones };
}

const payloadOf = (text: string): PushPayload => pushPayloadSchema.parse(JSON.parse(text));
const bid = async (token: string, lotId: string, amount: string, maximum?: string) => expect((await postBid(stack.url, token, lotId, amount, maximum)).status).toBe(201);

describe('subscribing', () => {
  it("gives the server's public key, takes a browser's subscription on a known push service and refuses any other address", async () => {
    const { status, body } = await call('GET', '/push/public-key', null);
    expect(status).toBe(200);
    expect(Buffer.from(body.publicKey, 'base64url')).toHaveLength(65);
    expect(JSON.stringify(body)).not.toMatch(/private/i);
    const bidder = await readyBidder(stack);
    const phone = push.subscribe(body.publicKey);
    const elsewhere = { ...phone.toJSON(), endpoint: 'https://127.0.0.1:6379/internal' };
    const refused = await call('PUT', '/me/push-subscriptions', bidder.token, elsewhere);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Gavel does not send notifications through this push service.');
    expect((await call('PUT', '/me/push-subscriptions', null, phone.toJSON())).status).toBe(401);
    expect((await call('PUT', '/me/push-subscriptions', bidder.token, phone.toJSON())).status).toBe(200);
    expect(await stack.db.prisma.pushSubscription.count({ where: { userId: bidder.user.id } })).toBe(1);
    expect((await call('DELETE', '/me/push-subscriptions', bidder.token, { endpoint: phone.endpoint })).status).toBe(200);
    expect(await stack.db.prisma.pushSubscription.count({ where: { userId: bidder.user.id } })).toBe(0);
  });

  it('keeps every kind off until the bidder opts in, and saves each kind on its own', async () => {
    const bidder = await readyBidder(stack);
    const before = (await call('GET', '/me/notification-preferences', bidder.token)).body;
    expect(before).toMatchObject({ pushOutbid: false, pushMaximumExceeded: false, pushEndingSoon: false, pushWon: false, pushPaymentDue: false, emailOutbid: true });
    const saved = await call('PATCH', '/me/notification-preferences', bidder.token, { pushWon: true });
    expect(saved.body.preferences).toMatchObject({ pushWon: true, pushOutbid: false });
  });
});

describe('sending', () => {
  it('sends an outbid push to every subscription of the outbid bidder, with their bid and the price, and a kind they did not turn on to none', async () => {
    // Ends in 3 hours: its ending-soon push (60 minutes before) is not due during the test, until the end is moved.
    const lot = await createLot(stack.db, { endsInMs: 3 * 3600_000 });
    const outbid = await bidderWithDevices(2, { pushOutbid: true, pushEndingSoon: true });
    const other = await readyBidder(stack);
    await bid(outbid.token, lot.id, '20.00');
    await bid(other.token, lot.id, '30.00');
    for (const phone of outbid.phones) {
      const push_ = payloadOf((await push.nextMessage(phone, { after: 0 })).text);
      expect(push_).toEqual({
        kind: 'outbid',
        title: `Outbid on “${lot.title}”`,
        body: 'Your bid was $20.00. The price is now $30.00.',
        url: `/details/${lot.id}?auction=${lot.auctionEventId}`,
        tag: `outbid:${lot.id}`,
      });
      expect(push.received(phone)[0]).toMatchObject({ ttl: 3600, urgency: 'high' });
    }

    // Outbid pushes off: the next outbid is not pushed, and the ending-soon push (still on) is the next to arrive.
    expect((await call('PATCH', '/me/notification-preferences', outbid.token, { pushOutbid: false })).status).toBe(200);
    await bid(outbid.token, lot.id, '40.00');
    await bid(other.token, lot.id, '50.00');
    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { endTime: new Date(Date.now() + 30 * 60_000) } });
    const end = await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } });
    expect((await tellEndingSoon(stack.services, { lotId: lot.id, minutes: 60, endTime: end.endTime.getTime() })).told).toContain(outbid.user.id);
    const next = payloadOf((await push.nextMessage(outbid.phones[0]!, { after: 1 })).text);
    expect(next).toMatchObject({ kind: 'ending_soon', title: 'Ending soon', body: `“${lot.title}” ends in 30 minutes.` });
    expect(push.received(outbid.phones[0]!)).toHaveLength(2);
  });

  it('deletes a subscription its push service says is gone (410) and still reaches the others', async () => {
    const lot = await createLot(stack.db);
    const outbid = await bidderWithDevices(2, { pushOutbid: true });
    const [gone, kept] = outbid.phones as [TestSubscription, TestSubscription];
    push.markGone(gone, 410);
    const other = await readyBidder(stack);
    await bid(outbid.token, lot.id, '20.00');
    await bid(other.token, lot.id, '25.00');
    expect(payloadOf((await push.nextMessage(kept, { after: 0 })).text).kind).toBe('outbid');
    await eventually(async () => expect(await stack.db.prisma.pushSubscription.findMany({ where: { userId: outbid.user.id }, select: { endpoint: true } })).toEqual([{ endpoint: kept.endpoint }]), {
      until: anyAnswer,
    });
    expect(push.answers(gone)).toEqual([410]);
  });

  it('retries a push the push service refused with 429 until it is taken, sending it once', async () => {
    const lot = await createLot(stack.db);
    const outbid = await bidderWithDevices(1, { pushOutbid: true });
    const phone = outbid.phones[0]!;
    push.throttle(phone, 2, 1);
    const other = await readyBidder(stack);
    await bid(outbid.token, lot.id, '20.00');
    await bid(other.token, lot.id, '25.00');
    expect(payloadOf((await push.nextMessage(phone, { after: 0, timeoutMs: 20_000 })).text).kind).toBe('outbid');
    expect(push.answers(phone)).toEqual([429, 429, 201]);
  });

  it("waits as long as a 429's Retry-After says before trying again, rather than the queue's one-second backoff", async () => {
    const lot = await createLot(stack.db);
    const outbid = await bidderWithDevices(1, { pushOutbid: true });
    const phone = outbid.phones[0]!;
    push.throttle(phone, 1, 3);
    const other = await readyBidder(stack);
    await bid(outbid.token, lot.id, '20.00');
    await bid(other.token, lot.id, '25.00');
    await eventually(() => push.answers(phone).length > 0, { what: 'the push service refusing the first try' });
    const refusedAt = Date.now();
    expect(payloadOf((await push.nextMessage(phone, { after: 0, timeoutMs: 10_000 })).text).kind).toBe('outbid');
    expect(Date.now() - refusedAt).toBeGreaterThanOrEqual(2_500);
    expect(push.answers(phone)).toEqual([429, 201]);
  });

  it("never pushes another bidder's maximum: an exceeded maximum says the bidder's own and the price the lot shows", async () => {
    const lot = await createLot(stack.db);
    const outbid = await bidderWithDevices(1, { pushMaximumExceeded: true });
    const leader = await readyBidder(stack);
    await bid(outbid.token, lot.id, '20.00', '45.00');
    await bid(leader.token, lot.id, '21.00', '987.65');
    const received = payloadOf((await push.nextMessage(outbid.phones[0]!, { after: 0 })).text);
    expect(received.kind).toBe('maximum_exceeded');
    expect(received.title).toBe(`Your maximum on “${lot.title}” was exceeded`);
    expect(received.body).toMatch(/^Your maximum was \$45\.00\. The price is now \$\d+\.\d\d\.$/);
    const shown = await call('GET', `/auctions/${lot.id}`, null);
    expect(received.body).toContain(`The price is now $${shown.body.data?.currentBid ?? shown.body.currentBid}.`);
    expect(JSON.stringify(received)).not.toMatch(/987/);
  });

  it('says no price in an outbid push about a lot that has ended (the results rule: a locked phone is nobody signed in)', async () => {
    const lot = await createLot(stack.db, { status: 'ended', endsInMs: -60_000 });
    const outbid = await bidderWithDevices(1, { pushOutbid: true });
    const data = { id: `late-${lot.id}`, timestamp: new Date().toISOString(), auctionTitle: lot.title, auctionId: lot.id, auctionEventId: lot.auctionEventId };
    await stack.services.pushes.tell(outbid.user.id, { type: 'outbid', data: { ...data, userBidAmount: '20.00', currentBidAmount: '612.00', currencyUnit: 'USD' } });
    const received = payloadOf((await push.nextMessage(outbid.phones[0]!, { after: 0 })).text);
    expect(received.body).toBe('Your bid was $20.00.');
  });

  it('pushes the win to the winner, and a payment-due reminder once for a win still unpaid near its deadline', async () => {
    const lot = await createLot(stack.db, { endsInMs: 60 * 60_000 });
    const winner = await bidderWithDevices(1, { pushWon: true, pushPaymentDue: true });
    await bid(winner.token, lot.id, '20.00');
    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { endTime: new Date(Date.now() - 1000) } });
    await stack.services.lotClock.scheduleEnd(lot.id, new Date(Date.now() - 1000));
    const phone = winner.phones[0]!;
    const won = payloadOf((await push.nextMessage(phone, { after: 0 })).text);
    expect(won).toMatchObject({ kind: 'won', title: `You won “${lot.title}”`, body: 'Your winning bid: $20.00. Open the lot for what happens next.' });

    const dueAt = new Date(Date.now() + 3600_000);
    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { paymentDueAt: dueAt, paid: false } });
    expect(await stack.services.pushes.remindPaymentsDue()).toBe(1);
    expect(await stack.services.pushes.remindPaymentsDue()).toBe(0);
    const due = payloadOf((await push.nextMessage(phone, { after: 1 })).text);
    expect(due).toMatchObject({ kind: 'payment_due', url: '/cart', body: `Pay from your cart by ${dueAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, or the purchase is cancelled.` });
  });

  it('pushes the win to a Buy Now buyer too, as to the winner of a close', async () => {
    const created = await createLot(stack.db, { paymentMethod: 'Manual' });
    const lot = await stack.db.prisma.lot.update({ where: { id: created.id }, data: { buyNowEnabled: true, buyNowPrice: '30000' } });
    const buyer = await bidderWithDevices(1, { pushWon: true });
    const bought = await call('POST', `/auctions/${lot.id}/buy-now`, buyer.token, { paymentMethod: 'Manual' });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const won = payloadOf((await push.nextMessage(buyer.phones[0]!, { after: 0 })).text);
    expect(won).toMatchObject({ kind: 'won', title: `You won “${lot.title}”`, body: 'Your winning bid: $300.00. Open the lot for what happens next.' });
  });
});
