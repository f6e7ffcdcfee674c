/**
 * The bidders a Buy Now displaced: each is told (a mail, a notice on their stream) that their bid was cancelled
 * because the lot was bought with Buy Now and, for a card bid, that its hold was released; the lot stays on their
 * My bids as cancelled, and the lot's history keeps the cancelled bids (to signed-in viewers only, as every result).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';
import { openUserEvents } from '../support/sse.ts';
import { call, startRecordedStripe, userWithCard, WEBHOOK_SECRET, type RecordedStripe } from '../support/card-payments.ts';
import { eventually } from '../support/eventually.ts';

let rs: RecordedStripe;
let stack: TestStack;

beforeAll(async () => {
  rs = await startRecordedStripe();
  stack = await startApiForTest({ seed: 'none', worker: true, env: { ...rs.env(), RATE_SIGNIN_PER_IP: '1000' } });
  rs.standIn.setWebhook({ url: `${stack.url}/payment/webhook`, secret: WEBHOOK_SECRET });
});

afterAll(async () => {
  await stack?.stop();
  await rs?.stop();
});

describe('a Buy Now displaces the lot’s bidders', () => {
  it('tells each displaced bidder once, keeps the lot on their My bids as cancelled and the bids in the history', { timeout: 40_000 }, async () => {
    const created = await createLot(stack.db, { paymentMethod: 'Manual', startingBid: 1000n });
    const lot = await stack.db.prisma.lot.update({ where: { id: created.id }, data: { title: 'Brass Lantern', buyNowEnabled: true, buyNowPrice: '30000' } });
    const cardBidder = await userWithCard(stack.db, rs);
    const cardToken = await signIn(stack.url, cardBidder.email);
    const plainBidder = await createUser(stack.db, 'ready');
    const plainToken = await signIn(stack.url, plainBidder.email);
    expect((await call(stack.url, plainToken, 'POST', `/auctions/${lot.id}/bids`, { amount: '10.00' })).status).toBe(201);
    // The card bid leads, so its hold stands until the purchase cancels it.
    expect((await call(stack.url, cardToken, 'POST', `/auctions/${lot.id}/bids`, { amount: '20.00', walletAddress: 'card_payment' })).status).toBe(201);

    const cardStream = await openUserEvents(stack.url, cardToken);
    const plainStream = await openUserEvents(stack.url, plainToken);
    try {
      const buyer = await userWithCard(stack.db, rs);
      const buyerToken = await signIn(stack.url, buyer.email);
      const bought = await call(stack.url, buyerToken, 'POST', `/auctions/${lot.id}/buy-now`, { paymentMethod: 'Manual' });
      expect(bought.status).toBe(200);

      // The notice on each bidder's stream, in words: the card bidder's names the released hold.
      const cardNotice = await cardStream.next('bid_cancelled', 10_000);
      expect(cardNotice.data).toMatchObject({ auctionId: lot.id, auctionTitle: 'Brass Lantern', bidAmount: '$20.00', cardHoldReleased: true });
      const plainNotice = await plainStream.next('bid_cancelled', 10_000);
      expect(plainNotice.data).toMatchObject({ auctionId: lot.id, bidAmount: '$10.00', cardHoldReleased: false });

      // One mail each, saying what happened to the bid and to the money.
      const mails = async (to: string) => stack.db.prisma.outboxMail.findMany({ where: { to, subject: { startsWith: 'Bid cancelled' } } });
      const cardMails = await mails(cardBidder.email);
      expect(cardMails).toHaveLength(1);
      expect(cardMails[0]!.subject).toBe('Bid cancelled: Brass Lantern was bought with Buy Now');
      expect(cardMails[0]!.text).toContain('“Brass Lantern” was bought with Buy Now, so your bid of $20.00 on it was cancelled. The hold on your card for it has been released.');
      const plainMails = await mails(plainBidder.email);
      expect(plainMails).toHaveLength(1);
      expect(plainMails[0]!.text).toContain('your bid of $10.00 on it was cancelled.');
      expect(plainMails[0]!.text).not.toContain('hold on your card');
      // The buyer is not told their own purchase cancelled anything.
      expect(await stack.db.prisma.outboxMail.count({ where: { to: buyer.email, subject: { startsWith: 'Bid cancelled' } } })).toBe(0);
      await eventually(async () => (await stack.db.prisma.outboxMail.count({ where: { to: cardBidder.email, subject: { startsWith: 'Bid cancelled' }, sentAt: { not: null } } })) === 1, {
        timeoutMs: 15_000,
        what: 'the mail sent',
      });

      // My bids keeps the lot, cancelled, with nothing to withdraw.
      const myBids = await call(stack.url, plainToken, 'GET', '/me/bids');
      expect(myBids.status).toBe(200);
      expect(myBids.body.data).toEqual([
        expect.objectContaining({ state: 'cancelled', canWithdraw: false, bid: expect.objectContaining({ amount: '10.00' }), lot: expect.objectContaining({ _id: lot.id }) }),
      ]);
      expect(myBids.body.counts).toMatchObject({ cancelled: 1, lost: 0 });
      const filtered = await call(stack.url, cardToken, 'GET', '/me/bids?state=cancelled');
      expect(filtered.body.data.map((entry: { lot: { _id: string } }) => entry.lot._id)).toEqual([lot.id]);

      // The history keeps the bids, as cancelled; a signed-out visitor still learns nothing of an ended lot's bids.
      const history = await call(stack.url, buyerToken, 'GET', `/auctions/${lot.id}/bids`);
      expect(history.status).toBe(200);
      expect(history.body.data.map((bid: { amount: string; status: string }) => [bid.amount, bid.status])).toEqual([
        ['20.00', 'cancelled'],
        ['10.00', 'cancelled'],
      ]);
      expect((await call(stack.url, null, 'GET', `/auctions/${lot.id}/bids`)).status).toBe(401);
    } finally {
      cardStream.close();
      plainStream.close();
    }
  });
});
