/**
 * Independent signature checks for every input the stand-in accepts: segwit v0 p2wpkh through bitcoinjs's
 * BIP-143 sighash and tiny-secp256k1 (what `Psbt.validateSignaturesOfAllInputs` does), taproot through
 * @cmdcode/tapscript's BIP-341 hasher and verifier (a second implementation, not the one the api signs with).
 * Taproot script-path spends are accepted for the leaf form ord uses: `<x-only key> OP_CHECKSIG` followed by
 * envelopes (`OP_FALSE OP_IF ... OP_ENDIF`), which never execute. Anything else is refused as non-standard
 * here rather than accepted unchecked.
 */
import * as bitcoin from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import { Signer, Tap, Tx } from '@cmdcode/tapscript';
import { rpc } from './errors.ts';

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
  // Script path: [signature, leaf script, control block]. tapscript's verifyTx hashes a hex witness script
  // without its length prefix (a wrong leaf hash), so the leaf hash, control block and sighash are taken
  // from its lower-level parts here; the leaf must open with <key> OP_CHECKSIG.
  if (witness.length !== 3) throw rpc.nonStandard('stand-in accepts single-signature tapscript leaves only');
  const [signature, leaf, controlBlock] = witness as [Uint8Array, Uint8Array, Uint8Array];
  const key = leafKey(leaf);
  if (controlBlock.length < 33 || (controlBlock.length - 33) % 32 !== 0 || (controlBlock[0]! & 0xfe) !== 0xc0) throw rpc.scriptFailed('Invalid Taproot control block size');
  const leafHash = Tap.tree.getLeaf(Buffer.concat([compactSize(leaf.length), leaf]), controlBlock[0]! & 0xfe);
  if (!Tap.checkPath(hex(prevouts[index]!.script.subarray(2)), leafHash, hex(controlBlock))) throw rpc.scriptFailed('Witness program hash mismatch');
  if (signature.length !== 64 && signature.length !== 65) throw rpc.scriptFailed('Invalid Schnorr signature size');
  const sigflag = signature.length === 65 ? signature[64]! : 0;
  if (signature.length === 65 && sigflag === 0) throw rpc.scriptFailed('Invalid Schnorr signature hash type');
  let hash: Uint8Array;
  try {
    hash = Signer.taproot.hash(json, index, { extension: leafHash, sigflag });
  } catch {
    throw rpc.scriptFailed('Invalid Schnorr signature hash type');
  }
  if (!ecc.verifySchnorr(hash, key, signature.subarray(0, 64))) throw rpc.scriptFailed('Invalid Schnorr signature');
}

function compactSize(n: number): Uint8Array {
  return n < 0xfd ? Uint8Array.of(n) : n <= 0xffff ? Uint8Array.of(0xfd, n & 0xff, n >> 8) : Uint8Array.of(0xfe, n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24);
}

/** The x-only key of `<key> OP_CHECKSIG [OP_FALSE OP_IF ... OP_ENDIF]*`; anything else is refused. */
function leafKey(leaf: Uint8Array): Uint8Array {
  const chunks = bitcoin.script.decompile(leaf);
  const key = chunks?.[0];
  if (!chunks || !(key instanceof Uint8Array) || key.length !== 32 || chunks[1] !== OP.OP_CHECKSIG) {
    throw rpc.nonStandard('stand-in accepts <key> OP_CHECKSIG tapscript leaves only');
  }
  let depth = 0;
  for (let i = 2; i < chunks.length; i++) {
    const chunk = chunks[i];
    if (depth === 0) {
      if (chunk !== OP.OP_0 && !(chunk instanceof Uint8Array && chunk.length === 0)) throw rpc.nonStandard('tapscript leaf: unexpected code after OP_CHECKSIG');
      if (chunks[i + 1] !== OP.OP_IF) throw rpc.nonStandard('tapscript leaf: envelope must be OP_FALSE OP_IF');
      depth = 1;
      i++;
    } else if (chunk === OP.OP_ENDIF) depth = 0;
    else if (chunk === OP.OP_IF || chunk === OP.OP_NOTIF) depth++;
  }
  if (depth !== 0) throw rpc.nonStandard('tapscript leaf: unbalanced conditional');
  return key;
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

export function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}
