/**
 * BIP-322 "simple" signature verification for the address types Gavel links (native segwit p2wpkh and
 * taproot key-path p2tr), built on bitcoinjs-lib's sighash code and tiny-secp256k1. A simple signature is the
 * base64 witness stack of the virtual `to_sign` transaction, which spends the virtual `to_spend` output that
 * commits to the message (tagged hash "BIP0322-signed-message") and locks with the address's script.
 * domain/ could not hold this: it needs the secp256k1 wasm module.
 */
import { checkBitcoinAddress, type BitcoinNetworkName } from '@gavel/domain';
import { bitcoin, ecc } from '../bitcoin/network.ts';

const { Transaction, crypto, script: bscript, payments } = bitcoin;

/** BIP-340 tagged hash with BIP-322's tag (bitcoinjs' taggedHash only knows the taproot tags). */
export function bip322MessageHash(message: string): Uint8Array {
  const tag = crypto.sha256(new TextEncoder().encode('BIP0322-signed-message'));
  const body = new TextEncoder().encode(message);
  const data = new Uint8Array(tag.length * 2 + body.length);
  data.set(tag, 0);
  data.set(tag, tag.length);
  data.set(body, tag.length * 2);
  return crypto.sha256(data);
}

/** The two virtual transactions of BIP-322 for `scriptPubKey` and `message`, `to_sign` without its witness. */
export function bip322Transactions(scriptPubKey: Uint8Array, message: string): { toSpend: bitcoin.Transaction; toSign: bitcoin.Transaction } {
  const toSpend = new Transaction();
  toSpend.version = 0;
  toSpend.locktime = 0;
  toSpend.addInput(new Uint8Array(32), 0xffffffff, 0, bscript.compile([bscript.OPS.OP_0!, bip322MessageHash(message)]));
  toSpend.addOutput(scriptPubKey, 0n);
  const toSign = new Transaction();
  toSign.version = 0;
  toSign.locktime = 0;
  toSign.addInput(toSpend.getHash(), 0, 0);
  toSign.addOutput(bscript.compile([bscript.OPS.OP_RETURN!]), 0n);
  return { toSpend, toSign };
}

/** Reads a serialized witness stack (count, then length-prefixed items). Null when malformed. */
function readWitness(bytes: Uint8Array): Uint8Array[] | null {
  let at = 0;
  const varint = (): number | null => {
    const first = bytes[at++];
    if (first === undefined) return null;
    if (first < 0xfd) return first;
    if (first === 0xfd && at + 2 <= bytes.length) return bytes[at++]! | (bytes[at++]! << 8);
    return null; // larger counts or items never occur in a simple signature
  };
  const count = varint();
  if (count === null || count > 16) return null;
  const items: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    const length = varint();
    if (length === null || at + length > bytes.length) return null;
    items.push(bytes.subarray(at, at + length));
    at += length;
  }
  return at === bytes.length ? items : null;
}

function decodeBase64(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  return new Uint8Array(Buffer.from(text, 'base64'));
}

const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);

/**
 * True when `signatureBase64` is a valid BIP-322 simple signature of `message` by `address` on `network`.
 * Addresses of other types or networks, and malformed signatures, are false (the route names the reason first).
 */
export function verifyBip322(address: string, message: string, signatureBase64: string, network: BitcoinNetworkName): boolean {
  const decoded = checkBitcoinAddress(address, network);
  if (!decoded.ok || (decoded.type !== 'p2wpkh' && decoded.type !== 'p2tr')) return false;
  const raw = decodeBase64(signatureBase64.trim());
  const witness = raw && readWitness(raw);
  if (!witness) return false;
  const scriptPubKey = bscript.compile([decoded.witnessVersion === 0 ? bscript.OPS.OP_0! : bscript.OPS.OP_1!, decoded.program]);
  const { toSign } = bip322Transactions(scriptPubKey, message);

  if (decoded.type === 'p2wpkh') {
    if (witness.length !== 2) return false;
    const [signature, pubkey] = witness as [Uint8Array, Uint8Array];
    if (pubkey.length !== 33 || !equal(crypto.hash160(pubkey), decoded.program)) return false;
    let parsed: { signature: Uint8Array; hashType: number };
    try {
      parsed = bscript.signature.decode(signature);
    } catch {
      return false;
    }
    if (parsed.hashType !== Transaction.SIGHASH_ALL) return false;
    const scriptCode = payments.p2pkh({ pubkey }).output!;
    const hash = toSign.hashForWitnessV0(0, scriptCode, 0n, parsed.hashType);
    return ecc.verify(hash, pubkey, parsed.signature);
  }

  // p2tr key path: a 64-byte signature (SIGHASH_DEFAULT) or 65 bytes with an explicit SIGHASH_ALL.
  if (witness.length !== 1) return false;
  const signature = witness[0]!;
  if (signature.length !== 64 && !(signature.length === 65 && signature[64] === Transaction.SIGHASH_ALL)) return false;
  const hashType = signature.length === 65 ? Transaction.SIGHASH_ALL : Transaction.SIGHASH_DEFAULT;
  const hash = toSign.hashForWitnessV1(0, [scriptPubKey], [0n], hashType);
  return ecc.verifySchnorr(hash, decoded.program, signature.subarray(0, 64));
}
