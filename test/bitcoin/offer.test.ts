/**
 * Offer PSBTs against the stand-in: the layout built from a bidder's real UTXOs, the full swap (bidder signs,
 * seller co-signs with SIGHASH_ALL, broadcast, mined, inscription at the bidder's address), and the hostile corpus,
 * each refused with the error that names it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as bitcoin from 'bitcoinjs-lib';
import { createBitcoinAccess, type BitcoinAccess } from '../../api/src/bitcoin/index.ts';
import {
  completeOffer,
  DUMMY_MIN_SATS,
  esploraChainView,
  NEW_DUMMY_SATS,
  OfferError,
  platformFeeOf,
  prepareOffer,
  validateBidderSigned,
  type ChainView,
  type OfferParams,
} from '../../api/src/bitcoin/offer/index.ts';
import { startBitcoinStandIn, type BitcoinStandIn } from '../../scripts/stand-ins/bitcoin/index.ts';
import { devClient, networkOf, rebuild as rebuildFor, spend, TestKey } from '../support/bitcoin-wallet.ts';

const net = networkOf('regtest');
let btc: BitcoinStandIn;
let access: BitcoinAccess;
let chain: ChainView;
let dev: ReturnType<typeof devClient>;

const seller = { ordinals: new TestKey('p2tr', net), payout: new TestKey('p2wpkh', net) };
const platform = new TestKey('p2wpkh', net);
const PRICE = 50_000;

interface Bidder {
  payment: TestKey;
  ordinals: TestKey;
  big: { txid: string; vout: number; value: number };
}

async function newBidder(type: 'p2wpkh' | 'p2tr' = 'p2wpkh'): Promise<Bidder> {
  const bidder = { payment: new TestKey(type, net), ordinals: new TestKey('p2tr', net) };
  await dev.faucet(bidder.payment.address, 600); // the dummy
  const big = await dev.faucet(bidder.payment.address, 300_000);
  return { ...bidder, big: { txid: big.txid, vout: big.vout, value: 300_000 } };
}

let inscriptionId: string;
let bidder: Bidder;

const params = (b: Bidder, overrides: Partial<OfferParams> = {}): OfferParams => ({
  lotId: 'lot-1',
  bidId: 'bid-1',
  price: PRICE,
  inscriptionId,
  seller: { payoutAddress: seller.payout.address, tapInternalKey: Buffer.from(seller.ordinals.publicKey).toString('hex') },
  bidder: { paymentAddress: b.payment.address, ordinalsAddress: b.ordinals.address, paymentPublicKey: Buffer.from(b.payment.publicKey).toString('hex') },
  platformFeeAddress: platform.address,
  ...overrides,
});

const rebuild = (hex: string, edit: Parameters<typeof rebuildFor>[2]) => rebuildFor(hex, net, edit);
const context = (builtPsbtHex: string, bidId = 'bid-1', lotId = 'lot-1') => ({ network: 'regtest' as const, lotId, bidId, builtPsbtHex });

/** What the bidder's wallet does: sign every input except the seller's. */
function bidderSigns(b: Bidder, psbtHex: string, skip: number[] = []): string {
  const psbt = bitcoin.Psbt.fromHex(psbtHex, { network: net });
  b.payment.sign(
    psbt,
    psbt.txInputs.map((_, i) => i).filter((i) => i !== 1 && !skip.includes(i)),
  );
  return psbt.toHex();
}

/** A finalized witness as a PSBT carries it: the item count, then each item length-prefixed (all short here). */
const witness = (items: Uint8Array[]) => Buffer.concat([Buffer.from([items.length]), ...items.flatMap((item) => [Buffer.from([item.length]), Buffer.from(item)])]);
/** A signature with one bit flipped: well formed, and not a signature of anything. */
const garble = (signature: Uint8Array) => Uint8Array.from(signature, (byte, i) => (i === 10 ? byte ^ 1 : byte));

async function refusedWith(promise: Promise<unknown> | (() => unknown), code: string): Promise<OfferError> {
  const error = await (typeof promise === 'function' ? Promise.resolve().then(promise) : promise).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `expected refusal ${code}`).toBeInstanceOf(OfferError);
  expect((error as OfferError).code).toBe(code);
  expect((error as OfferError).message.length).toBeGreaterThan(10);
  return error as OfferError;
}

beforeAll(async () => {
  btc = await startBitcoinStandIn({ port: 0, network: 'regtest', blockIntervalMs: 0, fees: { halfHourFee: 3 } });
  access = createBitcoinAccess({ network: 'regtest', esploraUrl: btc.esploraUrl, ordUrl: btc.ordUrl, timeoutMs: 5_000 });
  chain = esploraChainView(access.esplora);
  dev = devClient(btc.url);
  inscriptionId = (await dev.inscribe(seller.ordinals.address, 'Lot one')).inscriptionId;
  bidder = await newBidder();
  // Traps the builder must never spend: a 546-sat output and an inscription on a larger output.
  await dev.faucet(bidder.payment.address, 546);
  await dev.inscribe(bidder.payment.address, 'the bidder keeps this', { postage: 10_000 });
});
afterAll(() => btc?.close());

describe('offer PSBT: building', () => {
  it('lays out [dummy, seller inscription, payments] -> [inscription, price, platform fee, new dummy, change] from spendable UTXOs only', async () => {
    const offer = await prepareOffer(access, params(bidder));
    const psbt = bitcoin.Psbt.fromHex(offer.psbtHex, { network: net });
    const inscriptionOut = (await access.ord.inscription(inscriptionId)).satpoint.split(':');
    expect(psbt.txInputs.map((i) => `${Buffer.from(i.hash).reverse().toString('hex')}:${i.index}`)).toEqual([
      `${offer.dummy.txid}:${offer.dummy.vout}`,
      `${inscriptionOut[0]}:${inscriptionOut[1]}`,
      `${bidder.big.txid}:${bidder.big.vout}`,
    ]);
    expect(offer.dummy.value).toBe(600);
    expect(offer.payments).toEqual([bidder.big]); // neither the 546-sat output nor the 10,000-sat inscription
    const addressOf = (script: Uint8Array) => bitcoin.address.fromOutputScript(script, net);
    expect(psbt.txOutputs.map((o) => [addressOf(o.script), Number(o.value)])).toEqual([
      [bidder.ordinals.address, 600 + 546],
      [seller.payout.address, PRICE],
      [platform.address, platformFeeOf(PRICE)],
      [bidder.payment.address, NEW_DUMMY_SATS],
      [bidder.payment.address, offer.change],
    ]);
    expect(platformFeeOf(PRICE)).toBe(1_250); // 2.5 %
    expect(offer.networkFee).toBe(offer.vsize * 3);
    expect(psbt.data.inputs[1]!.sighashType).toBe(bitcoin.Transaction.SIGHASH_ALL); // named, for Leather (sighash 1 only)
  });

  it('with a 25% buyer’s premium, pays the seller the price and the fee address the platform fee and the premium, in the one swap', async () => {
    const premium = [{ upTo: null, basisPoints: 2500 }];
    const offer = await prepareOffer(access, params(bidder, { premium }));
    const psbt = bitcoin.Psbt.fromHex(offer.psbtHex, { network: net });
    const addressOf = (script: Uint8Array) => bitcoin.address.fromOutputScript(script, net);
    // 50,000 sats: the seller 50,000; the house 1,250 platform fee + 12,500 premium.
    expect(offer).toMatchObject({ platformFee: 1_250, premium: 12_500 });
    expect(psbt.txOutputs.map((o) => [addressOf(o.script), Number(o.value)])).toEqual([
      [bidder.ordinals.address, 600 + 546],
      [seller.payout.address, PRICE],
      [platform.address, 1_250 + 12_500],
      [bidder.payment.address, NEW_DUMMY_SATS],
      [bidder.payment.address, offer.change],
    ]);
    // Every sat in is a sat out or the network fee: the change is exactly what is left.
    const inputs = 600 + 546 + bidder.big.value;
    expect(offer.change).toBe(inputs - (600 + 546) - PRICE - 13_750 - NEW_DUMMY_SATS - offer.networkFee);
    // A bidder who signs the swap with the premium taken out of the house's output is refused, naming it.
    const lowered = rebuild(offer.psbtHex, { outputs: (o) => o.map((out, i) => (i === 2 ? { ...out, value: 1_250n } : out)) });
    const error = await refusedWith(() => validateBidderSigned(bidderSigns(bidder, lowered), context(offer.psbtHex), chain), 'output_amount_changed');
    expect(error.message).toBe('Output 2 (platform fee and buyer’s premium) was changed from 13750 to 1250 sats');
  });

  it('with a 10% seller’s commission, pays the seller the price less it and the house the rest, the bidder paying no more', async () => {
    const commission = [{ upTo: null, basisPoints: 1000 }];
    const plain = await prepareOffer(access, params(bidder));
    const offer = await prepareOffer(access, params(bidder, { commission }));
    const psbt = bitcoin.Psbt.fromHex(offer.psbtHex, { network: net });
    const addressOf = (script: Uint8Array) => bitcoin.address.fromOutputScript(script, net);
    // 50,000 sats: the seller 45,000 (the statement's net); the house 1,250 platform fee + 5,000 commission.
    expect(psbt.txOutputs.slice(1, 3).map((o) => [addressOf(o.script), Number(o.value)])).toEqual([
      [seller.payout.address, PRICE - 5_000],
      [platform.address, 1_250 + 5_000],
    ]);
    // The commission comes out of the hammer: the bidder's change is what it is without one.
    expect(offer.change).toBe(plain.change);
    // A commission that would leave the seller dust is no sale.
    await refusedWith(prepareOffer(access, params(bidder, { commission: [{ upTo: null, basisPoints: 9_999 }] })), 'invalid_amount');
  });

  it('refuses a bidder without a dummy UTXO, or without the funds', async () => {
    const poor = { payment: new TestKey('p2wpkh', net), ordinals: new TestKey('p2tr', net), big: { txid: '', vout: 0, value: 0 } };
    await dev.faucet(poor.payment.address, 5_000);
    await refusedWith(prepareOffer(access, params(poor)), 'no_dummy_utxo');
    await dev.faucet(poor.payment.address, 700);
    const error = await refusedWith(prepareOffer(access, params(poor)), 'insufficient_funds');
    expect(error.message).toMatch(/^Insufficient funds: this bid needs \d+ sats .* has 5000 sats spendable$/);
  });

  it('refuses addresses of another network, naming the field', async () => {
    const mainnet = 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0';
    const error = await refusedWith(prepareOffer(access, params(bidder, { bidder: { ...params(bidder).bidder, ordinalsAddress: mainnet } })), 'invalid_address');
    expect(error.field).toBe('ordinalsAddress');
    expect(error.message).toContain('is a Bitcoin mainnet address; this marketplace runs on Bitcoin regtest');
    await refusedWith(prepareOffer(access, params(bidder, { seller: { payoutAddress: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx' } })), 'invalid_address');
  });
});

describe('offer PSBT: hostile corpus', () => {
  let built: string;
  beforeAll(async () => {
    built = (await prepareOffer(access, params(bidder))).psbtHex;
  });
  const validate = (signed: unknown, ctx = context(built)) => validateBidderSigned(signed, ctx, chain);

  it('accepts the honest signature (the baseline every case below departs from)', async () => {
    expect((await validate(bidderSigns(bidder, built))).txid).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changed payout amount', async () => {
    const hostile = rebuild(built, { outputs: (o) => o.map((out, i) => (i === 1 ? { ...out, value: 1_000n } : out)) });
    await refusedWith(validate(bidderSigns(bidder, hostile)), 'payout_amount_changed');
  });

  it('payout to another address', async () => {
    const hostile = rebuild(built, { outputs: (o) => o.map((out, i) => (i === 1 ? { ...out, script: bidder.payment.output } : out)) });
    await refusedWith(validate(bidderSigns(bidder, hostile)), 'payout_address_changed');
  });

  it('inscription output to another address', async () => {
    const hostile = rebuild(built, { outputs: (o) => o.map((out, i) => (i === 0 ? { ...out, script: new TestKey('p2tr', net).output } : out)) });
    await refusedWith(validate(bidderSigns(bidder, hostile)), 'inscription_address_changed');
  });

  it('inscription moved off output 0 (output 0 shrunk to the dummy, the inscription would fall into the payout)', async () => {
    const hostile = rebuild(built, { outputs: (o) => o.map((out, i) => (i === 0 ? { ...out, value: 600n } : i === 1 ? { ...out, value: out.value + 546n } : out)) });
    await refusedWith(validate(bidderSigns(bidder, hostile)), 'inscription_moved');
  });

  it('inscription not at offset 0 of the seller output is refused when building', async () => {
    // The seller's inscription moved with 1,000 sats of padding ahead of it: it now sits at offset 1,000.
    const owner = new TestKey('p2tr', net);
    const seeded = await dev.inscribe(owner.address, 'offset lot');
    const padding = await dev.faucet(owner.address, 1_000);
    const tx = spend(
      owner,
      [
        { txid: padding.txid, vout: 0, value: 1_000 },
        { txid: seeded.revealTxid, vout: 0, value: 546 },
      ],
      [{ address: owner.address, value: 1_346 }],
      200,
    );
    await access.esplora.broadcast(tx.toHex());
    await dev.mine();
    await refusedWith(prepareOffer(access, params(bidder, { inscriptionId: seeded.inscriptionId })), 'inscription_offset');
  });

  it('missing dummy', async () => {
    const hostile = bitcoin.Psbt.fromHex(rebuild(built, { inputs: (i) => i.slice(1) }), { network: net });
    bidder.payment.sign(hostile, [1]); // the seller's input is now first, the payment second
    await refusedWith(validate(hostile.toHex()), 'missing_dummy');
  });

  it('undersized dummy', async () => {
    const small = await dev.faucet(bidder.payment.address, 400);
    const hostile = rebuild(built, {
      inputs: (i) => i.map((input, n) => (n === 0 ? { ...input, hash: Buffer.from(small.txid, 'hex').reverse(), index: small.vout, witnessUtxo: { ...input.witnessUtxo, value: 400n } } : input)),
    });
    await refusedWith(validate(bidderSigns(bidder, hostile)), 'undersized_dummy');
  });

  it("another user's UTXO as a payment input", async () => {
    const other = new TestKey('p2wpkh', net);
    const theirs = await dev.faucet(other.address, 300_000);
    const hostile = rebuild(built, {
      inputs: (i) => i.map((input, n) => (n === 2 ? { ...input, hash: Buffer.from(theirs.txid, 'hex').reverse(), index: 0, witnessUtxo: { script: other.output, value: 300_000n } } : input)),
    });
    const psbt = bitcoin.Psbt.fromHex(hostile, { network: net });
    bidder.payment.sign(psbt, [0]);
    other.sign(psbt, [2]);
    await refusedWith(validate(psbt.toHex()), 'foreign_input');
  });

  it('a PSBT from another bid or another lot replayed', async () => {
    const signed = bidderSigns(bidder, built);
    const other = (await prepareOffer(access, params(bidder, { bidId: 'bid-2', price: PRICE + 100 }))).psbtHex;
    await refusedWith(validate(signed, context(other, 'bid-2')), 'psbt_other_bid');
    const otherLot = (await prepareOffer(access, params(bidder, { lotId: 'lot-2' }))).psbtHex;
    await refusedWith(validate(signed, context(otherLot, 'bid-1', 'lot-2')), 'psbt_other_bid');
  });

  it('a bidder input left unsigned', async () => {
    await refusedWith(validate(bidderSigns(bidder, built, [2])), 'unsigned_input');
  });

  it('a valid partial signature beside a garbage finalized witness (the witness is what would be broadcast)', async () => {
    const psbt = bitcoin.Psbt.fromHex(bidderSigns(bidder, built), { network: net });
    const { signature, pubkey } = psbt.data.inputs[0]!.partialSig![0]!;
    psbt.data.inputs[0]!.finalScriptWitness = witness([garble(signature), pubkey]);
    const error = await refusedWith(validate(psbt.toHex()), 'invalid_signature');
    expect(error.message).toBe('Input 0 (bidder dummy) has a signature that does not verify');
    // A witness of another shape (an extra item) is no key-path spend at all.
    psbt.data.inputs[0]!.finalScriptWitness = witness([signature, pubkey, pubkey]);
    const shape = await refusedWith(validate(psbt.toHex()), 'invalid_signature');
    expect(shape.message).toBe('Input 0 (bidder dummy) carries data the network would refuse in place of a signature; sign the PSBT again');
  });

  it('malformed or oversized hex', async () => {
    for (const hex of ['', 'zz', 'abc', 'deadbeef', 12, '70736274ff01']) await refusedWith(validate(hex), 'invalid_psbt');
    await refusedWith(validate('70736274ff'.padEnd(200_002, '0')), 'psbt_too_large');
  });

  it('an input already spent', async () => {
    const spender = await newBidder();
    const offer = await prepareOffer(access, params(spender));
    const signed = bidderSigns(spender, offer.psbtHex);
    // The bidder spends the payment UTXO elsewhere after signing.
    await access.esplora.broadcast(spend(spender.payment, [spender.big], [{ address: spender.payment.address, value: 290_000 }], 1_000).toHex());
    const error = await refusedWith(validateBidderSigned(signed, context(offer.psbtHex), chain), 'input_spent');
    expect(error.message).toBe(`Input 2 (${spender.big.txid}:0) is already spent`);
  });

  it.each([
    ['SINGLE|ANYONECANPAY', 0x83],
    ['NONE|ANYONECANPAY', 0x82],
  ])('seller input signed with the wrong sighash (%s)', async (_name, sighash) => {
    const loose = rebuild(built, { dropSighash: true });
    const signed = bidderSigns(bidder, loose);
    await validate(signed); // the bidder's half is fine
    const psbt = bitcoin.Psbt.fromHex(signed, { network: net });
    psbt.updateInput(1, { sighashType: sighash });
    seller.ordinals.sign(psbt, [1], [sighash]);
    const error = await refusedWith(() => completeOffer(signed, psbt.toHex(), 'regtest'), 'wrong_sighash');
    expect(error.message).toBe(`Input 1 (seller inscription) is signed with sighash 0x${sighash.toString(16)}; it must be signed with SIGHASH_ALL (0x01)`);
  });
  it("the seller's signature over altered prevouts (a forged amount in the seller's copy)", async () => {
    const signed = bidderSigns(bidder, built);
    const psbt = bitcoin.Psbt.fromHex(signed, { network: net });
    const utxo = psbt.data.inputs[1]!.witnessUtxo!;
    psbt.data.inputs[1]!.witnessUtxo = { script: utxo.script, value: utxo.value + 1000n };
    seller.ordinals.sign(psbt, [1], [bitcoin.Transaction.SIGHASH_ALL]);
    const error = await refusedWith(() => completeOffer(signed, psbt.toHex(), 'regtest'), 'psbt_changed');
    expect(error.message).toBe("The seller's PSBT describes other coins than the winning offer");
  });
  it("the seller's valid signature beside a garbage finalized witness", async () => {
    const signed = bidderSigns(bidder, built);
    const psbt = bitcoin.Psbt.fromHex(signed, { network: net });
    seller.ordinals.sign(psbt, [1], [bitcoin.Transaction.SIGHASH_ALL]);
    psbt.data.inputs[1]!.finalScriptWitness = witness([garble(psbt.data.inputs[1]!.tapKeySig!)]);
    const error = await refusedWith(() => completeOffer(signed, psbt.toHex(), 'regtest'), 'invalid_signature');
    expect(error.message).toBe('Input 1 (seller inscription) has a signature that does not verify');
  });
});

describe('offer PSBT: settled through the stand-in', () => {
  it("a taproot seller signature with SIGHASH_DEFAULT (64 bytes, ALL's commitment) is accepted and broadcast; an explicit 0x00 byte is refused", async () => {
    const winner = await newBidder();
    const lotInscription = (await dev.inscribe(seller.ordinals.address, 'Lot default')).inscriptionId;
    const offer = await prepareOffer(access, params(winner, { inscriptionId: lotInscription }));
    const signed = bidderSigns(winner, offer.psbtHex);
    const sellerPsbt = bitcoin.Psbt.fromHex(signed, { network: net });
    delete sellerPsbt.data.inputs[1]!.sighashType; // a wallet ignoring the sighash the PSBT names
    seller.ordinals.sign(sellerPsbt, [1], [bitcoin.Transaction.SIGHASH_DEFAULT]);
    const signature = sellerPsbt.data.inputs[1]!.tapKeySig!;
    expect(signature).toHaveLength(64);

    const explicit = bitcoin.Psbt.fromHex(sellerPsbt.toHex(), { network: net });
    explicit.data.inputs[1]!.tapKeySig = Buffer.concat([signature, Buffer.from([0])]);
    const error = await refusedWith(() => completeOffer(signed, explicit.toHex(), 'regtest'), 'invalid_signature');
    expect(error.message).toBe('Input 1 (seller inscription) has a signature that does not verify');

    const swap = completeOffer(signed, sellerPsbt.toHex(), 'regtest');
    expect(await access.esplora.broadcast(swap.txHex)).toBe(offer.txid);
  });

  it.each([
    ['p2wpkh', 1],
    ['p2tr', 3],
  ] as const)('%s bidder with %i payment input(s): bidder signs, seller co-signs SIGHASH_ALL, broadcast, mined, inscription at the bidder', async (type, inputs) => {
    const winner = { payment: new TestKey(type, net), ordinals: new TestKey('p2tr', net) };
    await dev.faucet(winner.payment.address, 700);
    for (let i = 0; i < inputs; i++) await dev.faucet(winner.payment.address, inputs === 1 ? 30_000 : 9_000);
    const lotInscription = (await dev.inscribe(seller.ordinals.address, `Lot ${type}`)).inscriptionId;
    const b = { ...winner, big: { txid: '', vout: 0, value: 0 } };
    const offer = await prepareOffer(access, params(b, { inscriptionId: lotInscription, price: 20_000 }));
    expect(offer.payments).toHaveLength(inputs);
    const signed = bidderSigns(b, offer.psbtHex);
    await validateBidderSigned(signed, context(offer.psbtHex), chain);

    const sellerPsbt = bitcoin.Psbt.fromHex(signed, { network: net });
    seller.ordinals.sign(sellerPsbt, [1], [bitcoin.Transaction.SIGHASH_ALL]);
    const swap = completeOffer(signed, sellerPsbt.toHex(), 'regtest');
    expect(swap.txid).toBe(offer.txid);
    expect(await access.esplora.broadcast(swap.txHex)).toBe(swap.txid);
    await dev.mine();

    expect(await access.ord.inscription(lotInscription)).toMatchObject({ address: winner.ordinals.address, satpoint: `${swap.txid}:0:${offer.dummy.value}` });
    const paid = await access.esplora.tx(swap.txid);
    expect(paid.vout[1]).toMatchObject({ scriptpubkey_address: seller.payout.address, value: 20_000 });
    expect(paid.vout[2]).toMatchObject({ scriptpubkey_address: platform.address, value: platformFeeOf(20_000) });
    expect(paid.vout[3]).toMatchObject({ scriptpubkey_address: winner.payment.address, value: NEW_DUMMY_SATS });
    // Paid at least the fee rate asked for, and the estimate never undershoots.
    expect(swap.vsize).toBeLessThanOrEqual(offer.vsize);
    expect(swap.fee / swap.vsize).toBeGreaterThanOrEqual(3);
    expect(DUMMY_MIN_SATS).toBe(600);
  });
});
