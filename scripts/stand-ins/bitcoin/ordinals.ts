/**
 * Ordinal theory as the stand-in's ord side needs it: inscription envelopes (`OP_FALSE OP_IF "ord" 1
 * <content-type> 0 <body> OP_ENDIF` in a taproot script-path spend) and first-in-first-out sat flow, so an
 * inscription follows its first satoshi through every transaction: input sats are laid end to end in input
 * order and poured into the outputs in output order; whatever overflows the outputs is the fee.
 */
import * as bitcoin from 'bitcoinjs-lib';

const OP = bitcoin.opcodes;
const ORD = new TextEncoder().encode('ord');

export interface Envelope {
  contentType: string | null;
  body: Uint8Array;
}

/** Push data exactly as given (no OP_N shortcuts), as ord writes envelopes. */
function push(data: Uint8Array): Uint8Array {
  if (data.length === 0) return Uint8Array.of(OP.OP_0);
  if (data.length <= 75) return Uint8Array.of(data.length, ...data);
  if (data.length <= 0xff) return Uint8Array.of(OP.OP_PUSHDATA1, data.length, ...data);
  return Uint8Array.of(OP.OP_PUSHDATA2, data.length & 0xff, data.length >> 8, ...data);
}

/** `<x-only key> OP_CHECKSIG` followed by the envelope; the body is split into 520-byte pushes. */
export function inscriptionLeaf(xOnlyKey: Uint8Array, envelope: Envelope): Uint8Array {
  const parts: Uint8Array[] = [push(xOnlyKey), Uint8Array.of(OP.OP_CHECKSIG, OP.OP_0, OP.OP_IF), push(ORD)];
  if (envelope.contentType !== null) parts.push(push(Uint8Array.of(1)), push(new TextEncoder().encode(envelope.contentType)));
  parts.push(push(new Uint8Array(0)));
  for (let i = 0; i < envelope.body.length; i += 520) parts.push(push(envelope.body.subarray(i, i + 520)));
  parts.push(Uint8Array.of(OP.OP_ENDIF));
  return Buffer.concat(parts);
}

/** Envelopes found in a taproot script-path witness ([..., leaf script, control block]). */
export function envelopesOf(witness: Uint8Array[]): Envelope[] {
  if (witness.length < 2) return [];
  const leaf = witness[witness.length - 2]!;
  const chunks = bitcoin.script.decompile(leaf);
  if (!chunks) return [];
  const found: Envelope[] = [];
  for (let i = 0; i + 2 < chunks.length; i++) {
    const isFalse = chunks[i] === OP.OP_0 || (chunks[i] instanceof Uint8Array && (chunks[i] as Uint8Array).length === 0);
    const tag = chunks[i + 2];
    if (!isFalse || chunks[i + 1] !== OP.OP_IF || !(tag instanceof Uint8Array) || Buffer.compare(tag, ORD) !== 0) continue;
    const fields: Uint8Array[] = [];
    let j = i + 3;
    for (; j < chunks.length && chunks[j] !== OP.OP_ENDIF; j++) fields.push(asBytes(chunks[j]!));
    found.push(parseFields(fields));
    i = j;
  }
  return found;
}

/** Pushes after "ord": tag/value pairs until the empty body tag, then the body. OP_N counts as [n]. */
function parseFields(fields: Uint8Array[]): Envelope {
  let contentType: string | null = null;
  let k = 0;
  for (; k < fields.length; k += 2) {
    const tag = fields[k]!;
    if (tag.length === 0) break;
    if (tag.length === 1 && tag[0] === 1 && fields[k + 1]) contentType = new TextDecoder().decode(fields[k + 1]);
  }
  return { contentType, body: Buffer.concat(fields.slice(k + 1)) };
}

function asBytes(chunk: number | Uint8Array): Uint8Array {
  if (chunk instanceof Uint8Array) return chunk;
  if (chunk === OP.OP_0) return new Uint8Array(0);
  if (chunk >= OP.OP_1 && chunk <= OP.OP_16) return Uint8Array.of(chunk - OP.OP_1 + 1);
  if (chunk === OP.OP_1NEGATE) return Uint8Array.of(0x81);
  return Uint8Array.of(chunk);
}

/** Where sat number `offset` (counted from the first sat of the first input) lands: output and offset in it, or null (fee). */
export function landing(offset: number, outputValues: number[]): { vout: number; offset: number } | null {
  let start = 0;
  for (let vout = 0; vout < outputValues.length; vout++) {
    const value = outputValues[vout]!;
    if (offset < start + value) return { vout, offset: offset - start };
    start += value;
  }
  return null;
}
