/**
 * Bids on BTC lots as signed offers, through the api against the Bitcoin stand-in: the bid reply carries the
 * offer PSBT, the wallet-signed PSBT places the bid (and outbids the previous one), and hostile PSBTs are
 * refused with a 400 naming what was wrong, storing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as bitcoin from 'bitcoinjs-lib';
import type { TestStack } from '../support/stack.ts';
import { startBitcoinStack } from '../support/bitcoin-stack.ts';
import { jsonCalls, offerBidder } from '../support/offer-bidders.ts';
import { createUser, signIn } from '../support/users.ts';
import { createLot } from '../support/lots.ts';
import type { BitcoinStandIn } from '../../scripts/stand-ins/bitcoin/index.ts';
import { type devClient, networkOf, rebuild, spend, TestKey } from '../support/bitcoin-wallet.ts';
import { closeLot } from '../../api/src/closing/close-lot.ts';
import { eventually } from '../support/eventually.ts';
import { openUserEvents } from '../support/sse.ts';

const net = networkOf('regtest');
let bitcoinStack: Awaited<ReturnType<typeof startBitcoinStack>>;
let btc: BitcoinStandIn;
let stack: TestStack;
let dev: ReturnType<typeof devClient>;

const { post, get } = jsonCalls(() => stack.url);
const bidder = () => offerBidder(stack, dev, net);

async function btcLot(onchain = false) {
  const seller = new TestKey('p2tr', net);
  const { inscriptionId } = await dev.inscribe(seller.address, 'api lot');
  const lot = await createLot(stack.db, { paymentMethod: 'BTC', startingBid: 10_000n, onchain });
  await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { inscriptionId, sellerWalletAddress: new TestKey('p2wpkh', net).address } });
  return lot;
}

beforeAll(async () => {
  bitcoinStack = await startBitcoinStack({ BITCOIN_FOLLOW_MS: '100', RATE_SIGNIN_PER_IP: '10000', RATE_SIGNIN_PER_ACCOUNT: '10000' });
  ({ btc, dev, api: stack } = bitcoinStack);
});
afterAll(() => bitcoinStack?.stop());

describe('BTC bids are signed offers', () => {
  it('the bid reply carries the offer PSBT; the signed PSBT places the bid and outbids the previous one', async () => {
    const lot = await btcLot();
    const a = await bidder();
    const b = await bidder();

    const offer = await a.bid(lot.id, 10_000);
    expect(offer.status).toBe(201);
    expect(offer.body).toMatchObject({ data: { psbtHex: expect.stringMatching(/^70736274ff/), bid: { status: 'pending', amount: '10000', unit: 'sats' } }, minimumNextBid: '10000' });
    // Nothing on the lot until it is signed.
    expect((await get(`/auctions/${lot.id}/bids`, a.token)).body.data).toEqual([]);

    const placed = await post(`/auctions/${lot.id}/finalize`, a.token, { bidId: offer.body.data.bid._id, signedPsbtHex: a.sign(offer.body.data.psbtHex) });
    expect(placed).toMatchObject({
      status: 201,
      body: { message: 'Bid placed successfully!', minimumNextBid: '10100', data: { bid: { _id: offer.body.data.bid._id, status: 'active', amount: '10000' } } },
    });
    expect((await post(`/auctions/${lot.id}/finalize`, a.token, { bidId: offer.body.data.bid._id, signedPsbtHex: a.sign(offer.body.data.psbtHex) })).status).toBe(409);

    const low = await b.bid(lot.id, 10_099);
    expect(low).toMatchObject({ status: 400, body: { message: 'Bid must be at least 10100 sats' } });
    const higher = await b.bid(lot.id, 10_100);
    const bidId = higher.body.data.bid._id;
    const v2 = await post(`/auctions-v2/lots/${lot.id}/bids/${bidId}/finalize`, b.token, { signedPsbtHex: b.sign(higher.body.data.psbtHex) });
    expect(v2.status).toBe(201);
    const mine = await get('/auctions/bids/me', a.token);
    expect(mine.body.data[0]).toMatchObject({ _id: offer.body.data.bid._id, status: 'outbid' });
    const stored = await stack.db.prisma.bid.findUniqueOrThrow({ where: { id: bidId } });
    expect(stored).toMatchObject({ status: 'active', psbtHex: higher.body.data.psbtHex });
    expect(stored.signedPsbtHex).toBeTruthy();
    expect((await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } })).currentBid?.toFixed(0)).toBe('10100');
  });

  it('a BTC lot marked on-chain takes the same signed offers, and cannot be turned into an auction on the auction house', async () => {
    const lot = await btcLot(true);
    const a = await bidder();
    const offer = await a.bid(lot.id, 10_000);
    expect(offer).toMatchObject({ status: 201, body: { data: { psbtHex: expect.stringMatching(/^70736274ff/), bid: { status: 'pending' } } } });
    const placed = await post(`/auctions/${lot.id}/finalize`, a.token, { bidId: offer.body.data.bid._id, signedPsbtHex: a.sign(offer.body.data.psbtHex) });
    expect(placed).toMatchObject({ status: 201, body: { data: { bid: { status: 'active', amount: '10000' } } } });

    const admin = await signIn(stack.url, (await createUser(stack.db, 'admin')).email);
    expect(await post(`/lots/${lot.id}/chain-auction`, admin, { auctionId: '1' })).toMatchObject({ status: 409, body: { code: 'not_evm_lot' } });
  });

  it('refuses hostile PSBTs with a 400 naming what was wrong, and stores nothing', async () => {
    const lot = await btcLot();
    const a = await bidder();
    const offer = await a.bid(lot.id, 12_000);
    const bidId = offer.body.data.bid._id as string;
    const finalize = (signedPsbtHex: string, id = bidId, lotId = lot.id, token = a.token) => post(`/auctions/${lotId}/finalize`, token, { bidId: id, signedPsbtHex });

    const cheaper = rebuild(offer.body.data.psbtHex, net, { outputs: (o) => o.map((out, i) => (i === 1 ? { ...out, value: 1_000n } : out)) });
    expect(await finalize(a.sign(cheaper))).toMatchObject({
      status: 400,
      body: { code: 'payout_amount_changed', message: 'Output 1 (payout to the seller) was changed from 12000 to 1000 sats', fields: { signedPsbtHex: expect.any(String) } },
    });
    const elsewhere = rebuild(offer.body.data.psbtHex, net, { outputs: (o) => o.map((out, i) => (i === 0 ? { ...out, script: new TestKey('p2tr', net).output } : out)) });
    expect((await finalize(a.sign(elsewhere))).body.code).toBe('inscription_address_changed');
    expect((await finalize('not hex')).body).toMatchObject({ code: 'invalid_psbt', message: 'PSBT must be hex' });

    // The same bidder's offer on another lot, replayed here.
    const other = await btcLot();
    const otherOffer = await a.bid(other.id, 10_000);
    expect((await finalize(a.sign(otherOffer.body.data.psbtHex))).body.code).toBe('psbt_other_bid');
    expect((await finalize(a.sign(offer.body.data.psbtHex), bidId, other.id)).body.code).toBe('psbt_other_lot');
    // Someone else's bid id.
    const b = await bidder();
    expect((await finalize(a.sign(offer.body.data.psbtHex), bidId, lot.id, b.token)).status).toBe(404);

    expect(await stack.db.prisma.bid.count({ where: { lotId: lot.id } })).toBe(0);
    expect((await stack.db.prisma.btcOffer.findUniqueOrThrow({ where: { id: bidId } })).finalizedAt).toBeNull();
    // And the honest signature still goes through afterwards, once, however many times it is sent at once.
    const honest = a.sign(offer.body.data.psbtHex);
    const raced = await Promise.all([finalize(honest), finalize(honest), finalize(honest)]);
    expect(raced.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await stack.db.prisma.bid.count({ where: { lotId: lot.id } })).toBe(1);
  });

  it('writes the bid and its signed offer together: when storing the offer fails, no bid is left behind', async () => {
    const lot = await btcLot();
    const a = await bidder();
    const offer = await a.bid(lot.id, 10_000);
    const signed = a.sign(offer.body.data.psbtHex);
    const finalize = () => post(`/auctions/${lot.id}/finalize`, a.token, { bidId: offer.body.data.bid._id, signedPsbtHex: signed });
    // The second write fails, as a crash between the two would leave it.
    await stack.db.sql(`CREATE FUNCTION test_fail_signed_offer() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$`);
    await stack.db.sql('CREATE TRIGGER test_fail_signed_offer BEFORE UPDATE OF "signedPsbtHex" ON "Bid" FOR EACH ROW EXECUTE FUNCTION test_fail_signed_offer()');
    try {
      expect((await finalize()).status).toBe(500);
    } finally {
      await stack.db.sql('DROP TRIGGER test_fail_signed_offer ON "Bid"');
      await stack.db.sql('DROP FUNCTION test_fail_signed_offer()');
    }
    expect((await get(`/auctions/${lot.id}/bids`, a.token)).body.data).toEqual([]);
    expect(await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id }, select: { currentBid: true, bidCount: true } })).toEqual({ currentBid: null, bidCount: 0 });
    // Sent again once storage works, the same signature places the bid, with its offer.
    expect((await finalize()).status).toBe(201);
    expect(await stack.db.prisma.bid.findUniqueOrThrow({ where: { id: offer.body.data.bid._id }, select: { status: true, signedPsbtHex: true } })).toEqual({ status: 'active', signedPsbtHex: signed });
  });

  it('a leading bid whose offer inputs are spent elsewhere is removed and the next bid leads again', async () => {
    const lot = await btcLot();
    const a = await bidder();
    const b = await bidder();
    for (const [who, amount] of [
      [a, 10_000],
      [b, 10_100],
    ] as const) {
      const offer = await who.bid(lot.id, amount);
      expect((await post(`/auctions/${lot.id}/finalize`, who.token, { bidId: offer.body.data.bid._id, signedPsbtHex: who.sign(offer.body.data.psbtHex) })).status).toBe(201);
    }
    const bEvents = await openUserEvents(stack.url, b.token);
    await bEvents.next('ready');
    await fetch(`${btc.esploraUrl}/tx`, { method: 'POST', body: spend(b.keys.payment, [b.big], [{ address: b.keys.payment.address, value: 190_000 }], 1_000).toHex() });
    const bidsOf = () => stack.db.prisma.bid.findMany({ where: { lotId: lot.id }, orderBy: { amount: 'asc' }, select: { status: true, removedReason: true } });
    await eventually(async () => (await bidsOf())[1]!.status === 'removed', { timeoutMs: 10_000, what: "the worker removes B's spent offer" });
    expect(await bidsOf()).toEqual([
      { status: 'active', removedReason: null },
      { status: 'removed', removedReason: 'The Bitcoin offer of this bid can no longer be completed: one of its inputs was spent' },
    ]);
    expect((await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } })).currentBid?.toFixed(0)).toBe('10000');
    // B no longer leads: the outbid notice, live and by mail saying why; A, outbid before, leads again and is told.
    const notice = await bEvents.next('outbid', 10_000);
    bEvents.close();
    expect(notice.data).toMatchObject({ auctionId: lot.id, userBidAmount: '10100', currentBidAmount: '10000', currencyUnit: 'sats' });
    // The lot ends within the hour, so both are also told it ends soon: that mail is not what this test is about.
    const mailTo = (email: string) =>
      stack.db.prisma.outboxMail.findMany({ where: { to: email, NOT: { subject: { startsWith: 'Ending soon' } } }, orderBy: { createdAt: 'asc' }, select: { subject: true, text: true } });
    // A's mail is written last, after B's notices.
    await eventually(async () => (await mailTo(a.user.email)).length === 2, { timeoutMs: 10_000, what: "A's leading-again mail" });
    expect(await mailTo(b.user.email)).toMatchObject([{ subject: "You've been outbid", text: expect.stringContaining('Your bid of 10,100 sats on') }]);
    expect((await mailTo(b.user.email))[0]!.text).toContain('its Bitcoin offer can no longer be completed because one of its inputs was spent. The current bid is 10,000 sats.');
    const aMails = await mailTo(a.user.email);
    expect(aMails.map((m) => m.subject)).toEqual(["You've been outbid", 'You are the highest bidder again']);
    expect(aMails[1]!.text).toContain('at 10,000 sats: a higher bid was removed');
  });

  it('amounts in whole sats from the starting bid, from a wallet linked to the account', async () => {
    const lot = await btcLot();
    const user = await createUser(stack.db, 'ready');
    const token = await signIn(stack.url, user.email);
    expect(await post(`/auctions/${lot.id}/bids`, token, { amount: 10_000 })).toMatchObject({ status: 400, body: { message: 'Please connect your wallet to place a crypto bid.' } });
    expect((await post(`/auctions/${lot.id}/bids`, token, { amount: 10_000, walletAddress: new TestKey('p2wpkh', net).address })).status).toBe(403);
    const a = await bidder();
    expect((await a.bid(lot.id, 9_999)).body.message).toBe('Bid must be at least 10000 sats');
    expect(await post(`/auctions/${lot.id}/bids`, a.token, { amount: '10000.5', walletAddress: a.keys.payment.address })).toMatchObject({
      status: 400,
      body: { fields: { amount: 'Invalid bid amount' } },
    });
    expect(await stack.db.prisma.btcOffer.count({ where: { lotId: lot.id } })).toBe(0);
  });

  it('refuses a wallet address of another network before building anything', async () => {
    const lot = await btcLot();
    const user = await createUser(stack.db, 'ready');
    const testnet = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';
    await stack.db.prisma.wallet.create({ data: { userId: user.id, address: testnet, type: 'hiro' } });
    const token = await signIn(stack.url, user.email);
    const reply = await post(`/auctions/${lot.id}/bids`, token, { amount: 10_000, walletAddress: testnet });
    expect(reply).toMatchObject({
      status: 400,
      body: { code: 'invalid_address', fields: { walletAddress: expect.stringContaining('is a Bitcoin testnet4 address; this marketplace runs on Bitcoin regtest') } },
    });
    expect(await stack.db.prisma.btcOffer.count({ where: { lotId: lot.id } })).toBe(0);
  });
});

describe('the whitelist holds for offer bids as for every other bid', () => {
  it('an unlisted bidder gets no offer built and cannot finalize one built before the event became whitelist-only', async () => {
    const lot = await btcLot();
    const outsider = await bidder();
    const listed = await bidder();

    // Built while the event was open to everyone, then the event becomes whitelist-only.
    const early = await outsider.bid(lot.id, 10_000);
    expect(early.status).toBe(201);
    const event = await stack.db.prisma.auctionEvent.create({
      data: {
        slug: `members-${lot.id.slice(0, 8)}`,
        title: 'Members only',
        published: true,
        status: 'live',
        whitelistOnly: true,
        startTime: new Date(Date.now() - 86_400_000),
        endTime: new Date(Date.now() + 86_400_000),
      },
    });
    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { auctionEventId: event.id } });
    await stack.db.prisma.whitelistEntry.create({ data: { email: listed.user.email.toLowerCase(), auctionEventId: event.id } });

    const refusedOffer = await outsider.bid(lot.id, 10_000);
    expect(refusedOffer).toMatchObject({ status: 403, body: { message: 'This auction is open to whitelisted bidders only.', code: 'not_whitelisted' } });
    const refusedFinalize = await post(`/auctions/${lot.id}/finalize`, outsider.token, { bidId: early.body.data.bid._id, signedPsbtHex: outsider.sign(early.body.data.psbtHex) });
    expect(refusedFinalize).toMatchObject({ status: 403, body: { code: 'not_whitelisted' } });
    // Nothing changed: one offer (the early one, still unplaced), no bid, the price untouched.
    expect(await stack.db.prisma.btcOffer.count({ where: { lotId: lot.id, userId: outsider.user.id } })).toBe(1);
    expect(await stack.db.prisma.btcOffer.count({ where: { lotId: lot.id, finalizedAt: { not: null } } })).toBe(0);
    expect(await stack.db.prisma.bid.count({ where: { lotId: lot.id } })).toBe(0);
    expect((await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } })).currentBid).toBeNull();

    // The listed bidder bids as usual.
    const offer = await listed.bid(lot.id, 10_000);
    expect(offer.status).toBe(201);
    const placed = await post(`/auctions/${lot.id}/finalize`, listed.token, { bidId: offer.body.data.bid._id, signedPsbtHex: listed.sign(offer.body.data.psbtHex) });
    expect(placed).toMatchObject({ status: 201, body: { data: { bid: { status: 'active', amount: '10000' } } } });
  });
});

describe('settlement: the seller co-signs the winning offer', () => {
  it('broadcasts one swap paying the seller and moving the inscription to the winner: "Auction Complete" once confirmed', async () => {
    const sellerUser = await createUser(stack.db, 'seller');
    const sellerToken = await signIn(stack.url, sellerUser.email);
    const seller = new TestKey('p2tr', net);
    const { inscriptionId } = await dev.inscribe(seller.address, 'settled lot');
    const lot = await createLot(stack.db, { paymentMethod: 'BTC', startingBid: 10_000n, creatorId: sellerUser.id });
    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { inscriptionId, sellerWalletAddress: seller.address } });
    const a = await bidder();
    const b = await bidder();
    for (const [who, amount] of [
      [a, 10_000],
      [b, 10_100],
    ] as const) {
      const offer = await who.bid(lot.id, amount);
      expect((await post(`/auctions/${lot.id}/finalize`, who.token, { bidId: offer.body.data.bid._id, signedPsbtHex: who.sign(offer.body.data.psbtHex) })).status).toBe(201);
    }
    const early = await post('/psbt/seller-sign', sellerToken, { auctionId: lot.id, walletAddress: seller.address, signedPsbtHex: '70736274ff' });
    expect(early).toMatchObject({ status: 409, body: { message: 'No PSBT template found. Ask the winner to initiate claim first.' } });
    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { endTime: new Date(Date.now() - 1000) } });
    expect((await closeLot(stack.db.prisma, lot.id)).closed).toBe(true);

    const state = await get(`/psbt/state/${lot.id}`, sellerToken);
    expect(state.body).toMatchObject({ stage: 'awaiting_seller', sellerInputIndices: [1], txid: null });
    expect((await get(`/psbt/state/${lot.id}`, a.token)).body.psbtHex).toBeNull(); // not a party: the loser sees no PSBT
    const psbt = bitcoin.Psbt.fromHex(state.body.psbtHex, { network: net });
    // The seller's dapp adds the connected wallet's ordinals public key, which taproot signers need.
    psbt.updateInput(1, { tapInternalKey: seller.publicKey });
    seller.sign(psbt, [1], [bitcoin.Transaction.SIGHASH_ALL]);

    const wrongWallet = await post('/psbt/seller-sign', sellerToken, { auctionId: lot.id, walletAddress: new TestKey('p2tr', net).address, signedPsbtHex: psbt.toHex() });
    expect(wrongWallet).toMatchObject({ status: 403, body: { message: 'Connected wallet does not match seller address' } });
    expect((await post('/psbt/seller-sign', a.token, { auctionId: lot.id, walletAddress: seller.address, signedPsbtHex: psbt.toHex() })).status).toBe(403);

    const signed = await post('/psbt/seller-sign', sellerToken, { auctionId: lot.id, walletAddress: seller.address.toUpperCase(), signedPsbtHex: psbt.toHex() });
    expect(signed).toMatchObject({
      status: 200,
      body: { message: 'Seller signature saved: the swap transaction is broadcast', data: { stage: 'broadcast', txid: expect.stringMatching(/^[0-9a-f]{64}$/) } },
    });
    const txid = signed.body.data.txid as string;
    expect((await post('/psbt/seller-sign', sellerToken, { auctionId: lot.id, walletAddress: seller.address, signedPsbtHex: psbt.toHex() })).status).toBe(409);

    expect(await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } })).toMatchObject({ paid: false, transferred: false });
    await dev.mine();
    // The worker's follower sees the confirmation with nobody asking.
    await eventually(async () => (await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } })).transferred, { timeoutMs: 10_000, what: 'the swap confirmed marks the lot transferred' });
    expect(await stack.db.prisma.lot.findUniqueOrThrow({ where: { id: lot.id } })).toMatchObject({ paid: true, transferred: true, transferTransactionHash: txid, txHash: txid });
    expect((await get(`/psbt/transaction/${lot.id}`, sellerToken)).body).toMatchObject({ stage: 'confirmed', txid, confirmations: 1 });
    const ordRes = await fetch(`${btc.ordUrl}/inscription/${inscriptionId}`, { headers: { accept: 'application/json' } });
    expect(((await ordRes.json()) as { address: string }).address).toBe(b.keys.ordinals.address);
    const swap = (await (await fetch(`${btc.esploraUrl}/tx/${txid}`)).json()) as { vout: Array<{ scriptpubkey_address: string; value: number }> };
    expect(swap.vout[1]).toMatchObject({ scriptpubkey_address: seller.address, value: 10_100 });
  });

  it('decodes PSBTs and finds the winner inputs (fallback [1])', async () => {
    const lot = await btcLot();
    const a = await bidder();
    const offer = await a.bid(lot.id, 10_000);
    const decoded = await post('/psbt/validate', a.token, { psbtHex: offer.body.data.psbtHex });
    expect(decoded.body).toMatchObject({
      inputs: [{ value: '600', address: a.keys.payment.address, signed: false }, { signed: false }, { address: a.keys.payment.address }],
      outputs: [{ address: a.keys.ordinals.address, value: '1146' }, { value: '10000' }, {}, { value: '600' }, {}],
    });
    expect((await post('/psbt/get-winner-input-indices', a.token, { psbtHex: offer.body.data.psbtHex, winnerAddress: a.keys.payment.address })).body).toEqual({ winnerInputIndices: [0, 2] });
    expect((await post('/psbt/get-winner-input-indices', a.token, { psbtHex: offer.body.data.psbtHex, winnerAddress: 'bcrt1qnobody' })).body).toEqual({ winnerInputIndices: [1] });
    expect((await post('/psbt/validate', a.token, { psbtHex: 'zz' })).body).toMatchObject({ code: 'invalid_psbt', fields: { psbtHex: 'PSBT must be hex' } });
    // Finalize: refused while the seller's input is unsigned; a fully signed PSBT gives the transaction.
    expect((await post('/psbt/finalize', a.token, { psbtHex: a.sign(offer.body.data.psbtHex) })).body).toMatchObject({ code: 'finalize_failed', message: 'Failed to finalize PSBT' });
    const own = new TestKey('p2wpkh', net);
    const coin = await dev.faucet(own.address, 5_000);
    const solo = new bitcoin.Psbt({ network: net });
    solo.addInput(own.input({ txid: coin.txid, vout: 0, value: 5_000 }));
    solo.addOutput({ address: own.address, value: 4_000n });
    own.sign(solo, [0]);
    expect((await post('/psbt/finalize', a.token, { psbtHex: solo.toHex() })).body).toMatchObject({ txid: expect.stringMatching(/^[0-9a-f]{64}$/), fee: '1000', txHex: expect.any(String) });
  });

  it('a winning offer spent since the bid is refused at co-sign; the winner claims with a fresh template and the swap goes through', async () => {
    const sellerUser = await createUser(stack.db, 'seller');
    const sellerToken = await signIn(stack.url, sellerUser.email);
    const seller = new TestKey('p2tr', net);
    const { inscriptionId } = await dev.inscribe(seller.address, 'claimed lot');
    const lot = await createLot(stack.db, { paymentMethod: 'BTC', startingBid: 10_000n, creatorId: sellerUser.id });
    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { inscriptionId, sellerWalletAddress: seller.address } });
    const w = await bidder();
    const offer = await w.bid(lot.id, 10_000);
    expect((await post(`/auctions/${lot.id}/finalize`, w.token, { bidId: offer.body.data.bid._id, signedPsbtHex: w.sign(offer.body.data.psbtHex) })).status).toBe(201);
    await stack.db.prisma.lot.update({ where: { id: lot.id }, data: { endTime: new Date(Date.now() - 1000) } });
    await closeLot(stack.db.prisma, lot.id);
    // The winner spends the offer's payment input elsewhere after the close.
    await fetch(`${btc.esploraUrl}/tx`, { method: 'POST', body: spend(w.keys.payment, [w.big], [{ address: w.keys.payment.address, value: 190_000 }], 1_000).toHex() });

    const coSign = async () => {
      const psbt = bitcoin.Psbt.fromHex((await get(`/psbt/state/${lot.id}`, sellerToken)).body.psbtHex, { network: net });
      psbt.updateInput(1, { tapInternalKey: seller.publicKey });
      seller.sign(psbt, [1], [bitcoin.Transaction.SIGHASH_ALL]);
      return post('/psbt/seller-sign', sellerToken, { auctionId: lot.id, walletAddress: seller.address, signedPsbtHex: psbt.toHex() });
    };
    const dead = await coSign();
    expect(dead).toMatchObject({ status: 409, body: { code: 'offer_invalid', message: expect.stringContaining('The winning offer is no longer valid') } });

    expect((await post('/psbt/create-winner-psbt-template', sellerToken, { auctionId: lot.id, walletAddress: seller.address })).status).toBe(403);
    const template = await post('/psbt/create-winner-psbt-template', w.token, { auctionId: lot.id, walletAddress: w.keys.payment.address, ordinalsAddress: w.keys.ordinals.address });
    expect(template).toMatchObject({ status: 200, body: { data: { templateId: expect.any(String), psbtHex: expect.stringMatching(/^70736274ff/) } } });
    const claimed = await post('/psbt/validate-for-winner', w.token, { auctionId: lot.id, templateId: template.body.data.templateId, signedPsbtHex: w.sign(template.body.data.psbtHex) });
    expect(claimed).toMatchObject({ status: 200, body: { data: { stage: 'awaiting_seller' } } });

    const done = await coSign();
    expect(done).toMatchObject({ status: 200, body: { data: { stage: 'broadcast' } } });
    await dev.mine();
    const ordRes = await fetch(`${btc.ordUrl}/inscription/${inscriptionId}`, { headers: { accept: 'application/json' } });
    expect(((await ordRes.json()) as { address: string }).address).toBe(w.keys.ordinals.address);
  });
});
