/**
 * A buyer's premium and a seller's commission on a BTC lot, collected in the swap: an admin sets 25% and 10% on the
 * event's BTC lots, the lot names them, and the offer the bidder signs pays the seller the hammer less the commission,
 * the house's fee address the platform fee, the premium and the commission, and the bidder their new dummy and change, to the sat; the winner's invoice names the premium and the
 * platform fee the swap pays, its total what the seller's and the house's outputs add up to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as bitcoin from 'bitcoinjs-lib';
import type { TestStack } from '../support/stack.ts';
import { startBitcoinStack } from '../support/bitcoin-stack.ts';
import { jsonCalls, offerBidder } from '../support/offer-bidders.ts';
import { createUser, signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';
import { type devClient, networkOf, TestKey } from '../support/bitcoin-wallet.ts';
import { closeLot } from '../../api/src/closing/close-lot.ts';

const net = networkOf('regtest');
let bitcoinStack: Awaited<ReturnType<typeof startBitcoinStack>>;
let stack: TestStack;
let dev: ReturnType<typeof devClient>;
let adminToken: string;

const { post, get } = jsonCalls(() => stack.url);

beforeAll(async () => {
  bitcoinStack = await startBitcoinStack({ BITCOIN_FOLLOW_MS: '100', RATE_SIGNIN_PER_IP: '10000', RATE_SIGNIN_PER_ACCOUNT: '10000' });
  ({ dev, api: stack } = bitcoinStack);
  adminToken = await signIn(stack.url, (await createUser(stack.db, 'admin')).email);
});
afterAll(() => bitcoinStack?.stop());

describe('a BTC sale with a buyer’s premium', () => {
  it('the swap the bidder signs pays the seller (less the commission), the fee address and the change exactly, and the invoice names the premium', { timeout: 60_000 }, async () => {
    const made = await post('/auction-events', adminToken, {
      title: 'Bitcoin sale with a premium',
      startTime: new Date(Date.now() - 3_600_000).toISOString(),
      endTime: new Date(Date.now() + 86_400_000).toISOString(),
      buyerPremium: { sats: [{ upTo: null, percent: '25' }] },
      sellerCommission: { sats: [{ upTo: null, percent: '10' }] },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const eventId = made.body.data._id as string;
    await stack.db.prisma.auctionEvent.update({ where: { id: eventId }, data: { published: true, status: 'live' } });
    const seller = new TestKey('p2tr', net);
    const payout = new TestKey('p2wpkh', net);
    const { inscriptionId } = await dev.inscribe(seller.address, 'premium lot');
    const lot = await createLot(stack.db, { paymentMethod: 'BTC', startingBid: 10_000n });
    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { auctionEventId: eventId, inscriptionId, sellerWalletAddress: payout.address } });
    expect((await get(`/auctions/${lot.id}`, adminToken)).body.data.buyerPremium).toEqual([{ upTo: null, percent: '25' }]);

    const bidder = await offerBidder(stack, dev, net);
    const offer = await bidder.bid(lot.id, 10_000);
    expect(offer.status, JSON.stringify(offer.body)).toBe(201);
    const psbt = bitcoin.Psbt.fromHex(offer.body.data.psbtHex, { network: net });
    const addressOf = (script: Uint8Array) => bitcoin.address.fromOutputScript(script, net);
    const outputs = psbt.txOutputs.map((o) => [addressOf(o.script), Number(o.value)] as const);
    const inputs = psbt.data.inputs.reduce((sum, input) => sum + Number(input.witnessUtxo!.value), 0);
    const paid = outputs.reduce((sum, [, value]) => sum + value, 0);
    const networkFee = inputs - paid;
    // 10,000 sats: the seller the hammer less the 10% commission; the house 546 (the platform fee's floor) + 2,500
    // (the 25% premium) + 1,000 (the commission); the rest back to the bidder, who pays no more for the commission.
    expect(outputs[1]).toEqual([payout.address, 9_000]);
    expect(outputs[2]).toEqual([stack.services.config.bitcoin.platformFeeAddress, 546 + 2_500 + 1_000]);
    expect(outputs[3]).toEqual([bidder.keys.payment.address, 600]);
    expect(outputs[4]).toEqual([bidder.keys.payment.address, 200_000 - 10_000 - 3_046 - 600 - networkFee]);
    expect(networkFee).toBeGreaterThan(0);
    expect(networkFee).toBeLessThan(10_000);

    const bidId = offer.body.data.bid._id as string;
    const placed = await post(`/auctions/${lot.id}/finalize`, bidder.token, { bidId, signedPsbtHex: bidder.sign(offer.body.data.psbtHex) });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);

    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { endTime: new Date(Date.now() - 1000) } });
    expect((await closeLot(stack.db.prisma, lot.id)).closed).toBe(true);
    const [invoice] = (await get('/me/invoices', bidder.token)).body.data;
    // What the bidder paid the seller and the house in the swap, line by line (the network fee aside).
    expect(invoice).toMatchObject({ lotId: lot.id, unit: 'sats', hammer: '10000', premium: '2500', tax: '0', fees: '546', total: '13046' });
    expect(Number(invoice.total)).toBe(outputs[1]![1] + outputs[2]![1]);
  });
});
