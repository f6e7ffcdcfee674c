/**
 * Reading and checking one input's signature in a PSBT, whether the wallet left it partial (partialSig,
 * tapKeySig) or finalized it (finalScriptWitness). Only key-path spends of p2wpkh and p2tr, the two kinds of
 * output an offer spends. Sighashes come from bitcoinjs, signatures are checked with tiny-secp256k1.
 */
import { bitcoin, ecc } from '../network.ts';
import { spendTypeOf } from './build.ts';
import { allowedSighashes, OfferError, SIGHASH_ALL } from './layout.ts';

export interface FoundSignature {
  /** DER+type (p2wpkh) or 64/65-byte Schnorr (p2tr). */
  signature: Uint8Array;
  pubkey?: Uint8Array;
  hashType: number;
}

export function signatureOf(psbt: bitcoin.Psbt, index: number): FoundSignature | null {
  const input = psbt.data.inputs[index]!;
  const script = input.witnessUtxo?.script;
  const type = script ? spendTypeOf(script) : null;
  if (type === 'p2wpkh') {
    const partial = input.partialSig?.[0];
    const [signature, pubkey] = partial ? [partial.signature, partial.pubkey] : (witnessStack(input.finalScriptWitness) ?? []);
    if (!signature || !pubkey) return null;
    return { signature, pubkey, hashType: signature[signature.length - 1]! };
  }
  if (type === 'p2tr') {
    const signature = input.tapKeySig ?? witnessStack(input.finalScriptWitness)?.[0];
    if (!signature) return null;
    return { signature, hashType: signature.length === 65 ? signature[64]! : 0x00 };
  }
  return null;
}

/** Throws OfferError unless input `index` carries a valid SIGHASH_ALL signature over `tx`. */
export function verifyInputSignature(psbt: bitcoin.Psbt, tx: bitcoin.Transaction, index: number, who: string): void {
  const found = signatureOf(psbt, index);
  if (!found) throw new OfferError('unsigned_input', `Input ${index} (${who}) is not signed`, 'signedPsbtHex');
  const allowed = allowedSighashes(spendTypeOf(psbt.data.inputs[index]!.witnessUtxo!.script)!);
  if (!allowed.includes(found.hashType)) {
    throw new OfferError('wrong_sighash', `Input ${index} (${who}) is signed with sighash ${hexByte(found.hashType)}; it must be signed with SIGHASH_ALL (${hexByte(SIGHASH_ALL)})`, 'signedPsbtHex');
  }
  const inputs = psbt.data.inputs;
  const script = inputs[index]!.witnessUtxo!.script;
  const invalid = () => new OfferError('invalid_signature', `Input ${index} (${who}) has a signature that does not verify`, 'signedPsbtHex');
  if (spendTypeOf(script) === 'p2wpkh') {
    if (!found.pubkey || Buffer.compare(Buffer.from(bitcoin.crypto.hash160(found.pubkey)), Buffer.from(script.subarray(2))) !== 0) throw invalid();
    let decoded: { signature: Uint8Array; hashType: number };
    try {
      decoded = bitcoin.script.signature.decode(found.signature);
    } catch {
      throw invalid();
    }
    const scriptCode = bitcoin.payments.p2pkh({ hash: script.subarray(2) }).output!;
    const hash = tx.hashForWitnessV0(index, scriptCode, inputs[index]!.witnessUtxo!.value, decoded.hashType);
    if (!ecc.verify(hash, found.pubkey, decoded.signature, true)) throw invalid();
    return;
  }
  if (found.signature.length !== 64 && found.signature.length !== 65) throw invalid();
  const hash = tx.hashForWitnessV1(
    index,
    inputs.map((i) => i.witnessUtxo!.script),
    inputs.map((i) => i.witnessUtxo!.value),
    found.hashType,
  );
  if (!ecc.verifySchnorr(hash, script.subarray(2), found.signature.subarray(0, 64))) throw invalid();
}

const hexByte = (n: number) => `0x${n.toString(16).padStart(2, '0')}`;

/** A serialized witness stack (finalScriptWitness): count, then length-prefixed items. */
function witnessStack(data: Uint8Array | undefined): Uint8Array[] | null {
  if (!data) return null;
  let at = 0;
  const readSize = () => {
    const first = data[at++]!;
    if (first < 0xfd) return first;
    const bytes = first === 0xfd ? 2 : first === 0xfe ? 4 : 8;
    let n = 0;
    for (let i = 0; i < bytes; i++) n += data[at++]! * 2 ** (8 * i);
    return n;
  };
  const items: Uint8Array[] = [];
  const count = readSize();
  for (let i = 0; i < count; i++) {
    const size = readSize();
    items.push(data.subarray(at, at + size));
    at += size;
  }
  return at === data.length ? items : null;
}
