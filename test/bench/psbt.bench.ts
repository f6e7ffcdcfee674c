/**
 * `npm run bench` (psbt): the cost of a Bitcoin bid's offer PSBT on the api side, against the local stand-in
 * over HTTP: build (ord inscription lookup, bidder UTXOs, ord check of each UTXO, fee rate, layout) plus
 * validation of the bidder-signed PSBT (shape, signatures, every input unspent), p50 and p95 per bid. Then the
 * settled swap's virtual size with one and with three payment inputs, against the conservative estimate the
 * open peers use (10 + 180 per input + 34 per output vbytes).
 */
import * as bitcoin from 'bitcoinjs-lib';
import { createBitcoinAccess } from '../../api/src/bitcoin/index.ts';
import { completeOffer, esploraChainView, prepareOffer, validateBidderSigned, type OfferParams } from '../../api/src/bitcoin/offer/index.ts';
import { startBitcoinStandIn } from '../../scripts/stand-ins/bitcoin/index.ts';
import { devClient, networkOf, TestKey } from '../support/bitcoin-wallet.ts';

const BIDS = Number(process.env.BENCH_PSBT_BIDS ?? 200);
const net = networkOf('regtest');
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const btc = await startBitcoinStandIn({ port: 0, network: 'regtest', blockIntervalMs: 0, fees: { halfHourFee: 3 } });
try {
  const access = createBitcoinAccess({ network: 'regtest', esploraUrl: btc.esploraUrl, ordUrl: btc.ordUrl, timeoutMs: 10_000 });
  const chain = esploraChainView(access.esplora);
  const dev = devClient(btc.url);
  const seller = { ordinals: new TestKey('p2tr', net), payout: new TestKey('p2wpkh', net) };
  const platform = new TestKey('p2wpkh', net);

  const setUp = async (type: 'p2wpkh' | 'p2tr', payments: number[], content: string) => {
    const bidder = { payment: new TestKey(type, net), ordinals: new TestKey('p2tr', net) };
    await dev.faucet(bidder.payment.address, 600);
    for (const value of payments) await dev.faucet(bidder.payment.address, value);
    const { inscriptionId } = await dev.inscribe(seller.ordinals.address, content);
    const params = (bidId: string, price: number): OfferParams => ({
      lotId: 'bench-lot',
      bidId,
      price,
      inscriptionId,
      seller: { payoutAddress: seller.payout.address, tapInternalKey: Buffer.from(seller.ordinals.publicKey).toString('hex') },
      bidder: { paymentAddress: bidder.payment.address, ordinalsAddress: bidder.ordinals.address, paymentPublicKey: Buffer.from(bidder.payment.publicKey).toString('hex') },
      platformFeeAddress: platform.address,
    });
    const sign = (hex: string) => {
      const psbt = bitcoin.Psbt.fromHex(hex, { network: net });
      bidder.payment.sign(
        psbt,
        psbt.txInputs.map((_, i) => i).filter((i) => i !== 1),
      );
      return psbt.toHex();
    };
    return { bidder, params, sign };
  };

  // Per-bid cost: a bidder with a dummy, two payment UTXOs and ten other small UTXOs ord is asked about.
  const hot = await setUp('p2wpkh', [500_000, 200_000, ...Array.from({ length: 10 }, () => 5_000)], 'bench lot');
  const build: number[] = [];
  const validate: number[] = [];
  const total: number[] = [];
  for (let i = 0; i < BIDS; i++) {
    const context = { network: 'regtest' as const, lotId: 'bench-lot', bidId: `bid-${i}` };
    const t0 = performance.now();
    const offer = await prepareOffer(access, hot.params(`bid-${i}`, 10_000 + 100 * i));
    const t1 = performance.now();
    const signed = hot.sign(offer.psbtHex);
    const t2 = performance.now();
    await validateBidderSigned(signed, { ...context, builtPsbtHex: offer.psbtHex }, chain);
    const t3 = performance.now();
    build.push(t1 - t0);
    validate.push(t3 - t2);
    total.push(t1 - t0 + (t3 - t2));
  }
  for (const list of [build, validate, total]) list.sort((a, b) => a - b);
  console.log(`\noffer PSBT per bid (${BIDS} bids, stand-in over HTTP; signing not counted)`);
  console.log('step                 p50 ms   p95 ms');
  for (const [label, list] of [
    ['build', build],
    ['validate', validate],
    ['build + validate', total],
  ] as const) {
    console.log(`${label.padEnd(18)} ${percentile(list, 50).toFixed(2).padStart(8)} ${percentile(list, 95).toFixed(2).padStart(8)}`);
  }

  console.log('\nsettled swap size (inputs: dummy + inscription + payments; outputs: inscription, price, fee, new dummy, change)');
  console.log('bidder payment  payment inputs  inputs  outputs   vsize  peers estimate  saved');
  for (const type of ['p2wpkh', 'p2tr'] as const) {
    for (const count of [1, 3]) {
      const run = await setUp(
        type,
        Array.from({ length: count }, () => (count === 1 ? 60_000 : 9_000)),
        `size ${type} ${count}`,
      );
      const offer = await prepareOffer(access, run.params('size', 20_000));
      if (offer.payments.length !== count) throw new Error(`expected ${count} payment inputs, built ${offer.payments.length}`);
      const signed = run.sign(offer.psbtHex);
      await validateBidderSigned(signed, { network: 'regtest', lotId: 'bench-lot', bidId: 'size', builtPsbtHex: offer.psbtHex }, chain);
      const sellerPsbt = bitcoin.Psbt.fromHex(signed, { network: net });
      seller.ordinals.sign(sellerPsbt, [1], [bitcoin.Transaction.SIGHASH_ALL]);
      const swap = completeOffer(signed, sellerPsbt.toHex(), 'regtest');
      await access.esplora.broadcast(swap.txHex);
      await dev.mine();
      const tx = bitcoin.Transaction.fromHex(swap.txHex);
      const estimate = 10 + 180 * tx.ins.length + 34 * tx.outs.length;
      console.log(
        `${type.padEnd(15)} ${String(count).padStart(14)} ${String(tx.ins.length).padStart(7)} ${String(tx.outs.length).padStart(8)} ${String(swap.vsize).padStart(7)} ${String(estimate).padStart(15)} ${`${Math.round((1 - swap.vsize / estimate) * 100)}%`.padStart(6)}`,
      );
    }
  }
} finally {
  await btc.close();
}
