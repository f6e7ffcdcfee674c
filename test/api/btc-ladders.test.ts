/**
 * A Bitcoin wallet's maximum bid as a ladder of signed offers, through the api against the Bitcoin stand-in: the
 * ladder is built on the same inputs, placed at its lowest step once every step is signed, moved with its signed
 * offer to the next step that leads when a lower bid comes, beaten by a bid above its top, private to its bidder,
 * settled with the step it won at, and removed as one bid when its coins are spent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as bitcoin from 'bitcoinjs-lib';
import type { TestStack } from '../support/stack.ts';
import { startBitcoinStack } from '../support/bitcoin-stack.ts';
import { jsonCalls, offerBidder } from '../support/offer-bidders.ts';
import { createUser, signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';
import type { BitcoinStandIn } from '../../scripts/stand-ins/bitcoin/index.ts';
import { type devClient, networkOf, spend, TestKey } from '../support/bitcoin-wallet.ts';
import { closeLot } from '../../api/src/closing/close-lot.ts';
import { eventually } from '../support/eventually.ts';

const net = networkOf('regtest');
let bitcoinStack: Awaited<ReturnType<typeof startBitcoinStack>>;
let btc: BitcoinStandIn;
let stack: TestStack;
let dev: ReturnType<typeof devClient>;

const { post, get } = jsonCalls(() => stack.url);
type Bidder = Awaited<ReturnType<typeof offerBidder>>;
const bidder = () => offerBidder(stack, dev, net);
const bidRow = (id: string) => stack.db.prisma.bid.findUniqueOrThrow({ where: { id } });
const lotRow = (id: string) => stack.db.prisma.lot.findUniqueOrThrow({ where: { id } });

async function btcLot(creatorId?: string) {
  const seller = new TestKey('p2tr', net);
  const { inscriptionId } = await dev.inscribe(seller.address, 'ladder lot');
  const lot = await createLot(stack.db, { paymentMethod: 'BTC', startingBid: 10_000n, ...(creatorId && { creatorId }) });
  await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { inscriptionId, sellerWalletAddress: creatorId ? seller.address : new TestKey('p2wpkh', net).address } });
  return { lot, seller, inscriptionId };
}

/** The ladder's reply: its offers to sign, built from `who`'s wallet. */
function ladderOf(who: Bidder, lotId: string, amount: number, maximum: number) {
  return post(`/auctions/${lotId}/bids`, who.token, { amount, maximum, walletAddress: who.keys.payment.address, ordinalsAddress: who.keys.ordinals.address });
}

/** Signs every step and finalizes the ladder. */
function finalizeLadder(who: Bidder, lotId: string, reply: { body: any }) {
  const signedSteps = reply.body.data.ladder.map((step: { bidId: string; psbtHex: string }) => ({ bidId: step.bidId, signedPsbtHex: who.sign(step.psbtHex) }));
  return post(`/auctions/${lotId}/finalize`, who.token, { bidId: reply.body.data.bid._id, signedSteps });
}

async function offerBid(who: Bidder, lotId: string, amount: number) {
  const offer = await who.bid(lotId, amount);
  expect(offer.status).toBe(201);
  return post(`/auctions/${lotId}/finalize`, who.token, { bidId: offer.body.data.bid._id, signedPsbtHex: who.sign(offer.body.data.psbtHex) });
}

const outpoints = (psbtHex: string) => bitcoin.Psbt.fromHex(psbtHex, { network: net }).txInputs.map((i) => `${Buffer.from(i.hash).reverse().toString('hex')}:${i.index}`);
const payout = (psbtHex: string) => Number(bitcoin.Psbt.fromHex(psbtHex, { network: net }).txOutputs[1]!.value);
type Step = { bidId: string; amount: string; psbtHex: string };
/** The step a price that must reach `wanted` is shown at: the lowest at or above it. */
const stepAt = (ladder: Step[], wanted: number) => ladder.findIndex((step) => Number(step.amount) >= wanted);
/** Whether `text` names `amount`, written plainly or with thousands separators, as an amount of its own. */
const names = (text: string, amount: string) => [amount, Number(amount).toLocaleString('en-US')].some((written) => new RegExp(`(?<![0-9A-Za-z.,])${written}(?![0-9A-Za-z])`).test(text));

beforeAll(async () => {
  bitcoinStack = await startBitcoinStack({ BITCOIN_FOLLOW_MS: '100', RATE_SIGNIN_PER_IP: '10000', RATE_SIGNIN_PER_ACCOUNT: '10000' });
  ({ btc, dev, api: stack } = bitcoinStack);
});
afterAll(() => bitcoinStack?.stop());

describe('a Bitcoin wallet’s maximum is a ladder of signed offers', () => {
  it('builds one offer per step on the same inputs, and places the lowest step once every step is signed', async () => {
    const { lot } = await btcLot();
    const ann = await bidder();
    const reply = await ladderOf(ann, lot.id, 10_000, 30_000);
    expect(reply).toMatchObject({ status: 201, body: { data: { psbtHex: null, bid: { status: 'pending', amount: '10000', maximum: '30000' } } } });
    const ladder = reply.body.data.ladder as Step[];
    // Five steps from the amount to the maximum, at least an increment apart; those between drawn at random (not
    // spread evenly, which would tell the maximum from two prices), so a second ladder on the same amounts differs.
    const amounts = ladder.map((step) => Number(step.amount));
    expect([amounts.length, amounts[0], amounts.at(-1)]).toEqual([5, 10_000, 30_000]);
    for (const [i, amount] of amounts.slice(1).entries()) expect(amount - amounts[i]!).toBeGreaterThanOrEqual(100);
    expect(ladder.map((step) => payout(step.psbtHex))).toEqual(amounts);
    const again = (await ladderOf(ann, lot.id, 10_000, 30_000)).body.data.ladder as Step[];
    expect(again.map((step) => step.amount)).not.toEqual(ladder.map((step) => step.amount));
    // At most one of them can ever be broadcast: every step spends exactly the same coins.
    for (const step of ladder) expect(outpoints(step.psbtHex)).toEqual(outpoints(ladder[0]!.psbtHex));
    expect(reply.body.data.bid._id).toBe(ladder[0]!.bidId);
    expect((await get(`/auctions/${lot.id}/bids`, ann.token)).body.data).toEqual([]);

    // One step alone, or the ladder with a step missing, places nothing.
    expect(await post(`/auctions/${lot.id}/finalize`, ann.token, { bidId: ladder[0]!.bidId, signedPsbtHex: ann.sign(ladder[0]!.psbtHex) })).toMatchObject({
      status: 400,
      body: { code: 'ladder_incomplete' },
    });
    const partial = ladder.slice(0, 4).map((step) => ({ bidId: step.bidId, signedPsbtHex: ann.sign(step.psbtHex) }));
    expect(await post(`/auctions/${lot.id}/finalize`, ann.token, { bidId: ladder[0]!.bidId, signedSteps: partial })).toMatchObject({ status: 400, body: { code: 'ladder_incomplete' } });
    // A step signed as another's is refused by the same validator as any offer.
    const swapped = ladder.map((step, i) => ({ bidId: step.bidId, signedPsbtHex: ann.sign(ladder[(i + 1) % ladder.length]!.psbtHex) }));
    expect((await post(`/auctions/${lot.id}/finalize`, ann.token, { bidId: ladder[0]!.bidId, signedSteps: swapped })).body.code).toBe('psbt_other_bid');
    expect(await stack.db.prisma.bid.count({ where: { lotId: lot.id } })).toBe(0);

    const placed = await finalizeLadder(ann, lot.id, reply);
    expect(placed).toMatchObject({
      status: 201,
      body: { message: 'Bid placed successfully!', minimumNextBid: '10100', data: { bid: { _id: ladder[0]!.bidId, status: 'active', amount: '10000', maximum: '30000' } } },
    });
    expect(await bidRow(ladder[0]!.bidId)).toMatchObject({ status: 'active', psbtHex: ladder[0]!.psbtHex });
    expect(payout((await bidRow(ladder[0]!.bidId)).signedPsbtHex!)).toBe(10_000);
    expect(await lotRow(lot.id)).toMatchObject({ bidCount: 1 });
    expect((await lotRow(lot.id)).leaderMaximum?.toFixed(0)).toBe('30000');
    expect((await finalizeLadder(ann, lot.id, reply)).status).toBe(409);
  });

  it('a bid below the top step is outbid at once: the leader’s bid moves to the next step, with that step’s signed offer; a bid above the top leads', async () => {
    const { lot } = await btcLot();
    const [ann, bob, cat] = [await bidder(), await bidder(), await bidder()];
    const reply = await ladderOf(ann, lot.id, 10_000, 30_000);
    const ladder = reply.body.data.ladder as Step[];
    expect((await finalizeLadder(ann, lot.id, reply)).status).toBe(201);

    const answered = await offerBid(bob, lot.id, 17_000);
    expect(answered).toMatchObject({ status: 201, body: { message: 'You were outbid by an earlier maximum bid', data: { bid: { status: 'outbid', amount: '17000' } } } });
    // 17,100 would lead: the bid shows the lowest step at or above it (the steps are drawn, so it is read off them).
    const at = stepAt(ladder, 17_100);
    const shown = ladder[at]!.amount;
    expect((await lotRow(lot.id)).currentBid?.toFixed(0)).toBe(shown);
    const leader = await bidRow(ladder[0]!.bidId);
    expect(leader).toMatchObject({ status: 'active', psbtHex: ladder[at]!.psbtHex });
    expect(leader.amount.toFixed(0)).toBe(shown);
    expect(payout(leader.signedPsbtHex!)).toBe(Number(shown));
    expect(outpoints(leader.signedPsbtHex!)).toEqual(outpoints(ladder[0]!.psbtHex));

    // The steps are the bidder's own: the lot and its history show the price, never another step or the maximum
    // (unless the price is at it).
    const hidden = ladder.filter((_, i) => i !== 0 && i !== at).map((step) => step.amount);
    for (const path of [`/auctions/${lot.id}/bids`, `/auctions/${lot.id}`]) {
      const seen = JSON.stringify((await get(path, cat.token)).body);
      for (const amount of hidden) expect(names(seen, amount), `${path} shows ${amount}`).toBe(false);
    }
    const history = (await get(`/auctions/${lot.id}/bids`, cat.token)).body.data;
    expect(history.map((bid: any) => [bid.amount, bid.status, 'maximum' in bid])).toEqual([
      [shown, 'active', false],
      ['17000', 'outbid', false],
    ]);
    expect((await get('/auctions/bids/me', ann.token)).body.data[0]).toMatchObject({ amount: shown, maximum: '30000', bidder: { isYou: true } });

    const over = await offerBid(cat, lot.id, 30_100);
    expect(over).toMatchObject({ status: 201, body: { data: { bid: { status: 'active', amount: '30100' } } } });
    expect(await bidRow(ladder[0]!.bidId)).toMatchObject({ status: 'outbid' });
    expect(await lotRow(lot.id)).toMatchObject({ leaderMaximum: null });
    expect((await lotRow(lot.id)).currentBid?.toFixed(0)).toBe('30100');
  });

  it('racing bids against a ladder leave its bid at the price, carrying the offer that pays exactly that', async () => {
    const { lot } = await btcLot();
    const ann = await bidder();
    const racers = await Promise.all([bidder(), bidder(), bidder(), bidder()]);
    const reply = await ladderOf(ann, lot.id, 10_000, 30_000);
    expect((await finalizeLadder(ann, lot.id, reply)).status).toBe(201);
    // Offers built first, then finalized at once: each resolves against what the one before it left.
    const offers = await Promise.all(racers.map((who, i) => who.bid(lot.id, 10_100 + i * 4_000)));
    const placed = await Promise.all(
      racers.map((who, i) => post(`/auctions/${lot.id}/finalize`, who.token, { bidId: offers[i]!.body.data.bid._id, signedPsbtHex: who.sign(offers[i]!.body.data.psbtHex) })),
    );
    // Each was either outbid at once or refused as too low by then; none leads.
    for (const one of placed) expect([201, 400]).toContain(one.status);
    for (const one of placed.filter((p) => p.status === 201)) expect(one.body.data.bid.status).toBe('outbid');
    const leader = await bidRow(reply.body.data.bid._id);
    const price = (await lotRow(lot.id)).currentBid!.toFixed(0);
    expect(leader.status).toBe('active');
    expect(leader.amount.toFixed(0)).toBe(price);
    // One of its steps above the amount (which, the steps being drawn, may be the maximum itself).
    expect(reply.body.data.ladder.slice(1).map((step: Step) => step.amount)).toContain(price);
    expect(String(payout(leader.signedPsbtHex!))).toBe(price);
  });

  it('a lot won by a ladder settles with the offer of the step it won at', async () => {
    const sellerUser = await createUser(stack.db, 'seller');
    const sellerToken = await signIn(stack.url, sellerUser.email);
    const { lot, seller } = await btcLot(sellerUser.id);
    const [ann, bob] = [await bidder(), await bidder()];
    const reply = await ladderOf(ann, lot.id, 10_000, 30_000);
    expect((await finalizeLadder(ann, lot.id, reply)).status).toBe(201);
    expect((await offerBid(bob, lot.id, 22_000)).body.data.bid.status).toBe('outbid');
    const won = Number(reply.body.data.ladder[stepAt(reply.body.data.ladder, 22_100)].amount);
    expect((await lotRow(lot.id)).currentBid?.toFixed(0)).toBe(String(won));

    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { endTime: new Date(Date.now() - 1000) } });
    expect((await closeLot(stack.db.prisma, lot.id)).closed).toBe(true);
    const state = await get(`/psbt/state/${lot.id}`, sellerToken);
    expect(state.body).toMatchObject({ stage: 'awaiting_seller', sellerInputIndices: [1] });
    const psbt = bitcoin.Psbt.fromHex(state.body.psbtHex, { network: net });
    psbt.updateInput(1, { tapInternalKey: seller.publicKey });
    seller.sign(psbt, [1], [bitcoin.Transaction.SIGHASH_ALL]);
    const signed = await post('/psbt/seller-sign', sellerToken, { auctionId: lot.id, walletAddress: seller.address, signedPsbtHex: psbt.toHex() });
    expect(signed).toMatchObject({ status: 200, body: { data: { stage: 'broadcast' } } });
    const swap = (await (await fetch(`${btc.esploraUrl}/tx/${signed.body.data.txid}`)).json()) as { vout: Array<{ scriptpubkey_address: string; value: number }> };
    expect(swap.vout[1]).toMatchObject({ scriptpubkey_address: seller.address, value: won });
  });

  it('a leading ladder whose coins are spent is removed as one bid, and the bid below leads again', async () => {
    const { lot } = await btcLot();
    const [ann, bob] = [await bidder(), await bidder()];
    expect((await offerBid(bob, lot.id, 10_000)).status).toBe(201);
    const reply = await ladderOf(ann, lot.id, 10_100, 30_000);
    expect((await finalizeLadder(ann, lot.id, reply)).body.data.bid).toMatchObject({ status: 'active', amount: '10100' });
    await fetch(`${btc.esploraUrl}/tx`, { method: 'POST', body: spend(ann.keys.payment, [ann.big], [{ address: ann.keys.payment.address, value: 190_000 }], 1_000).toHex() });
    await eventually(async () => (await bidRow(reply.body.data.bid._id)).status === 'removed', { timeoutMs: 10_000, what: "the worker removes the ladder's spent bid" });
    const lotNow = await lotRow(lot.id);
    expect(lotNow).toMatchObject({ bidCount: 1, leaderMaximum: null });
    expect(lotNow.currentBid?.toFixed(0)).toBe('10000');
    expect(await stack.db.prisma.bid.findMany({ where: { lotId: lot.id }, select: { status: true }, orderBy: { amount: 'asc' } })).toEqual([{ status: 'active' }, { status: 'removed' }]);
  });
});
