/**
 * A small tapscript interpreter (BIP342) for the leaves the stand-in meets: ord's `<key> OP_CHECKSIG` with its
 * envelopes, and the vault's `<B> OP_CHECKSIGVERIFY <G> OP_CHECKSIG` and `<B> OP_CHECKSIGVERIFY <N>
 * OP_CHECKSEQUENCEVERIFY`. It runs the script as Bitcoin Core does for these opcodes: pushes, OP_IF/OP_NOTIF/
 * OP_ELSE/OP_ENDIF with tapscript's minimal-if rule, OP_VERIFY, OP_DROP, OP_CHECKSIG(VERIFY) with BIP342's empty
 * signature rule, OP_CHECKSEQUENCEVERIFY (BIP112) against the input's nSequence, and the clean stack at the end.
 * Any other opcode is refused as non-standard rather than accepted unchecked. Reasons are Core's script errors.
 */
import { rpc } from './errors.ts';

export interface TapscriptContext {
  /** Verifies a Schnorr signature (64 bytes, or 65 with a hash type) by a 32-byte key over this leaf's sighash; false when it does not verify. */
  verify(pubkey: Uint8Array, signature: Uint8Array): boolean;
  txVersion: number;
  sequence: number;
}

const MAX_ELEMENT = 520;
const SEQUENCE_DISABLE = 0x80000000;
const SEQUENCE_TYPE_TIME = 0x00400000;
const SEQUENCE_MASK = 0x0000ffff;

const fail = (reason: string) => rpc.scriptFailed(reason);

const isTrue = (item: Uint8Array) => item.some((byte, i) => byte !== 0 && !(i === item.length - 1 && byte === 0x80));

/** A script number of at most `maxSize` bytes (little-endian, sign bit in the last byte), minimally encoded. */
function scriptNumber(item: Uint8Array, maxSize: number): number {
  if (item.length > maxSize) throw fail('Script number overflow');
  if (item.length === 0) return 0;
  if ((item[item.length - 1]! & 0x7f) === 0 && (item.length === 1 || (item[item.length - 2]! & 0x80) === 0)) throw fail('Non-minimally encoded script number');
  let value = 0;
  for (let i = 0; i < item.length; i++) value += item[i]! * 2 ** (8 * i);
  const top = item[item.length - 1]!;
  if (top & 0x80) return -(value - 0x80 * 2 ** (8 * (item.length - 1)));
  return value;
}

/** Runs `script` over the witness `stack` (bottom first); throws an RpcError when Core would refuse the spend. */
export function runTapscript(script: Uint8Array, initial: Uint8Array[], ctx: TapscriptContext): void {
  if (initial.some((item) => item.length > MAX_ELEMENT)) throw fail('Push value size limit exceeded');
  const stack = [...initial];
  const executing: boolean[] = [];
  const pop = () => {
    const item = stack.pop();
    if (item === undefined) throw fail('Operation not valid with the current stack size');
    return item;
  };
  const checkSig = (): boolean => {
    const pubkey = pop();
    const signature = pop();
    if (pubkey.length === 0) throw fail('Public key is neither compressed or uncompressed');
    if (pubkey.length !== 32) throw rpc.nonStandard('Public key version reserved for soft-fork upgrades');
    if (signature.length === 0) return false;
    if (signature.length !== 64 && signature.length !== 65) throw fail('Invalid Schnorr signature size');
    if (signature.length === 65 && signature[64] === 0) throw fail('Invalid Schnorr signature hash type');
    if (!ctx.verify(pubkey, signature)) throw fail('Invalid Schnorr signature');
    return true;
  };
  let at = 0;
  while (at < script.length) {
    const op = script[at++]!;
    const running = executing.every(Boolean);
    if (op <= 0x4e) {
      let size = op;
      if (op === 0x4c) size = script[at++]!;
      else if (op === 0x4d) size = script[at++]! | (script[at++]! << 8);
      else if (op === 0x4e) size = (script[at++]! | (script[at++]! << 8) | (script[at++]! << 16) | (script[at++]! << 24)) >>> 0;
      if (at + size > script.length) throw fail('Opcode missing or not understood');
      if (size > MAX_ELEMENT) throw fail('Push value size limit exceeded');
      if (running) stack.push(script.subarray(at, at + size));
      at += size;
      continue;
    }
    if (op === 0x63 || op === 0x64) {
      let take = false;
      if (running) {
        const condition = pop();
        if (condition.length > 1 || (condition.length === 1 && condition[0] !== 1)) throw fail('OP_IF/NOTIF argument must be minimal in tapscript');
        take = condition.length === 1 ? op === 0x63 : op === 0x64;
      }
      executing.push(take);
      continue;
    }
    if (op === 0x67) {
      if (executing.length === 0) throw fail('Invalid OP_IF construction');
      executing.push(!executing.pop());
      continue;
    }
    if (op === 0x68) {
      if (executing.pop() === undefined) throw fail('Invalid OP_IF construction');
      continue;
    }
    if (!running) continue;
    if (op === 0x4f || (op >= 0x51 && op <= 0x60)) stack.push(op === 0x4f ? Uint8Array.of(0x81) : Uint8Array.of(op - 0x50));
    else if (op === 0x69) {
      if (!isTrue(pop())) throw fail('Script failed an OP_VERIFY operation');
    } else if (op === 0x75) pop();
    else if (op === 0xac) stack.push(checkSig() ? Uint8Array.of(1) : new Uint8Array());
    else if (op === 0xad) {
      if (!checkSig()) throw fail('Script failed an OP_CHECKSIGVERIFY operation');
    } else if (op === 0xb2) checkSequence(stack[stack.length - 1], ctx);
    else throw rpc.nonStandard(`stand-in does not model tapscript opcode 0x${op.toString(16)}`);
  }
  if (executing.length > 0) throw fail('Invalid OP_IF construction');
  if (stack.length !== 1) throw fail('Stack size must be exactly one after execution');
  if (!isTrue(stack[0]!)) throw fail('Script evaluated without error but finished with a false/empty top stack element');
}

/** BIP112: the input's nSequence must be a relative lock of the same kind and at least the script's. */
function checkSequence(top: Uint8Array | undefined, ctx: TapscriptContext): void {
  if (top === undefined) throw fail('Operation not valid with the current stack size');
  const required = scriptNumber(top, 5);
  if (required < 0) throw fail('Negative locktime');
  if (required & SEQUENCE_DISABLE) return;
  const unsatisfied = () => fail('Locktime requirement not satisfied');
  if (ctx.txVersion < 2) throw unsatisfied();
  if (ctx.sequence & SEQUENCE_DISABLE) throw unsatisfied();
  if ((required & SEQUENCE_TYPE_TIME) !== (ctx.sequence & SEQUENCE_TYPE_TIME)) throw unsatisfied();
  if ((required & SEQUENCE_MASK) > (ctx.sequence & SEQUENCE_MASK)) throw unsatisfied();
}

/**
 * BIP68: a version 2 input whose nSequence has no disable flag may be mined only once its coin is that many
 * blocks deep: coin height + lock <= the next block's height (an unconfirmed coin counts as in the next block).
 * Time-based locks are refused as not modelled here.
 */
export function checkRelativeLock(txVersion: number, sequence: number, coinHeight: number | null, tipHeight: number): void {
  if (txVersion < 2 || sequence & SEQUENCE_DISABLE) return;
  if (sequence & SEQUENCE_TYPE_TIME) throw rpc.nonStandard('stand-in does not model time-based relative locks');
  const next = tipHeight + 1;
  if ((coinHeight ?? next) + (sequence & SEQUENCE_MASK) > next) throw rpc.nonBip68Final();
}
