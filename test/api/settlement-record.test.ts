/**
 * The irreversible settlement steps keep who took them and when, and the seller of a USD lot can ship it: once paid,
 * the settlement record gives the winner's name and profile address, and the seller writes to the winner through
 * Gavel without ever seeing the winner's e-mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';
import { caller } from '../support/admin-api.ts';

let stack: TestStack;
let adminToken: string;
let sellerToken: string;
let sellerId: string;
let bidderToken: string;
let bidderEmail: string;
let strangerToken: string;
const call = caller(() => stack.url);

/** An ended USD lot of the seller's, won by the bidder at 30.00. */
async function wonLot() {
  const lot = await createLot(stack.db, { creatorId: sellerId });
  expect((await call('POST', `/auctions/${lot.id}/bids`, bidderToken, { amount: '30.00' })).status).toBe(201);
  expect((await call('POST', `/auctions/${lot.id}/end`, adminToken)).status).toBe(200);
  return lot.id;
}

beforeAll(async () => {
  stack = await startApiForTest({ seed: 'none', env: { RATE_SIGNIN_PER_IP: '10000', RATE_SIGNIN_PER_ACCOUNT: '10000' } });
  const [admin, seller, bidder, stranger] = await Promise.all([createUser(stack.db, 'admin'), createUser(stack.db, 'seller'), createUser(stack.db, 'ready'), createUser(stack.db, 'ready')]);
  sellerId = seller.id;
  bidderEmail = bidder.email;
  await stack.db.prisma.user.update({ where: { id: admin.id }, data: { name: 'Ada Admin' } });
  await stack.db.prisma.user.update({ where: { id: seller.id }, data: { name: 'Sam Seller' } });
  await stack.db.prisma.user.update({
    where: { id: bidder.id },
    data: { name: 'Wendy Winner', address: '12 Harbour Road', city: 'Bristol', state: null, postCode: 'BS1 4RN', country: 'UK' },
  });
  const tokens = await Promise.all([admin, seller, bidder, stranger].map((u) => signIn(stack.url, u.email)));
  [adminToken, sellerToken, bidderToken, strangerToken] = tokens as [string, string, string, string];
});
afterAll(() => stack?.stop());

describe('who settled a lot, and when', () => {
  it('records the seller who verified the payment and recorded the transfer, with the payment reference', async () => {
    const id = await wonLot();
    expect((await call('GET', `/auctions/${id}/settlement`, sellerToken)).body.data).toEqual({ paidBy: null, transferredBy: null, shipTo: null, canMessageWinner: true });

    const verified = await call('POST', `/auctions/${id}/verify-payment`, sellerToken, { txHash: 'BANK20261129' });
    expect(verified.body.data).toMatchObject({ paid: true, txHash: 'BANK20261129' });
    expect(verified.body.data.settlement.paidAt).toEqual(expect.any(String));
    expect((await call('GET', `/auctions/${id}/settlement`, sellerToken)).body.data).toMatchObject({ paidBy: { name: 'Sam Seller', role: 'seller' }, transferredBy: null });

    await call('POST', `/auctions/${id}/transfer`, sellerToken, { transferTransactionHash: 'Royal Mail AB123456789GB' });
    const record = (await call('GET', `/auctions/${id}/settlement`, adminToken)).body.data;
    expect(record).toMatchObject({ paidBy: { name: 'Sam Seller', role: 'seller' }, transferredBy: { name: 'Sam Seller', role: 'seller' } });
    const row = await stack.db.prisma.lot.findUniqueOrThrow({ where: { id } });
    expect({ paidById: row.paidById, transferredById: row.transferredById }).toEqual({ paidById: sellerId, transferredById: sellerId });
    expect(row.transferredAt).toBeInstanceOf(Date);
  });

  it('names the admin who marked a lot paid, and refuses the record to anyone but the seller and admins', async () => {
    const id = await wonLot();
    expect((await call('POST', `/auctions/${id}/mark-paid`, adminToken, { auctionType: 'offchain' })).status).toBe(200);
    expect((await call('GET', `/auctions/${id}/settlement`, sellerToken)).body.data.paidBy).toEqual({ name: 'Ada Admin', role: 'admin' });
    const refused = await call('GET', `/auctions/${id}/settlement`, strangerToken);
    expect(refused).toMatchObject({ status: 403, body: { message: 'Only the seller of this lot or an admin can do this' } });
  });
});

describe('shipping a USD lot to its winner', () => {
  it("gives the winner's name and address once paid, never their e-mail", async () => {
    const id = await wonLot();
    expect((await call('GET', `/auctions/${id}/settlement`, sellerToken)).body.data.shipTo).toBeNull();
    await call('POST', `/auctions/${id}/verify-payment`, sellerToken, {});
    const reply = await call('GET', `/auctions/${id}/settlement`, sellerToken);
    expect(reply.body.data.shipTo).toEqual({ name: 'Wendy Winner', address: '12 Harbour Road', city: 'Bristol', state: null, postCode: 'BS1 4RN', country: 'UK' });
    expect(JSON.stringify(reply.body)).not.toContain(bidderEmail);
  });

  it('mails the winner a message through Gavel, naming the seller and how to answer', async () => {
    const id = await wonLot();
    const empty = await call('POST', `/auctions/${id}/message-winner`, sellerToken, { message: '   ' });
    expect(empty).toMatchObject({ status: 400, body: { fields: { message: 'Please write a message to the winner' } } });
    expect((await call('POST', `/auctions/${id}/message-winner`, strangerToken, { message: 'Hi' })).status).toBe(403);

    const sent = await call('POST', `/auctions/${id}/message-winner`, sellerToken, { message: 'Which day suits you for delivery?' });
    expect(sent).toMatchObject({ status: 200, body: { message: 'Your message was sent to the winner through Gavel' } });
    expect(JSON.stringify(sent.body)).not.toContain(bidderEmail);
    const mail = await stack.db.prisma.outboxMail.findFirstOrThrow({ where: { to: bidderEmail, subject: { startsWith: 'A message from the seller' } } });
    expect(mail.text).toContain('Which day suits you for delivery?');
    expect(mail.text).toContain('Sam Seller, the seller of');
  });

  it('has no winner to write to on a lot that did not sell', async () => {
    const lot = await createLot(stack.db, { creatorId: sellerId });
    await call('POST', `/auctions/${lot.id}/end`, adminToken);
    const refused = await call('POST', `/auctions/${lot.id}/message-winner`, sellerToken, { message: 'Hello' });
    expect(refused).toMatchObject({ status: 409, body: { message: 'The winner of this lot has no Gavel account to write to' } });
  });
});
