/**
 * `npm start`'s local Bitcoin (scripts/seed/demo-bitcoin.ts): the BTC demo lots hold real inscriptions at the
 * demo seller's ordinals address, and a demo bidder's funded wallet places a real offer bid on one of them
 * (with the card `npm start` saves for them at the Stripe stand-in, scripts/seed/demo-cards.ts: every bid needs one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as bitcoin from 'bitcoinjs-lib';
import { ECPairFactory } from 'ecpair';
import * as ecc from 'tiny-secp256k1';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { signIn } from '../support/users.ts';
import { startBitcoinStandIn, type BitcoinStandIn } from '../../scripts/stand-ins/bitcoin/index.ts';
import { networkOf } from '../support/bitcoin-wallet.ts';
import { seedDemoBitcoin } from '../../scripts/seed/demo-bitcoin.ts';
import { demoBitcoinWallet } from '../../scripts/seed/bitcoin-wallets.ts';
import { DEMO_PASSWORD } from '../../scripts/seed/accounts.ts';
import { seedDemoCards } from '../../scripts/seed/demo-cards.ts';
import { startRecordedStripe, type RecordedStripe } from '../support/card-payments.ts';

const net = networkOf('regtest');
let btc: BitcoinStandIn;
let rs: RecordedStripe;
let stack: TestStack;

beforeAll(async () => {
  btc = await startBitcoinStandIn({ port: 0, network: 'regtest', blockIntervalMs: 0 });
  rs = await startRecordedStripe();
  stack = await startApiForTest({
    seed: 'demo',
    env: { ...rs.env(), BITCOIN_NETWORK: 'regtest', BITCOIN_ESPLORA_URL: btc.esploraUrl, ORD_URL: btc.ordUrl, BITCOIN_PSBT_BIDS: 'true' },
  });
  await seedDemoCards(stack.services, rs.standIn);
});
afterAll(async () => {
  await stack?.stop();
  await btc?.close();
  await rs?.stop();
});

describe('demo Bitcoin', () => {
  it('inscribes every BTC lot to the demo seller and funds the demo bidders, who bid with real offers', async () => {
    const result = await seedDemoBitcoin(stack.services, btc.chain);
    const seller = demoBitcoinWallet('seller@gavel.test', 'regtest');
    const lots = await stack.db.prisma.lot.findMany({ where: { paymentMethod: 'BTC' } });
    expect(result.inscriptions).toBe(lots.length);
    for (const lot of lots) {
      expect(lot.sellerWalletAddress).toBe(seller.ordinals.address);
      const inscription = await fetch(`${btc.ordUrl}/inscription/${lot.inscriptionId}`, { headers: { accept: 'application/json' } });
      expect(inscription.status).toBe(200);
      expect(((await inscription.json()) as { address: string }).address).toBe(seller.ordinals.address);
    }

    const bidder = demoBitcoinWallet('bidder@gavel.test', 'regtest');
    const lot = lots.find((l) => l.status === 'live' && l.endTime > new Date())!;
    expect(lot).toMatchObject({ bidCount: 0, currentBid: null });
    const token = await signIn(stack.url, 'bidder@gavel.test', DEMO_PASSWORD);
    const post = async (path: string, body: unknown) => {
      const res = await fetch(stack.url + path, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as any };
    };
    const offer = await post(`/auctions/${lot.id}/bids`, { amount: lot.startingBid.toFixed(0), walletAddress: bidder.payment.address, ordinalsAddress: bidder.ordinals.address });
    expect(offer.status).toBe(201);
    const psbt = bitcoin.Psbt.fromHex(offer.body.data.psbtHex, { network: net });
    const key = ECPairFactory(ecc).fromPrivateKey(Buffer.from(bidder.payment.privateKey, 'hex'), { network: net });
    psbt.txInputs.forEach((_, i) => {
      if (i !== 1) psbt.signInput(i, key);
    });
    const placed = await post(`/auctions/${lot.id}/finalize`, { bidId: offer.body.data.bid._id, signedPsbtHex: psbt.toHex() });
    expect(placed).toMatchObject({ status: 201, body: { data: { bid: { status: 'active', walletAddress: bidder.payment.address } } } });
  });
});
