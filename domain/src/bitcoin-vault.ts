/**
 * A bidder's vault: the taproot output that makes a Bitcoin bid as good as cash without Gavel holding the coins.
 * Its internal key is BIP341's unspendable NUMS point H, so there is no key path; it has two leaves:
 *
 * - cooperative `<B> OP_CHECKSIGVERIFY <G> OP_CHECKSIG`: the bidder and Gavel together (withdrawals, bids);
 * - exit `<B> OP_CHECKSIGVERIFY <N> OP_CHECKSEQUENCEVERIFY`: the bidder alone, N blocks after the output confirmed.
 *
 * Descriptor `tr(H,{and_v(v:pk(B),pk(G)),and_v(v:pk(B),older(N))})`. B is the x-only internal key of the bidder's
 * ordinals (taproot) account, G Gavel's key of one key version. Gavel alone can never move the coins (every leaf
 * needs B); the bidder alone can once N blocks have passed. The same rules build the address in the api, the dapp
 * and the exit script, so they cannot disagree.
 */
import { hex } from '@scure/base';
import { p2tr, TaprootControlBlock } from '@scure/btc-signer';
import { bitcoinNetworks, type BitcoinNetworkName } from './bitcoin-address.ts';

type P2trTree = ReturnType<typeof p2tr> &
  Required<Pick<ReturnType<typeof p2tr>, 'address'>> & {
    leaves: Array<{ script: Uint8Array; hash: Uint8Array }>;
    tapLeafScript?: Array<[Parameters<typeof TaprootControlBlock.encode>[0], Uint8Array]>;
  };

/** BIP341's NUMS point: lift_x(sha256(G's uncompressed encoding)); nobody knows its discrete logarithm. */
export const VAULT_INTERNAL_KEY = '50929b74c1a04954b78b4b6035e97a5e078a5a0f28ec96d547bfee9ace803ac0';

/** About 30 days of blocks: how long the bidder waits to exit alone. */
export const DEFAULT_VAULT_CSV_BLOCKS = 4320;
/** BIP68 relative locks in blocks use the low 16 bits of nSequence. */
export const MAX_VAULT_CSV_BLOCKS = 0xffff;
export const DEFAULT_VAULT_CONFIRMATIONS = 1;
/** How close to its exit height an output stops counting as free: it should be refreshed instead (about a day). */
export const DEFAULT_VAULT_REFRESH_BLOCKS = 144;
/** The average block interval, for turning block heights into dates. */
export const BLOCK_INTERVAL_MS = 10 * 60_000;

const OP_CHECKSIG = 0xac;
const OP_CHECKSIGVERIFY = 0xad;
const OP_CHECKSEQUENCEVERIFY = 0xb2;
export const TAPSCRIPT_LEAF_VERSION = 0xc0;

export interface VaultKeys {
  /** x-only hex, 64 characters. */
  bidderKey: string;
  gavelKey: string;
  csvBlocks: number;
}

export interface VaultLeaf {
  script: Uint8Array;
  leafHash: Uint8Array;
  /** BIP341 control block: leaf version with the output key's parity, H, the sibling leaf's hash. */
  controlBlock: Uint8Array;
}

export interface Vault extends VaultKeys {
  address: string;
  /** The output script (OP_1 <output key>). */
  script: Uint8Array;
  outputKey: Uint8Array;
  internalKey: Uint8Array;
  descriptor: string;
  cooperative: VaultLeaf;
  exit: VaultLeaf;
}

export const vaultMessages = {
  badKey: 'A vault key must be a 32-byte x-only public key (64 hex characters) on the curve',
  badCsv: `The exit delay must be a whole number of blocks from 1 to ${MAX_VAULT_CSV_BLOCKS}`,
  sameKeys: "The bidder's key and Gavel's key must differ",
  badDescriptor: 'Not a Gavel vault descriptor: expected tr(H,{and_v(v:pk(B),pk(G)),and_v(v:pk(B),older(N))}) with its checksum',
} as const;

export class VaultError extends Error {}

const isXOnly = (key: string) => /^[0-9a-f]{64}$/.test(key);

/** `<n>` as a minimal script number push (what miniscript's older(n) compiles to). */
export function scriptNumberPush(n: number): Uint8Array {
  if (n >= 1 && n <= 16) return Uint8Array.of(0x50 + n);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.push(v & 0xff);
  if (bytes[bytes.length - 1]! & 0x80) bytes.push(0);
  return Uint8Array.of(bytes.length, ...bytes);
}

export function cooperativeLeafScript(bidderKey: string, gavelKey: string): Uint8Array {
  return Uint8Array.of(0x20, ...hex.decode(bidderKey), OP_CHECKSIGVERIFY, 0x20, ...hex.decode(gavelKey), OP_CHECKSIG);
}

export function exitLeafScript(bidderKey: string, csvBlocks: number): Uint8Array {
  return Uint8Array.of(0x20, ...hex.decode(bidderKey), OP_CHECKSIGVERIFY, ...scriptNumberPush(csvBlocks), OP_CHECKSEQUENCEVERIFY);
}

function checkKeys({ bidderKey, gavelKey, csvBlocks }: VaultKeys): void {
  if (!isXOnly(bidderKey) || !isXOnly(gavelKey)) throw new VaultError(vaultMessages.badKey);
  if (bidderKey === gavelKey) throw new VaultError(vaultMessages.sameKeys);
  if (!Number.isInteger(csvBlocks) || csvBlocks < 1 || csvBlocks > MAX_VAULT_CSV_BLOCKS) throw new VaultError(vaultMessages.badCsv);
}

/** The vault of bidder key B, Gavel key G and exit delay N on `network`; deterministic in its inputs. */
export function deriveVault(keys: VaultKeys, network: BitcoinNetworkName): Vault {
  checkKeys(keys);
  const cooperative = cooperativeLeafScript(keys.bidderKey, keys.gavelKey);
  const exit = exitLeafScript(keys.bidderKey, keys.csvBlocks);
  const net = { bech32: bitcoinNetworks[network].hrp, pubKeyHash: 0, scriptHash: 0, wif: 0 };
  let built: P2trTree;
  try {
    // Unknown leaves allowed: scure knows only its own leaf templates, these two are checked above.
    built = p2tr(hex.decode(VAULT_INTERNAL_KEY), [{ script: cooperative }, { script: exit }], net, true) as unknown as P2trTree;
  } catch {
    throw new VaultError(vaultMessages.badKey);
  }
  const leaf = (script: Uint8Array): VaultLeaf => {
    const found = built.leaves.find((l: { script: Uint8Array }) => hex.encode(l.script) === hex.encode(script))!;
    const [control] = built.tapLeafScript!.find(([, s]: [unknown, Uint8Array]) => hex.encode(s.subarray(0, -1)) === hex.encode(script))!;
    return { script, leafHash: found.hash, controlBlock: TaprootControlBlock.encode(control) };
  };
  return {
    ...keys,
    address: built.address!,
    script: built.script,
    outputKey: built.tweakedPubkey,
    internalKey: hex.decode(VAULT_INTERNAL_KEY),
    descriptor: vaultDescriptor(keys),
    cooperative: leaf(cooperative),
    exit: leaf(exit),
  };
}

/** The output descriptor (BIP386 with miniscript leaves) and its BIP380 checksum, as wallets import it. */
export function vaultDescriptor({ bidderKey, gavelKey, csvBlocks }: VaultKeys): string {
  const body = `tr(${VAULT_INTERNAL_KEY},{and_v(v:pk(${bidderKey}),pk(${gavelKey})),and_v(v:pk(${bidderKey}),older(${csvBlocks}))})`;
  return `${body}#${descriptorChecksum(body)}`;
}

/** The keys a vault descriptor names; throws VaultError for any other descriptor or a wrong checksum. */
export function parseVaultDescriptor(descriptor: string): VaultKeys {
  const [body, checksum] = descriptor.trim().split('#');
  const m = /^tr\(([0-9a-f]{64}),\{and_v\(v:pk\(([0-9a-f]{64})\),pk\(([0-9a-f]{64})\)\),and_v\(v:pk\(([0-9a-f]{64})\),older\((\d{1,5})\)\)\}\)$/.exec(body ?? '');
  if (!m || m[1] !== VAULT_INTERNAL_KEY || m[2] !== m[4] || (checksum !== undefined && checksum !== descriptorChecksum(body!))) throw new VaultError(vaultMessages.badDescriptor);
  const keys = { bidderKey: m[2]!, gavelKey: m[3]!, csvBlocks: Number(m[5]) };
  checkKeys(keys);
  return keys;
}

// BIP380's descriptor checksum: a BCH code over the descriptor's characters, 8 characters long.
const INPUT_CHARSET = '0123456789()[],\'/*abcdefgh@:$%{}IJKLMNOPQRSTUVWXYZ&+-.;<=>?!^_|~ijklmnopqrstuvwxyzABCDEFGH`#"\\ ';
const CHECKSUM_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATORS = [0xf5dee51989n, 0xa9fdca3312n, 0x1bab10e32dn, 0x3706b1677an, 0x644d626ffdn];

function polymod(c: bigint, value: number): bigint {
  const top = c >> 35n;
  let next = ((c & 0x7ffffffffn) << 5n) ^ BigInt(value);
  GENERATORS.forEach((g, i) => {
    if ((top >> BigInt(i)) & 1n) next ^= g;
  });
  return next;
}

export function descriptorChecksum(body: string): string {
  let c = 1n;
  let cls = 0;
  let clsCount = 0;
  for (const ch of body) {
    const pos = INPUT_CHARSET.indexOf(ch);
    if (pos < 0) throw new VaultError(vaultMessages.badDescriptor);
    c = polymod(c, pos & 31);
    cls = cls * 3 + (pos >> 5);
    if (++clsCount === 3) {
      c = polymod(c, cls);
      cls = 0;
      clsCount = 0;
    }
  }
  if (clsCount > 0) c = polymod(c, cls);
  for (let i = 0; i < 8; i++) c = polymod(c, 0);
  c ^= 1n;
  let out = '';
  for (let i = 0; i < 8; i++) out += CHECKSUM_CHARSET[Number((c >> BigInt(5 * (7 - i))) & 31n)];
  return out;
}

export interface VaultOutput {
  txid: string;
  vout: number;
  value: number;
  /** Null while unconfirmed. */
  blockHeight: number | null;
}

export type VaultOutputState = 'unconfirmed' | 'confirming' | 'free' | 'committed' | 'expiring' | 'exitable';

export interface VaultOutputView extends VaultOutput {
  confirmations: number;
  /** The first block the exit leaf may spend it in (its block height + N); null while unconfirmed. */
  exitHeight: number | null;
  /** When that block is expected (ten minutes a block from the tip); null while unconfirmed. */
  exitAt: string | null;
  state: VaultOutputState;
}

export interface VaultBalance {
  /** Sats in outputs with enough confirmations and whose exit is more than the refresh margin away. */
  confirmed: number;
  /** Of those, sats backing leading bids. */
  committed: number;
  free: number;
  /** Sats seen but not counted: unconfirmed or too few confirmations. */
  pending: number;
  /** The earliest exit date of the counted outputs: the balance holds until then (refresh before it). */
  exitAt: string | null;
  tipHeight: number;
  outputs: VaultOutputView[];
}

export interface BalanceRules {
  tipHeight: number;
  csvBlocks: number;
  confirmations: number;
  refreshBlocks: number;
  /** `txid:vout` of outputs backing leading bids. */
  committed: ReadonlySet<string>;
  now: number;
}

export const outpointKey = (o: { txid: string; vout: number }) => `${o.txid}:${o.vout}`;

/**
 * What a vault holds for bidding: confirmed outputs only (at least `confirmations` deep), and only while the
 * bidder cannot take them alone: an output whose exit height is within `refreshBlocks` of the tip no longer counts.
 */
export function vaultBalance(outputs: VaultOutput[], rules: BalanceRules): VaultBalance {
  const views = outputs.map((output): VaultOutputView => {
    const confirmations = output.blockHeight === null ? 0 : rules.tipHeight - output.blockHeight + 1;
    const exitHeight = output.blockHeight === null ? null : output.blockHeight + rules.csvBlocks;
    const exitAt = exitHeight === null ? null : new Date(rules.now + (exitHeight - rules.tipHeight) * BLOCK_INTERVAL_MS).toISOString();
    let state: VaultOutputState;
    if (exitHeight === null) state = 'unconfirmed';
    else if (rules.tipHeight + 1 >= exitHeight) state = 'exitable';
    else if (exitHeight - rules.tipHeight <= rules.refreshBlocks) state = 'expiring';
    else if (confirmations < rules.confirmations) state = 'confirming';
    else state = rules.committed.has(outpointKey(output)) ? 'committed' : 'free';
    return { ...output, confirmations, exitHeight, exitAt, state };
  });
  const sum = (states: VaultOutputState[]) => views.filter((v) => states.includes(v.state)).reduce((total, v) => total + v.value, 0);
  const counted = views.filter((v) => v.state === 'free' || v.state === 'committed');
  const exitAt = counted.reduce<string | null>((first, v) => (first === null || v.exitAt! < first ? v.exitAt : first), null);
  return {
    confirmed: sum(['free', 'committed']),
    committed: sum(['committed']),
    free: sum(['free']),
    pending: sum(['unconfirmed', 'confirming']),
    exitAt,
    tipHeight: rules.tipHeight,
    outputs: views,
  };
}

/** The outputs a withdrawal or refresh may spend: free ones, and those past the refresh margin (never committed ones). */
export function withdrawableOutputs(balance: VaultBalance): VaultOutputView[] {
  return balance.outputs.filter((o) => o.state === 'free' || o.state === 'expiring' || o.state === 'exitable');
}

/** vbytes of a vault spend: per cooperative input (two signatures, the 70-byte leaf, a 65-byte control block) and output. */
export const VAULT_SPEND_VBYTES = { overhead: 11, cooperativeInput: 41 + Math.ceil((1 + 65 + 65 + 71 + 66) / 4), exitInput: 41 + Math.ceil((1 + 65 + 39 + 66) / 4), output: 43 };
