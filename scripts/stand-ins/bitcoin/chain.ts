/**
 * The stand-in's chain: a real UTXO set, a mempool, blocks and the ord index. A transaction is accepted only
 * if it decodes, every input is unspent (chained mempool spends allowed, as in Bitcoin Core), amounts
 * balance, outputs are above dust, the fee meets the 1 sat/vB relay minimum, every input's relative lock (BIP68)
 * is met by its coin's depth, and every input's signature and tapscript verify (verify.ts, tapscript.ts). Inscriptions move when a transaction is mined, as ord indexes blocks only.
 * A transaction spending what a mempool transaction spends replaces it (and its descendants) when each one it
 * conflicts with signals replaceability (BIP125) and it pays more, as Bitcoin Core's rules 3, 4 and 6 ask; a block
 * takes the mempool's packages (a transaction with its unconfirmed ancestors) whose feerate reaches
 * `blockMinFeeRate`, best first, as a miner would (mempool.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import * as bitcoin from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import { rpc } from './errors.ts';
import { envelopesOf, landing } from './ordinals.ts';
import { dustLimit, key, scriptType, txidOf, verifyInput, type Prevout } from './verify.ts';
import { checkRelativeLock } from './tapscript.ts';
import { blockTemplate, replacedBy } from './mempool.ts';

bitcoin.initEccLib(ecc);

export type StandInNetwork = 'testnet4' | 'regtest' | 'mainnet';

export interface TxStatus {
  confirmed: boolean;
  block_height?: number;
  block_hash?: string;
  block_time?: number;
}

export interface StoredTx {
  txid: string;
  hex: string;
  tx: bitcoin.Transaction;
  prevouts: Prevout[];
  coinbase: boolean;
  fee: number;
  status: TxStatus;
}

export interface Utxo {
  txid: string;
  vout: number;
  value: number;
  script: Uint8Array;
  address: string | null;
}

export interface Block {
  height: number;
  hash: string;
  previous: string;
  time: number;
  txids: string[];
}

export interface Inscription {
  id: string;
  number: number;
  contentType: string | null;
  body: Uint8Array;
  genesisHeight: number;
  genesisFee: number;
  timestamp: number;
  /** null: the inscribed sat went to fees. */
  satpoint: { txid: string; vout: number; offset: number } | null;
}

export function bitcoinjsNetwork(network: StandInNetwork): bitcoin.Network {
  return network === 'mainnet' ? bitcoin.networks.bitcoin : network === 'regtest' ? bitcoin.networks.regtest : bitcoin.networks.testnet;
}

export class Chain {
  readonly net: bitcoin.Network;
  readonly utxos = new Map<string, Utxo>();
  /** Outpoint -> the transaction input spending it (mempool or chain). */
  readonly spends = new Map<string, { txid: string; vin: number }>();
  readonly txs = new Map<string, StoredTx>();
  mempool: string[] = [];
  readonly blocks: Block[] = [];
  readonly inscriptions = new Map<string, Inscription>();
  /** Outpoint -> inscriptions on it with their offset into the output. */
  readonly inscribed = new Map<string, Array<{ id: string; offset: number }>>();
  private coinbaseCount = 0;
  /** sat/vB a package (a transaction and its unconfirmed ancestors) needs to be mined; 0 mines the whole mempool. */
  blockMinFeeRate = 0;

  constructor(
    readonly network: StandInNetwork,
    readonly minRelayFeeRate = 1,
  ) {
    this.net = bitcoinjsNetwork(network);
    this.blocks.push({ height: 0, hash: sha256d(Buffer.from(`gavel-${network}-genesis`)), previous: '0'.repeat(64), time: now(), txids: [] });
  }

  get tip(): Block {
    return this.blocks[this.blocks.length - 1]!;
  }

  addressOf(script: Uint8Array): string | null {
    try {
      return bitcoin.address.fromOutputScript(script, this.net);
    } catch {
      return null;
    }
  }

  /** Validates and adds a raw transaction to the mempool; answers its txid or throws RpcError. */
  accept(rawHex: string): string {
    let tx: bitcoin.Transaction;
    try {
      if (!/^([0-9a-f]{2})+$/i.test(rawHex.trim())) throw new Error('not hex');
      tx = bitcoin.Transaction.fromHex(rawHex.trim());
    } catch {
      throw rpc.decodeFailed();
    }
    if (tx.ins.length === 0 || tx.outs.length === 0 || tx.isCoinbase()) throw rpc.decodeFailed();
    const txid = tx.getId();
    const known = this.txs.get(txid);
    if (known) {
      if (known.status.confirmed) throw rpc.alreadyInChain();
      return txid;
    }
    const outpoints = tx.ins.map((input) => key(txidOf(input.hash), input.index));
    if (new Set(outpoints).size !== outpoints.length) throw rpc.duplicateInputs();
    const conflicts = new Set<string>();
    const prevouts: Prevout[] = outpoints.map((outpoint) => {
      const utxo = this.utxos.get(outpoint);
      if (utxo) return { script: utxo.script, value: utxo.value };
      const spender = this.spends.get(outpoint);
      const parent = this.txs.get(outpoint.slice(0, outpoint.lastIndexOf(':')));
      if (!spender || this.txs.get(spender.txid)!.status.confirmed || !parent) throw rpc.missingOrSpent();
      conflicts.add(spender.txid);
      const out = parent.tx.outs[Number(outpoint.slice(outpoint.lastIndexOf(':') + 1))]!;
      return { script: out.script, value: Number(out.value) };
    });
    const valueIn = prevouts.reduce((sum, p) => sum + p.value, 0);
    const valueOut = tx.outs.reduce((sum, o) => sum + Number(o.value), 0);
    if (valueIn < valueOut) throw rpc.belowOut(valueIn, valueOut);
    if (tx.outs.some((o) => Number(o.value) < dustLimit(o.script))) throw rpc.dust();
    const fee = valueIn - valueOut;
    const minFee = Math.ceil(tx.virtualSize() * this.minRelayFeeRate);
    if (fee < minFee) throw rpc.minRelayFee(fee, minFee);
    // BIP68 before the scripts, as Core's mempool checks sequence locks first: the coin's depth against nSequence.
    tx.ins.forEach((input, index) => {
      checkRelativeLock(tx.version, input.sequence, this.heightOf(outpoints[index]!), this.tip.height);
    });
    for (let index = 0; index < tx.ins.length; index++) verifyInput(tx, index, prevouts);
    const replaced = conflicts.size > 0 ? replacedBy(this, txid, conflicts, fee, tx.virtualSize()) : [];
    for (const gone of replaced) this.evict(gone);
    this.store(tx, prevouts, false, fee);
    return txid;
  }

  /** The height of the block that mined the output's transaction; null while it is in the mempool. */
  heightOf(outpoint: string): number | null {
    const txid = outpoint.slice(0, outpoint.lastIndexOf(':'));
    return this.txs.get(txid)?.status.block_height ?? null;
  }

  /** A coinbase-shaped transaction paying `sats` to `address`, straight into the mempool (the dev faucet). */
  fund(address: string, sats: number): { txid: string; vout: number } {
    if (!Number.isSafeInteger(sats) || sats <= 0) throw new Error('sats must be a positive integer');
    const script = bitcoin.address.toOutputScript(address, this.net);
    const tx = new bitcoin.Transaction();
    tx.version = 2;
    tx.addInput(new Uint8Array(32), 0xffffffff, 0xffffffff, Buffer.concat([Buffer.from('gavel-faucet'), randomBytes(8), Buffer.from(String(++this.coinbaseCount))]));
    tx.addOutput(script, BigInt(sats));
    const stored = this.store(tx, [], true, 0);
    return { txid: stored.txid, vout: 0 };
  }

  /**
   * A replaced mempool transaction forgotten: its outputs gone, the outputs it spent unspent again. Called for
   * descendants before their ancestors (replacedBy's order), so no output of a forgotten one is left behind.
   */
  private evict(txid: string): void {
    const stored = this.txs.get(txid)!;
    for (let vout = 0; vout < stored.tx.outs.length; vout++) this.utxos.delete(key(txid, vout));
    stored.tx.ins.forEach((input, vin) => {
      const outpoint = key(txidOf(input.hash), input.index);
      this.spends.delete(outpoint);
      const prevout = stored.prevouts[vin]!;
      this.utxos.set(outpoint, { txid: txidOf(input.hash), vout: input.index, value: prevout.value, script: prevout.script, address: this.addressOf(prevout.script) });
    });
    this.txs.delete(txid);
    this.mempool = this.mempool.filter((id) => id !== txid);
  }

  /** Mines `count` blocks, each holding the packages that reach `blockMinFeeRate` (mempool.ts), moving inscriptions as ord would. */
  mine(count = 1): Block[] {
    const mined: Block[] = [];
    for (let i = 0; i < count; i++) {
      const previous = this.tip;
      const txids = blockTemplate(this);
      const taken = new Set(txids);
      this.mempool = this.mempool.filter((txid) => !taken.has(txid));
      const time = Math.max(now(), previous.time + 1);
      const hash = sha256d(Buffer.from(`${previous.hash}:${previous.height + 1}:${time}:${txids.join(',')}`));
      const block: Block = { height: previous.height + 1, hash, previous: previous.hash, time, txids };
      this.blocks.push(block);
      for (const txid of txids) {
        const stored = this.txs.get(txid)!;
        stored.status = { confirmed: true, block_height: block.height, block_hash: block.hash, block_time: block.time };
        this.index(stored, block);
      }
      mined.push(block);
    }
    return mined;
  }

  private store(tx: bitcoin.Transaction, prevouts: Prevout[], coinbase: boolean, fee: number): StoredTx {
    const txid = tx.getId();
    const stored: StoredTx = { txid, hex: tx.toHex(), tx, prevouts, coinbase, fee, status: { confirmed: false } };
    this.txs.set(txid, stored);
    if (!coinbase) {
      tx.ins.forEach((input, vin) => {
        const outpoint = key(txidOf(input.hash), input.index);
        this.utxos.delete(outpoint);
        this.spends.set(outpoint, { txid, vin });
      });
    }
    tx.outs.forEach((out, vout) => {
      if (scriptType(out.script) === 'op_return') return;
      this.utxos.set(key(txid, vout), { txid, vout, value: Number(out.value), script: out.script, address: this.addressOf(out.script) });
    });
    this.mempool.push(txid);
    return stored;
  }

  /** ord's view of one mined transaction: existing inscriptions flow first-in-first-out, new ones start at their input's first sat. */
  private index(stored: StoredTx, block: Block): void {
    if (stored.coinbase) return;
    const { tx, txid } = stored;
    const outputValues = tx.outs.map((o) => Number(o.value));
    const moving: Array<{ id: string; offset: number }> = [];
    let start = 0;
    let created = 0;
    tx.ins.forEach((input, vin) => {
      const outpoint = key(txidOf(input.hash), input.index);
      for (const found of this.inscribed.get(outpoint) ?? []) moving.push({ id: found.id, offset: start + found.offset });
      this.inscribed.delete(outpoint);
      if (scriptType(stored.prevouts[vin]!.script) === 'p2tr') {
        for (const envelope of envelopesOf(input.witness)) {
          const id = `${txid}i${created++}`;
          this.inscriptions.set(id, {
            id,
            number: this.inscriptions.size,
            contentType: envelope.contentType,
            body: envelope.body,
            genesisHeight: block.height,
            genesisFee: stored.fee,
            timestamp: block.time,
            satpoint: null,
          });
          moving.push({ id, offset: start });
        }
      }
      start += stored.prevouts[vin]!.value;
    });
    for (const { id, offset } of moving) {
      const spot = landing(offset, outputValues);
      const inscription = this.inscriptions.get(id)!;
      inscription.satpoint = spot ? { txid, vout: spot.vout, offset: spot.offset } : null;
      if (!spot) continue;
      const at = key(txid, spot.vout);
      this.inscribed.set(at, [...(this.inscribed.get(at) ?? []), { id, offset: spot.offset }]);
    }
  }
}

/** Input hashes are stored little-endian; txids are shown reversed. */

function sha256d(data: Uint8Array): string {
  return createHash('sha256').update(createHash('sha256').update(data).digest()).digest('hex');
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}
