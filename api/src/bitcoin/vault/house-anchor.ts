/**
 * The house anchor: a binding swap's house output (platform fee and buyer's premium) pays a taproot key-path address
 * of a key the worker holds (gavel-key.ts), not the fee address itself. The worker then sweeps it to the fee address
 * in a child transaction whose fee makes the swap and the child, as one package, pay the current fee estimate (child
 * pays for parent): the swap's own feerate was fixed when the bidder signed, maybe days before the close, and no one
 * else may change it. While the swap stays unconfirmed the child is replaced (it signals replaceable) by one paying
 * more, up to a cap. The bidder's coins are never touched: only the house's own output pays.
 */
import type { BitcoinNetworkName } from '@gavel/domain';
import type { RecommendedFees } from '../esplora.ts';
import { bitcoin, bitcoinjsNetwork } from '../network.ts';
import type { SchnorrSigner } from './gavel-key.ts';

/** nSequence of the child's one input: final enough for any locktime, and signalling replaceable (BIP125). */
export const SWEEP_SEQUENCE = 0xfffffffd;
/** The relay minimum a node asks of the child itself and, for a replacement, of the fee it adds (BIP125). */
const MIN_RELAY_FEE_RATE = 1;

/** The taproot key-path address (BIP86, no script tree) of the house anchor key `xOnlyHex`. */
export function houseAnchorAddress(xOnlyHex: string, network: BitcoinNetworkName): string {
  return bitcoin.payments.p2tr({ internalPubkey: Buffer.from(xOnlyHex, 'hex'), network: bitcoinjsNetwork(network) }).address!;
}

/** Bitcoin Core's dust limit of an output script: under it the child's output would be refused. */
export function dustOf(script: Uint8Array): number {
  if (script.length === 22) return 294; // p2wpkh
  if (script.length === 34) return 330; // p2tr, p2wsh
  return 546;
}

/**
 * The package feerate the child pays towards, sat/vB: the half-hour estimate for the first child; for a
 * replacement, the fastest estimate and at least half again the last target, as the last one did not get the swap
 * into a block. Never above the cap.
 */
export function sweepTargetRate(fees: RecommendedFees, cap: number, previous: number | null): number {
  const wanted = previous === null ? fees.halfHourFee : Math.max(fees.fastestFee, Math.ceil(previous * 1.5));
  return Math.max(MIN_RELAY_FEE_RATE, Math.min(cap, wanted));
}

export interface SweepFeeInput {
  /** The swap's vsize and fee; null once it is confirmed (the child then pays for itself alone). */
  swap: { vsize: number; fee: number } | null;
  childVsize: number;
  houseValue: number;
  dust: number;
  targetRate: number;
  /** The fee of the child this one replaces, if any. */
  previousFee: number | null;
}

/**
 * The child's fee: enough for swap + child to pay `targetRate`, and the child at least that rate itself. When the
 * house output cannot pay that and keep `dust` for the fee address, the child pays all but dust (`short`: the swap
 * may confirm slowly). Null: no child is worth sending, as it could not pay the relay minimum (or, as a replacement,
 * the previous fee plus the relay minimum of its own size).
 */
export function sweepFee(input: SweepFeeInput): { fee: number; short: boolean } | null {
  const { swap, childVsize, houseValue, dust, targetRate, previousFee } = input;
  const own = Math.ceil(targetRate * childVsize);
  const needed = swap ? Math.max(Math.ceil(targetRate * (swap.vsize + childVsize)) - swap.fee, own) : own;
  const most = houseValue - dust;
  const fee = Math.min(needed, most);
  const floor = previousFee === null ? MIN_RELAY_FEE_RATE * childVsize : previousFee + MIN_RELAY_FEE_RATE * childVsize;
  if (fee < floor) return null;
  return { fee, short: needed > most };
}

export interface HouseOutput {
  txid: string;
  vout: number;
  value: number;
  script: Uint8Array;
}

/** The anchor key of a house output: its x-only internal key and the signer of its key path (tweaked). */
export interface HouseAnchor {
  internalKey: string;
  signer: SchnorrSigner;
}

/** The child: the house output, spent by the anchor key's key path, to `to` less `fee`; one input, one output. */
export function buildSweep(house: HouseOutput, to: Uint8Array, fee: number, anchor: HouseAnchor, network: BitcoinNetworkName): { txid: string; txHex: string; vsize: number } {
  const psbt = new bitcoin.Psbt({ network: bitcoinjsNetwork(network) });
  psbt.setVersion(2);
  psbt.addInput({
    hash: house.txid,
    index: house.vout,
    sequence: SWEEP_SEQUENCE,
    witnessUtxo: { script: house.script, value: BigInt(house.value) },
    tapInternalKey: Buffer.from(anchor.internalKey, 'hex'),
  });
  psbt.addOutput({ script: to, value: BigInt(house.value - fee) });
  psbt.signInput(0, anchor.signer);
  psbt.finalizeAllInputs();
  const tx = psbt.extractTransaction(true);
  return { txid: tx.getId(), txHex: tx.toHex(), vsize: tx.virtualSize() };
}

/**
 * The child's vsize, measured on a child with a placeholder signature: a key-path Schnorr signature is always 64
 * bytes (SIGHASH_DEFAULT), so every child to the same address has this size whatever its fee.
 */
export function sweepVsize(to: Uint8Array): number {
  const tx = new bitcoin.Transaction();
  tx.version = 2;
  tx.addInput(Buffer.alloc(32), 0, SWEEP_SEQUENCE);
  tx.addOutput(to, 0n);
  tx.setWitness(0, [Buffer.alloc(64)]);
  return tx.virtualSize();
}
