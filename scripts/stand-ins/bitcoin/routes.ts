/**
 * HTTP shapes: Esplora (mempool.space) under /api, ord's JSON API under /ord, and dev helpers under /dev.
 * Each route returns a body and status; text where Esplora answers text (tx hex, txid, tip height, errors).
 */
import * as bitcoin from 'bitcoinjs-lib';
import type { Chain, StoredTx, Utxo } from './chain.ts';
import { key, txidOf } from './verify.ts';
import { RpcError } from './errors.ts';
import { inscribe } from './inscribe.ts';
import { hex, scriptType } from './verify.ts';

export interface Reply {
  status: number;
  body: unknown;
  type?: string;
}

export interface Fees {
  fastestFee: number;
  halfHourFee: number;
  hourFee: number;
  economyFee: number;
  minimumFee: number;
}

type Handler = (params: string[], body: string) => Reply;
export type Route = [method: string, pattern: RegExp, handler: Handler];

const HEX64 = '([0-9a-f]{64})';
const ok = (body: unknown): Reply => ({ status: 200, body });
const text = (body: string, status = 200): Reply => ({ status, body, type: 'text/plain' });
const notFound = (what: string) => text(what, 404);

export function routes(chain: Chain, fees: () => Fees): Route[] {
  const tx = (txid: string) => chain.txs.get(txid);
  const status = (stored: StoredTx) => stored.status;
  const utxoJson = (u: Utxo) => ({ txid: u.txid, vout: u.vout, value: u.value, status: tx(u.txid)!.status });

  return [
    // ---- Esplora ----
    ['GET', /^\/api\/address\/([^/]+)\/utxo$/, ([address]) => ok([...chain.utxos.values()].filter((u) => u.address === address).map(utxoJson))],
    ['GET', /^\/api\/address\/([^/]+)$/, ([address]) => ok(addressStats(chain, address!))],
    ['GET', new RegExp(`^/api/tx/${HEX64}$`), ([txid]) => (tx(txid!) ? ok(txJson(chain, tx(txid!)!)) : notFound('Transaction not found'))],
    ['GET', new RegExp(`^/api/tx/${HEX64}/status$`), ([txid]) => (tx(txid!) ? ok(status(tx(txid!)!)) : notFound('Transaction not found'))],
    ['GET', new RegExp(`^/api/tx/${HEX64}/hex$`), ([txid]) => (tx(txid!) ? text(tx(txid!)!.hex) : notFound('Transaction not found'))],
    ['GET', new RegExp(`^/api/tx/${HEX64}/outspend/(\\d+)$`), ([txid, vout]) => ok(outspend(chain, txid!, Number(vout)))],
    ['GET', new RegExp(`^/api/tx/${HEX64}/outspends$`), ([txid]) => (tx(txid!) ? ok(tx(txid!)!.tx.outs.map((_, vout) => outspend(chain, txid!, vout))) : notFound('Transaction not found'))],
    [
      'POST',
      /^\/api\/tx$/,
      (_, body) => {
        try {
          return text(chain.accept(body));
        } catch (error) {
          if (error instanceof RpcError) return text(error.body, 400);
          throw error;
        }
      },
    ],
    ['GET', /^\/api\/blocks\/tip\/height$/, () => text(String(chain.tip.height))],
    ['GET', /^\/api\/blocks\/tip\/hash$/, () => text(chain.tip.hash)],
    ['GET', /^\/api\/block-height\/(\d+)$/, ([height]) => (chain.blocks[Number(height)] ? text(chain.blocks[Number(height)]!.hash) : notFound('Block not found'))],
    ['GET', /^\/api\/mempool\/txids$/, () => ok(chain.mempool)],
    ['GET', /^\/api\/v1\/fees\/recommended$/, () => ok(fees())],

    // ---- ord ----
    [
      'GET',
      new RegExp(`^/ord/output/${HEX64}:(\\d+)$`),
      ([txid, vout]) => {
        const stored = tx(txid!);
        const out = stored?.tx.outs[Number(vout)];
        if (!stored || !out) return notFound('output not found');
        const outpoint = key(txid!, Number(vout));
        return ok({
          address: chain.addressOf(out.script),
          indexed: stored.status.confirmed,
          inscriptions: (chain.inscribed.get(outpoint) ?? []).map((i) => i.id),
          script_pubkey: hex(out.script),
          spent: chain.spends.has(outpoint),
          transaction: txid,
          value: Number(out.value),
        });
      },
    ],
    [
      'GET',
      /^\/ord\/inscription\/([0-9a-f]{64}i\d+)$/,
      ([id]) => {
        const found = chain.inscriptions.get(id!);
        if (!found) return notFound('inscription not found');
        const sp = found.satpoint;
        const out = sp ? tx(sp.txid)!.tx.outs[sp.vout]! : null;
        return ok({
          id: found.id,
          number: found.number,
          address: out ? chain.addressOf(out.script) : null,
          content_type: found.contentType,
          content_length: found.body.length,
          genesis_height: found.genesisHeight,
          genesis_fee: found.genesisFee,
          satpoint: sp ? `${sp.txid}:${sp.vout}:${sp.offset}` : `${'0'.repeat(64)}:0:0`,
          value: out ? Number(out.value) : null,
          timestamp: found.timestamp,
        });
      },
    ],
    [
      'GET',
      /^\/ord\/content\/([0-9a-f]{64}i\d+)$/,
      ([id]) => {
        const found = chain.inscriptions.get(id!);
        return found ? { status: 200, body: Buffer.from(found.body), type: found.contentType ?? 'application/octet-stream' } : notFound('inscription not found');
      },
    ],
    [
      'GET',
      /^\/ord\/address\/([^/]+)$/,
      ([address]) => {
        const outputs = [...chain.utxos.values()].filter((u) => u.address === address && tx(u.txid)!.status.confirmed);
        return ok({
          outputs: outputs.map((u) => key(u.txid, u.vout)),
          inscriptions: outputs.flatMap((u) => (chain.inscribed.get(key(u.txid, u.vout)) ?? []).map((i) => i.id)),
          sat_balance: outputs.reduce((sum, u) => sum + u.value, 0),
        });
      },
    ],

    // ---- dev ----
    [
      'POST',
      /^\/dev\/mine$/,
      (_, body) => {
        const { blocks = 1 } = parse<{ blocks?: number }>(body);
        const mined = chain.mine(Math.min(Math.max(1, Math.floor(blocks)), 100));
        return ok({ height: chain.tip.height, hashes: mined.map((b) => b.hash) });
      },
    ],
    [
      'POST',
      /^\/dev\/fees$/,
      (_, body) => {
        // What /api/v1/fees/recommended answers from now on, and the feerate a package needs to be mined.
        const { blockMinFeeRate, ...estimates } = parse<Partial<Fees> & { blockMinFeeRate?: number }>(body);
        const current = fees();
        for (const name of Object.keys(current) as Array<keyof Fees>) {
          const rate = estimates[name];
          if (rate !== undefined) current[name] = rate;
        }
        if (blockMinFeeRate !== undefined) chain.blockMinFeeRate = blockMinFeeRate;
        return ok({ ...current, blockMinFeeRate: chain.blockMinFeeRate });
      },
    ],
    [
      'POST',
      /^\/dev\/faucet$/,
      (_, body) => {
        const { address, sats, mine = true } = parse<{ address?: string; sats?: number; mine?: boolean }>(body);
        if (typeof address !== 'string' || !Number.isSafeInteger(sats) || (sats as number) <= 0) return { status: 400, body: { message: 'address and a positive integer sats are required' } };
        const funded = chain.fund(address, sats as number);
        if (mine) chain.mine(1);
        return ok({ ...funded, value: sats });
      },
    ],
    [
      'POST',
      /^\/dev\/inscribe$/,
      (_, body) => {
        const {
          address,
          contentType = 'text/plain;charset=utf-8',
          content = '',
          contentBase64,
          postage,
        } = parse<{
          address?: string;
          contentType?: string;
          content?: string;
          contentBase64?: string;
          postage?: number;
        }>(body);
        if (typeof address !== 'string') return { status: 400, body: { message: 'address is required' } };
        const bytes = contentBase64 !== undefined ? Buffer.from(contentBase64, 'base64') : Buffer.from(content, 'utf8');
        return ok(inscribe(chain, address, { contentType, body: bytes }, postage));
      },
    ],
  ];
}

function parse<T>(body: string): T {
  return (body ? JSON.parse(body) : {}) as T;
}

function outspend(chain: Chain, txid: string, vout: number) {
  const spender = chain.spends.get(key(txid, vout));
  if (!spender) return { spent: false };
  return { spent: true, txid: spender.txid, vin: spender.vin, status: chain.txs.get(spender.txid)!.status };
}

function outJson(chain: Chain, script: Uint8Array, value: number) {
  const address = chain.addressOf(script);
  const type = scriptType(script);
  return {
    scriptpubkey: hex(script),
    scriptpubkey_asm: bitcoin.script.toASM(script),
    scriptpubkey_type: type === 'p2wpkh' ? 'v0_p2wpkh' : type === 'p2tr' ? 'v1_p2tr' : type === 'p2wsh' ? 'v0_p2wsh' : type,
    ...(address ? { scriptpubkey_address: address } : {}),
    value,
  };
}

function txJson(chain: Chain, stored: StoredTx) {
  const { tx } = stored;
  return {
    txid: stored.txid,
    version: tx.version,
    locktime: tx.locktime,
    vin: tx.ins.map((input, i) => ({
      txid: txidOf(input.hash),
      vout: input.index,
      prevout: stored.coinbase ? null : outJson(chain, stored.prevouts[i]!.script, stored.prevouts[i]!.value),
      scriptsig: hex(input.script),
      witness: input.witness.map(hex),
      is_coinbase: stored.coinbase,
      sequence: input.sequence,
    })),
    vout: tx.outs.map((out) => outJson(chain, out.script, Number(out.value))),
    size: tx.byteLength(),
    weight: tx.weight(),
    fee: stored.fee,
    status: stored.status,
  };
}

function addressStats(chain: Chain, address: string) {
  const stats = () => ({ funded_txo_count: 0, funded_txo_sum: 0, spent_txo_count: 0, spent_txo_sum: 0, tx_count: 0 });
  const chainStats = stats();
  const mempoolStats = stats();
  for (const stored of chain.txs.values()) {
    const bucket = stored.status.confirmed ? chainStats : mempoolStats;
    let touched = false;
    stored.tx.outs.forEach((out) => {
      if (chain.addressOf(out.script) !== address) return;
      bucket.funded_txo_count++;
      bucket.funded_txo_sum += Number(out.value);
      touched = true;
    });
    stored.prevouts.forEach((prevout) => {
      if (chain.addressOf(prevout.script) !== address) return;
      bucket.spent_txo_count++;
      bucket.spent_txo_sum += prevout.value;
      touched = true;
    });
    if (touched) bucket.tx_count++;
  }
  return { address, chain_stats: chainStats, mempool_stats: mempoolStats };
}
