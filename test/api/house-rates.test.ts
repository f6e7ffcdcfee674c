/**
 * The house's rates per event: a new event starts from the house's defaults (none unless configured), an admin
 * edits its buyer's premium and seller's commission, a malformed table is refused by field, and a premium on lots
 * whose rails do not collect it yet is refused with a message saying so rather than shown and not collected.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { createUser, signIn } from '../support/users.ts';
import { caller, DAY, HOUR, iso } from '../support/admin-api.ts';

let stack: TestStack;
let adminToken: string;
const call = caller(() => stack.url);
const COMMISSION = {
  USD: [
    { upTo: '1000.00', percent: '15' },
    { upTo: null, percent: '10' },
  ],
};

beforeAll(async () => {
  stack = await startApiForTest({ seed: 'none', env: { HOUSE_SELLER_COMMISSION: JSON.stringify(COMMISSION) } });
  adminToken = await signIn(stack.url, (await createUser(stack.db, 'admin')).email);
});
afterAll(() => stack?.stop());

const newEvent = (extra: Record<string, unknown> = {}) =>
  call('POST', '/auction-events', adminToken, { title: `Rates ${randomBytes(3).toString('hex')}`, startTime: iso(-HOUR), endTime: iso(DAY), ...extra });

describe('an event’s premium and commission', () => {
  it('start from the house’s defaults: no premium, the configured commission', async () => {
    const made = await newEvent();
    expect(made.status).toBe(201);
    expect(made.body.data.buyerPremium).toEqual({});
    expect(made.body.data.sellerCommission).toEqual(COMMISSION);
  });

  it('are edited by the admin, and a malformed table is refused by field', async () => {
    const made = await newEvent();
    const id = made.body.data._id as string;
    const sats = {
      sats: [
        { upTo: '100000', percent: '12.5' },
        { upTo: null, percent: '8' },
      ],
    };
    const edited = await call('PUT', `/auction-events/${id}`, adminToken, { sellerCommission: sats });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.sellerCommission).toEqual(sats);
    const falling = await call('PUT', `/auction-events/${id}`, adminToken, {
      sellerCommission: {
        USD: [
          { upTo: '10.00', percent: '5' },
          { upTo: '5.00', percent: '5' },
          { upTo: null, percent: '1' },
        ],
      },
    });
    expect(falling.status).toBe(400);
    expect(falling.body.fields?.sellerCommission ?? falling.body.message).toMatch(/rise/);
  });

  it('take a premium on USD and BTC lots, and refuse a non-zero one on ETH lots, which carry their auction contract’s own', async () => {
    const usd = await newEvent({ buyerPremium: { USD: [{ upTo: null, percent: '25' }], sats: [{ upTo: null, percent: '25' }] } });
    expect(usd.status).toBe(201);
    expect(usd.body.data.buyerPremium).toEqual({ USD: [{ upTo: null, percent: '25' }], sats: [{ upTo: null, percent: '25' }] });
    const refused = await newEvent({ buyerPremium: { sats: [{ upTo: null, percent: '25' }], ETH: [{ upTo: null, percent: '10' }] } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('A buyer’s premium on ETH lots is the auction contract’s, fixed when each auction is created: leave the event’s ETH premium at 0%.');
    const zero = await newEvent({ buyerPremium: { ETH: [{ upTo: null, percent: '0' }] } });
    expect(zero.status).toBe(201);
    // Nor a commission: an ETH lot's is the contract's fee.
    const commission = await newEvent({ sellerCommission: { USD: [{ upTo: null, percent: '10' }], ETH: [{ upTo: null, percent: '5' }] } });
    expect(commission).toMatchObject({ status: 400, body: { fields: { sellerCommission: expect.stringMatching(/the auction contract’s fee/) } } });
  });

  it('keep the premium once a lot of the event has a bid, since bids and holds were taken at it', async () => {
    const made = await newEvent({ buyerPremium: { USD: [{ upTo: null, percent: '10' }] } });
    const id = made.body.data._id as string;
    const lot = await stack.db.prisma.lot.create({
      data: { auctionEventId: id, title: 'Bid on', paymentMethod: 'Manual', startingBid: '100', currentPrice: '100', startTime: new Date(), endTime: new Date(Date.now() + DAY), bidCount: 1 },
    });
    const changed = await call('PUT', `/auction-events/${id}`, adminToken, { buyerPremium: { USD: [{ upTo: null, percent: '20' }] } });
    expect(changed.status).toBe(409);
    expect(changed.body.message).toBe('The buyer’s premium cannot change once a lot of this event has a bid or a buyer: bids, holds and purchases were made at it.');
    // The same premium sent again (the form sends every field) and the commission still change freely.
    expect((await call('PUT', `/auction-events/${id}`, adminToken, { buyerPremium: { USD: [{ upTo: null, percent: '10' }] }, sellerCommission: { USD: [{ upTo: null, percent: '5' }] } })).status).toBe(
      200,
    );
    await stack.db.prisma.lot.delete({ where: { id: lot.id } });
  });
});
