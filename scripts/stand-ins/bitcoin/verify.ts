/**
 * Independent signature checks for every input the stand-in accepts: segwit v0 p2wpkh through bitcoinjs's
 * BIP-143 sighash and tiny-secp256k1 (what `Psbt.validateSignaturesOfAllInputs` does), taproot through
 * @cmdcode/tapscript's BIP-341 hasher and verifier (a second implementation, not the one the api signs with).
 * Taproot script paths: the control block must commit the leaf to the output key (with its parity), and the leaf
 * runs in tapscript.ts (ord's `<key> OP_CHECKSIG` with envelopes, the vault's two leaves); signatures are checked
 * over the BIP341 script-path sighash (leaf hash, leaf version 0xc0). Other opcodes are refused as non-standard.
 */
import * as bitcoin from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import { Signer, Tap, Tx } from '@cmdcode/tapscript';
import { rpc } from './errors.ts';
import { runTapscript } from './tapscript.ts';

export interface Prevout {
  script: Uint8Array;
  value: number;
}

const OP = bitcoin.opcodes;

export function scriptType(script: Uint8Array): 'p2wpkh' | 'p2tr' | 'p2wsh' | 'op_return' | 'other' {
  if (script.length === 22 && script[0] === 0x00 && script[1] === 0x14) return 'p2wpkh';
  if (script.length === 34 && script[0] === 0x51 && script[1] === 0x20) return 'p2tr';
  if (script.length === 34 && script[0] === 0x00 && script[1] === 0x20) return 'p2wsh';
  if (script[0] === OP.OP_RETURN) return 'op_return';
  return 'other';
}

/** Bitcoin Core's dust limits at the default 3 sat/vB dust relay fee. */
export function dustLimit(script: Uint8Array): number {
  const type = scriptType(script);
  if (type === 'op_return') return 0;
  if (type === 'p2wpkh') return 294;
  if (type === 'p2tr' || type === 'p2wsh') return 330;
  return 546;
}

export function verifyInput(tx: bitcoin.Transaction, index: number, prevouts: Prevout[]): void {
  const prevout = prevouts[index]!;
  const type = scriptType(prevout.script);
  const input = tx.ins[index]!;
  if (input.script.length > 0) throw rpc.nonStandard('scriptSig-not-empty');
  if (type === 'p2wpkh') verifyP2wpkh(tx, index, prevout);
  else if (type === 'p2tr') verifyTaproot(tx, index, prevouts);
  else throw rpc.nonStandard(`stand-in accepts p2wpkh and p2tr inputs only, input ${index} spends ${type}`);
}

function verifyP2wpkh(tx: bitcoin.Transaction, index: number, prevout: Prevout): void {
  const witness = tx.ins[index]!.witness;
  if (witness.length !== 2) throw rpc.scriptFailed('Witness program hash mismatch');
  const [sigWithType, pubkey] = witness as [Uint8Array, Uint8Array];
  if (!equal(bitcoin.crypto.hash160(pubkey), prevout.script.subarray(2))) throw rpc.scriptFailed('Witness program hash mismatch');
  if (sigWithType.length < 9) throw rpc.scriptFailed('Non-canonical DER signature');
  const hashType = sigWithType[sigWithType.length - 1]!;
  let signature: Uint8Array;
  try {
    signature = bitcoin.script.signature.decode(sigWithType).signature;
  } catch {
    throw rpc.scriptFailed('Non-canonical DER signature');
  }
  const scriptCode = bitcoin.payments.p2pkh({ hash: prevout.script.subarray(2) }).output!;
  const hash = tx.hashForWitnessV0(index, scriptCode, BigInt(prevout.value), hashType);
  if (!ecc.verify(hash, pubkey, signature, true)) throw rpc.scriptFailed('Signature must be zero for failed CHECK(MULTI)SIG operation');
}

function verifyTaproot(tx: bitcoin.Transaction, index: number, prevouts: Prevout[]): void {
  const witness = tx.ins[index]!.witness;
  if (witness.length === 0) throw rpc.scriptFailed('Witness program was passed an empty witness');
  if (witness.length >= 2 && witness[witness.length - 1]![0] === 0x50) throw rpc.nonStandard('annex');
  const json = Tx.fmt.toJson(hex(tx.toBuffer()));
  json.vin.forEach((vin, i) => {
    vin.prevout = { value: BigInt(prevouts[i]!.value), scriptPubKey: hex(prevouts[i]!.script) };
  });
  if (witness.length === 1) {
    try {
      if (!Signer.taproot.verify(json, index, { throws: true })) throw new Error('Invalid Schnorr signature');
    } catch {
      throw rpc.scriptFailed('Invalid Schnorr signature');
    }
    return;
  }
  // Script path: [...stack, leaf script, control block]. tapscript's verifyTx hashes a hex witness script
  // without its length prefix (a wrong leaf hash), so the leaf hash, control block and sighash are taken from its
  // lower-level parts here, and the leaf runs in tapscript.ts.
  const leaf = witness[witness.length - 2]!;
  const controlBlock = witness[witness.length - 1]!;
  if (controlBlock.length < 33 || (controlBlock.length - 33) % 32 !== 0 || controlBlock.length > 33 + 128 * 32) throw rpc.scriptFailed('Invalid Taproot control block size');
  if ((controlBlock[0]! & 0xfe) !== 0xc0) throw rpc.nonStandard('Taproot version reserved for soft-fork upgrades');
  const leafHash = Tap.tree.getLeaf(Buffer.concat([compactSize(leaf.length), leaf]), controlBlock[0]! & 0xfe);
  if (!Tap.checkPath(hex(prevouts[index]!.script.subarray(2)), leafHash, hex(controlBlock))) throw rpc.scriptFailed('Witness program hash mismatch');
  runTapscript(leaf, witness.slice(0, -2), {
    txVersion: tx.version,
    sequence: tx.ins[index]!.sequence,
    verify: (pubkey, signature) => {
      let hash: Uint8Array;
      try {
        hash = Signer.taproot.hash(json, index, { extension: leafHash, sigflag: signature.length === 65 ? signature[64]! : 0 });
      } catch {
        throw rpc.scriptFailed('Invalid Schnorr signature hash type');
      }
      return ecc.verifySchnorr(hash, pubkey, signature.subarray(0, 64));
    },
  });
}

function compactSize(n: number): Uint8Array {
  return n < 0xfd ? Uint8Array.of(n) : n <= 0xffff ? Uint8Array.of(0xfd, n & 0xff, n >> 8) : Uint8Array.of(0xfe, n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24);
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

export function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}

/** An outpoint as the stand-in's maps key it: `txid:vout`. */
export const key = (txid: string, vout: number) => `${txid}:${vout}`;

/** A transaction id as Bitcoin shows it: its hash's bytes reversed, in hex. */
export function txidOf(hash: Uint8Array): string {
  return hex(Uint8Array.from(hash).reverse());
}
