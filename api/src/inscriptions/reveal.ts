/**
 * The two transactions of an inscription, as ord builds them. The commit pays to a taproot address whose one
 * script leaf is `<key> OP_CHECKSIG OP_FALSE OP_IF "ord" 1 <content-type> 0 <body...> OP_ENDIF`: the payer's
 * own transaction to the commit address is the commit. The reveal spends that output through the leaf
 * (script path, signed by the per-inscription key) to the destination, so the inscription is created on the
 * reveal input's first sat, which lands at offset 0 of output 0: inscription `<revealTxid>i0`.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { BitcoinNetworkName } from '@gavel/domain';
import { bitcoin, bitcoinjsNetwork, ecc } from '../bitcoin/network.ts';

const LEAF_VERSION = 0xc0;
const OP = bitcoin.opcodes;
/** A typical payer: one p2wpkh input, the commit output (p2tr) and change (p2wpkh). */
const COMMIT_VSIZE_ESTIMATE = 154;

export interface Envelope {
  contentType: string;
  body: Uint8Array;
}

export interface CommitPlan {
  /** The taproot commit address and its output script. */
  address: string;
  /** Sats the commit output must hold: postage plus the reveal's fee. */
  amount: number;
  revealFee: number;
  commitFeeEstimate: number;
}

/**
 * The per-inscription key: HMAC-SHA256(server secret, inscription row id), so the server can sign the reveal
 * at any later time without storing keys, and knowing one inscription's key tells nothing about another's.
 */
export function inscriptionKey(secret: string, rowId: string): Uint8Array {
  for (let counter = 0; ; counter++) {
    const candidate = createHmac('sha256', secret).update(`gavel-inscription:${rowId}:${counter}`).digest();
    if (ecc.isPrivate(candidate)) return candidate;
  }
}

/** Push data exactly as given (no OP_N shortcuts), as ord writes envelopes. */
function push(data: Uint8Array): Uint8Array {
  if (data.length === 0) return Uint8Array.of(OP.OP_0);
  if (data.length <= 75) return Uint8Array.of(data.length, ...data);
  if (data.length <= 0xff) return Uint8Array.of(OP.OP_PUSHDATA1, data.length, ...data);
  return Uint8Array.of(OP.OP_PUSHDATA2, data.length & 0xff, data.length >> 8, ...data);
}

/** The leaf script; the body is split into 520-byte pushes (the largest a script may push). */
function envelopeLeaf(xOnly: Uint8Array, envelope: Envelope): Uint8Array {
  const parts: Uint8Array[] = [push(xOnly), Uint8Array.of(OP.OP_CHECKSIG, OP.OP_0, OP.OP_IF), push(new TextEncoder().encode('ord'))];
  parts.push(push(Uint8Array.of(1)), push(new TextEncoder().encode(envelope.contentType)), push(new Uint8Array(0)));
  for (let i = 0; i < envelope.body.length; i += 520) parts.push(push(envelope.body.subarray(i, i + 520)));
  parts.push(Uint8Array.of(OP.OP_ENDIF));
  return Buffer.concat(parts);
}

function keyParts(privateKey: Uint8Array) {
  // BIP-340 keys are x-only: a key whose point has odd Y signs as its negation.
  const evenKey = ecc.pointFromScalar(privateKey, true)![0] === 0x02 ? privateKey : ecc.privateNegate(privateKey);
  return { evenKey, xOnly: ecc.xOnlyPointFromScalar(privateKey) };
}

function tapTree(privateKey: Uint8Array, envelope: Envelope, network: BitcoinNetworkName) {
  const { evenKey, xOnly } = keyParts(privateKey);
  const leaf = envelopeLeaf(xOnly, envelope);
  const payment = bitcoin.payments.p2tr({
    internalPubkey: xOnly,
    scriptTree: { output: leaf },
    redeem: { output: leaf, redeemVersion: LEAF_VERSION },
    network: bitcoinjsNetwork(network),
  });
  const controlBlock = payment.witness![payment.witness!.length - 1]!;
  return { evenKey, leaf, controlBlock, address: payment.address!, output: payment.output! };
}

function unsignedReveal(commit: { txid: string; vout: number }, destination: string, value: number, network: BitcoinNetworkName): bitcoin.Transaction {
  const tx = new bitcoin.Transaction();
  tx.version = 2;
  tx.addInput(Buffer.from(commit.txid, 'hex').reverse(), commit.vout, 0xfffffffd);
  tx.addOutput(bitcoin.address.toOutputScript(destination, bitcoinjsNetwork(network)), BigInt(value));
  return tx;
}

/** The commit address and the exact amount, from the reveal's real size (a dummy signature is as long as a real one). */
export function planCommit(privateKey: Uint8Array, envelope: Envelope, destination: string, feeRate: number, postage: number, network: BitcoinNetworkName): CommitPlan {
  const tree = tapTree(privateKey, envelope, network);
  const dummy = unsignedReveal({ txid: '00'.repeat(32), vout: 0 }, destination, postage, network);
  dummy.setWitness(0, [new Uint8Array(64), tree.leaf, tree.controlBlock]);
  const revealFee = dummy.virtualSize() * feeRate;
  return { address: tree.address, amount: postage + revealFee, revealFee, commitFeeEstimate: COMMIT_VSIZE_ESTIMATE * feeRate };
}

/**
 * The signed reveal spending the paid commit output. Whatever the payer sent beyond the amount stays on the
 * inscribed output (after the planned fee), so an overpayment reaches the destination rather than the miners.
 */
export function signReveal(
  privateKey: Uint8Array,
  envelope: Envelope,
  commit: { txid: string; vout: number; value: number },
  destination: string,
  revealFee: number,
  network: BitcoinNetworkName,
): { txid: string; hex: string } {
  const tree = tapTree(privateKey, envelope, network);
  const tx = unsignedReveal(commit, destination, commit.value - revealFee, network);
  const leafHash = bitcoin.crypto.taggedHash('TapLeaf', Buffer.concat([Uint8Array.of(LEAF_VERSION), varSlice(tree.leaf)]));
  const hash = tx.hashForWitnessV1(0, [tree.output], [BigInt(commit.value)], bitcoin.Transaction.SIGHASH_DEFAULT, leafHash);
  tx.setWitness(0, [ecc.signSchnorr(hash, tree.evenKey, randomBytes(32)), tree.leaf, tree.controlBlock]);
  return { txid: tx.getId(), hex: tx.toHex() };
}

function varSlice(data: Uint8Array): Uint8Array {
  const n = data.length;
  const size = n < 0xfd ? Uint8Array.of(n) : n <= 0xffff ? Uint8Array.of(0xfd, n & 0xff, n >> 8) : Uint8Array.of(0xfe, n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24);
  return Buffer.concat([size, data]);
}
