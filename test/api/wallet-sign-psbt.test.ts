/**
 * POST /wallet/sign-psbt: for a linked Bitcoin wallet, the inputs of an offer PSBT it signs (every input but the
 * seller's inscription, index 1) with SIGHASH_ALL; refused for addresses the caller has not linked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonCalls, offerBidder } from '../support/offer-bidders.ts';
import { createLot } from '../support/lots.ts';
import { networkOf, TestKey } from '../support/bitcoin-wallet.ts';
import { startBitcoinStack } from '../support/bitcoin-stack.ts';

const net = networkOf('regtest');
let bitcoinStack: Awaited<ReturnType<typeof startBitcoinStack>>;
const { post } = jsonCalls(() => bitcoinStack.api.url);

beforeAll(async () => {
  bitcoinStack = await startBitcoinStack();
});
afterAll(() => bitcoinStack?.stop());

describe('POST /wallet/sign-psbt', () => {
  it("names the linked wallet's inputs of an offer, each with SIGHASH_ALL, and refuses other wallets", async () => {
    const seller = new TestKey('p2tr', net);
    const { inscriptionId } = await bitcoinStack.dev.inscribe(seller.address, 'sign-psbt lot');
    const lot = await createLot(bitcoinStack.api.db, { paymentMethod: 'BTC', startingBid: 10_000n });
    await bitcoinStack.api.db.prisma.lot.update({ where: { id: lot.id }, data: { inscriptionId, sellerWalletAddress: seller.address } });
    const bidder = await offerBidder(bitcoinStack.api, bitcoinStack.dev, net);
    const other = await offerBidder(bitcoinStack.api, bitcoinStack.dev, net);
    const offer = await bidder.bid(lot.id, 10_000);
    expect(offer.status).toBe(201);
    const psbtHex = offer.body.data.psbtHex;

    const plan = await post('/wallet/sign-psbt', bidder.token, { psbtHex, walletAddress: bidder.keys.payment.address });
    expect(plan.status).toBe(200);
    const inputs = plan.body.data.signInputs as { index: number; address: string; sighash: number }[];
    // The dummy at 0 and the payments after the seller's inscription input.
    expect(inputs[0]).toEqual({ index: 0, address: bidder.keys.payment.address, sighash: 1 });
    expect(inputs.map((i) => i.index)).not.toContain(1);
    expect(inputs.every((i) => i.address === bidder.keys.payment.address && i.sighash === 1)).toBe(true);
    expect(plan.body.data.txid).toMatch(/^[0-9a-f]{64}$/);

    // Linked, but owning nothing in this PSBT.
    expect((await post('/wallet/sign-psbt', other.token, { psbtHex, walletAddress: other.keys.payment.address })).body.data.signInputs).toEqual([]);
    // Someone else's address, or one nobody linked: refused, naming the field.
    const foreign = await post('/wallet/sign-psbt', other.token, { psbtHex, walletAddress: bidder.keys.payment.address });
    expect(foreign).toMatchObject({ status: 403, body: { code: 'wallet_not_linked', fields: { walletAddress: expect.any(String) } } });
    const unlinkedOrdinals = await post('/wallet/sign-psbt', bidder.token, { psbtHex, walletAddress: bidder.keys.payment.address, ordinalsAddress: bidder.keys.ordinals.address });
    expect(unlinkedOrdinals).toMatchObject({ status: 403, body: { fields: { ordinalsAddress: expect.any(String) } } });
    const malformed = await post('/wallet/sign-psbt', bidder.token, { psbtHex: 'zz', walletAddress: bidder.keys.payment.address });
    expect(malformed).toMatchObject({ status: 400, body: { fields: { psbtHex: expect.any(String) } } });
  });
});
