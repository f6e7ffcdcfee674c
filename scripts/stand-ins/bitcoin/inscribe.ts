/**
 * Seeding an inscription the way ord does it, through the same checks as any transaction: the stand-in's
 * own taproot key is funded by the faucet, a commit transaction (key-path spend) pays to a taproot address
 * whose script leaf carries the envelope, and the reveal transaction spends it by that leaf (script path),
 * sending the inscribed sat to `address`. Both are mined, so ord answers for the inscription at once.
 */
import { randomBytes } from 'node:crypto';
import * as bitcoin from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import type { Chain } from './chain.ts';
import { inscriptionLeaf, type Envelope } from './ordinals.ts';

const LEAF_VERSION = 0xc0;
const FEE_RATE = 2;

export interface Inscribed {
  inscriptionId: string;
  commitTxid: string;
  revealTxid: string;
  /** `txid:vout` now holding the inscription at offset 0. */
  output: string;
}

export function inscribe(chain: Chain, address: string, envelope: Envelope, postage = 546): Inscribed {
  const privateKey = randomPrivateKey();
  const xOnly = ecc.xOnlyPointFromScalar(privateKey);
  const destination = bitcoin.address.toOutputScript(address, chain.net);

  const leaf = inscriptionLeaf(xOnly, envelope);
  const tapTree = bitcoin.payments.p2tr({ internalPubkey: xOnly, scriptTree: { output: leaf }, redeem: { output: leaf, redeemVersion: LEAF_VERSION }, network: chain.net });
  const controlBlock = tapTree.witness![tapTree.witness!.length - 1]!;
  const revealVsize = 60 + 43 + Math.ceil((64 + leaf.length + controlBlock.length + 8) / 4);
  const commitValue = postage + revealVsize * FEE_RATE;

  // The stand-in's own key-path wallet pays for the commit.
  const wallet = bitcoin.payments.p2tr({ internalPubkey: xOnly, network: chain.net });
  const funding = chain.fund(wallet.address!, commitValue + 200 * FEE_RATE);
  const commit = new bitcoin.Transaction();
  commit.version = 2;
  commit.addInput(Buffer.from(funding.txid, 'hex').reverse(), funding.vout, 0xfffffffd);
  commit.addOutput(tapTree.output!, BigInt(commitValue));
  const commitHash = commit.hashForWitnessV1(0, [wallet.output!], [BigInt(commitValue + 200 * FEE_RATE)], bitcoin.Transaction.SIGHASH_DEFAULT);
  const tweaked = ecc.privateAdd(hasEvenY(privateKey) ? privateKey : ecc.privateNegate(privateKey), bitcoin.crypto.taggedHash('TapTweak', xOnly))!;
  commit.setWitness(0, [ecc.signSchnorr(commitHash, tweaked, randomBytes(32))]);
  const commitTxid = chain.accept(commit.toHex());

  const reveal = new bitcoin.Transaction();
  reveal.version = 2;
  reveal.addInput(Buffer.from(commitTxid, 'hex').reverse(), 0, 0xfffffffd);
  reveal.addOutput(destination, BigInt(postage));
  const leafHash = bitcoin.crypto.taggedHash('TapLeaf', Buffer.concat([Uint8Array.of(LEAF_VERSION), varSlice(leaf)]));
  const revealHash = reveal.hashForWitnessV1(0, [tapTree.output!], [BigInt(commitValue)], bitcoin.Transaction.SIGHASH_DEFAULT, leafHash);
  reveal.setWitness(0, [ecc.signSchnorr(revealHash, hasEvenY(privateKey) ? privateKey : ecc.privateNegate(privateKey), randomBytes(32)), leaf, controlBlock]);
  const revealTxid = chain.accept(reveal.toHex());
  chain.mine(1);
  return { inscriptionId: `${revealTxid}i0`, commitTxid, revealTxid, output: `${revealTxid}:0` };
}

function randomPrivateKey(): Uint8Array {
  for (;;) {
    const candidate = randomBytes(32);
    if (ecc.isPrivate(candidate)) return candidate;
  }
}

function hasEvenY(privateKey: Uint8Array): boolean {
  return ecc.pointFromScalar(privateKey, true)![0] === 0x02;
}

function varSlice(data: Uint8Array): Uint8Array {
  const n = data.length;
  const size = n < 0xfd ? Uint8Array.of(n) : n <= 0xffff ? Uint8Array.of(0xfd, n & 0xff, n >> 8) : Uint8Array.of(0xfe, n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24);
  return Buffer.concat([size, data]);
}
