/**
 * Reading and checking one input's signature in a PSBT, whether the wallet left it partial (partialSig,
 * tapKeySig) or finalized it (finalScriptWitness). Only key-path spends of p2wpkh and p2tr, the two kinds of
 * output an offer spends. Sighashes come from bitcoinjs, signatures are checked with tiny-secp256k1. What is
 * read is what the broadcast transaction will carry: finalizing keeps a finalized witness as it is, so when
 * there is one it is checked and any partial signature beside it counts for nothing. Script-path signatures
 * (a vault's cooperative leaf) are read from tapScriptSig by key and leaf (scriptPathSignatureOf).
 */
import { bitcoin, ecc } from '../network.ts';
import { spendTypeOf } from './build.ts';
import { allowedSighashes, OfferError, SIGHASH_ALL, SIGHASH_DEFAULT } from './layout.ts';

export interface FoundSignature {
  /** DER+type (p2wpkh) or 64/65-byte Schnorr (p2tr). */
  signature: Uint8Array;
  pubkey?: Uint8Array;
  hashType: number;
}

/** Data where a signature belongs that no key-path spend fits (a script signature, a witness of the wrong shape, an empty signature). */
export const MALFORMED = 'malformed';

/** The signature input `index` will be broadcast with; MALFORMED when what it will carry is none; null when unsigned. */
export function signatureOf(psbt: bitcoin.Psbt, index: number): FoundSignature | typeof MALFORMED | null {
  const input = psbt.data.inputs[index]!;
  const script = input.witnessUtxo?.script;
  const type = script ? spendTypeOf(script) : null;
  // Native segwit spends carry an empty script signature: anything there makes the transaction invalid.
  if (input.finalScriptSig?.length) return MALFORMED;
  const witness = input.finalScriptWitness ? witnessStack(input.finalScriptWitness) : undefined;
  if (witness === null) return MALFORMED;
  if (type === 'p2wpkh') {
    if (witness && witness.length !== 2) return MALFORMED;
    const partial = input.partialSig?.[0];
    const [signature, pubkey] = witness ?? (partial ? [partial.signature, partial.pubkey] : []);
    if (!signature || !pubkey) return null;
    if (signature.length === 0) return MALFORMED;
    return { signature, pubkey, hashType: signature[signature.length - 1]! };
  }
  if (type === 'p2tr') {
    // One item: a key-path spend. More would be read as a script path or an annex by the network.
    if (witness && witness.length !== 1) return MALFORMED;
    const signature = witness ? witness[0] : input.tapKeySig;
    if (!signature) return null;
    return { signature, hashType: signature.length === 65 ? signature[64]! : 0x00 };
  }
  return null;
}

/** Throws OfferError unless input `index` carries a valid SIGHASH_ALL signature over `tx`. */
export function verifyInputSignature(psbt: bitcoin.Psbt, tx: bitcoin.Transaction, index: number, who: string): void {
  const found = signatureOf(psbt, index);
  if (!found) throw new OfferError('unsigned_input', `Input ${index} (${who}) is not signed`, 'signedPsbtHex');
  if (found === MALFORMED) throw new OfferError('invalid_signature', `Input ${index} (${who}) carries data the network would refuse in place of a signature; sign the PSBT again`, 'signedPsbtHex');
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
  // BIP-341: 64 bytes is DEFAULT; a 65th byte must name another sighash, an explicit 0x00 is invalid.
  if (found.signature.length !== 64 && !(found.signature.length === 65 && found.hashType !== SIGHASH_DEFAULT)) throw invalid();
  const hash = tx.hashForWitnessV1(
    index,
    inputs.map((i) => i.witnessUtxo!.script),
    inputs.map((i) => i.witnessUtxo!.value),
    found.hashType,
  );
  if (!ecc.verifySchnorr(hash, script.subarray(2), found.signature.subarray(0, 64))) throw invalid();
}

const hexByte = (n: number) => `0x${n.toString(16).padStart(2, '0')}`;

/** A serialized witness stack (finalScriptWitness): count, then length-prefixed items; null when it does not parse. */
function witnessStack(data: Uint8Array): Uint8Array[] | null {
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
  // Every item reads at least its size byte, so a count past the data ends the loop early, whatever it claims.
  for (let i = 0; i < count && at <= data.length; i++) {
    const size = readSize();
    items.push(data.subarray(at, at + size));
    at += size;
  }
  return at === data.length && items.length === count ? items : null;
}

/**
 * The script-path signature (BIP341/342) input `index` carries for x-only `pubkey` on the leaf `leafHash`, as a
 * wallet leaves it (a partial tapScriptSig, 64 bytes or 65 with a sighash type); null when there is none. Vault
 * spends read the bidder's signature on the cooperative leaf this way.
 */
export function scriptPathSignatureOf(psbt: bitcoin.Psbt, index: number, pubkey: Uint8Array, leafHash: Uint8Array): FoundSignature | null {
  const found = psbt.data.inputs[index]?.tapScriptSig?.find((s) => Buffer.from(s.pubkey).equals(Buffer.from(pubkey)) && Buffer.from(s.leafHash).equals(Buffer.from(leafHash)));
  if (!found) return null;
  return { signature: found.signature, pubkey: found.pubkey, hashType: found.signature.length === 65 ? found.signature[64]! : SIGHASH_DEFAULT };
}

/**
 * Whether `found` verifies over input `index` of `tx` by the script path of `leafHash` (BIP341's sighash with the
 * leaf's extension), spending `prevouts`; only SIGHASH_DEFAULT and SIGHASH_ALL, which commit to every input and output.
 */
export function verifyScriptPathSignature(tx: bitcoin.Transaction, prevouts: Array<{ script: Uint8Array; value: bigint }>, index: number, leafHash: Uint8Array, found: FoundSignature): boolean {
  const { signature, hashType } = found;
  if (!found.pubkey || !(signature.length === 64 || (signature.length === 65 && hashType === SIGHASH_ALL))) return false;
  const hash = tx.hashForWitnessV1(
    index,
    prevouts.map((p) => p.script),
    prevouts.map((p) => p.value),
    hashType,
    leafHash,
  );
  return ecc.verifySchnorr(hash, found.pubkey, signature.subarray(0, 64));
}
