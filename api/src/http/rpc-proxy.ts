/**
 * POST /rpc in production: the dapp's chain reads (contract calls, receipts, blocks, balances, fee estimates) go
 * to the node the api uses, and nothing else does. A node answers far more than reads: sending from unlocked
 * accounts, a dev chain's cheat methods (anvil_setBalance), tracing (debug_*), filters that hold state. Each
 * call is checked against the list below and refused with a JSON-RPC error naming the method when it is not
 * there; logs are answered only over a bounded block range, so one call cannot make the node scan its history.
 */
import type { Context } from 'koa';
import type { ChainConfig } from '../chain/index.ts';
import { readJson } from './body.ts';

/** The read methods viem's public client uses for what the dapp does (wallet/evm/evm-client.ts), and their kin. */
const READ_METHODS = new Set([
  'eth_chainId',
  'net_version',
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_getBalance',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getTransactionCount',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getLogs',
]);

/** A JSON-RPC request is a few hundred bytes; a contract call with a large argument is still well under this. */
export const RPC_BODY_LIMIT = 64 * 1024;
/** More calls in one batch than a page ever sends is someone using the node through us. */
export const RPC_BATCH_LIMIT = 20;
/** The widest eth_getLogs range answered, in blocks. */
export const LOGS_BLOCK_RANGE = 5_000;

interface RpcCall {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

type RpcReply = { jsonrpc: '2.0'; id: unknown } & ({ result: unknown } | { error: { code: number; message: string } });

const failure = (id: unknown, code: number, message: string): RpcReply => ({ jsonrpc: '2.0', id: id ?? null, error: { code, message } });

export function rpcProxy(chain: ChainConfig) {
  return async (ctx: Context) => {
    if (ctx.method !== 'POST') {
      ctx.status = 405;
      ctx.set('Allow', 'POST');
      ctx.body = failure(null, -32600, 'JSON-RPC calls are POSTed');
      return;
    }
    const body = await readJson(ctx, RPC_BODY_LIMIT);
    if (Array.isArray(body)) {
      if (body.length === 0 || body.length > RPC_BATCH_LIMIT) {
        ctx.body = failure(null, -32600, `A batch holds 1 to ${RPC_BATCH_LIMIT} calls`);
        return;
      }
      ctx.body = await Promise.all(body.map((call) => answer(chain, call as RpcCall)));
      return;
    }
    ctx.body = await answer(chain, body as RpcCall);
  };
}

async function answer(chain: ChainConfig, call: RpcCall): Promise<RpcReply> {
  if (typeof call !== 'object' || call === null || call.jsonrpc !== '2.0' || typeof call.method !== 'string') {
    return failure(call?.id, -32600, 'Not a JSON-RPC 2.0 call');
  }
  if (call.params !== undefined && !Array.isArray(call.params)) return failure(call.id, -32602, 'params must be an array');
  if (!READ_METHODS.has(call.method)) {
    return failure(call.id, -32601, `${call.method} is not answered here: this endpoint serves the chain reads the dapp makes`);
  }
  if (call.method === 'eth_getLogs') {
    const refusal = logsRangeRefusal(call.params?.[0]);
    if (refusal) return failure(call.id, -32602, refusal);
  }
  return forward(chain, { jsonrpc: '2.0', id: call.id ?? null, method: call.method, params: call.params ?? [] });
}

/** A filter by block hash, or numeric bounds at most LOGS_BLOCK_RANGE apart; tags like "latest" have no bound here. */
function logsRangeRefusal(filter: unknown): string | null {
  const { blockHash, fromBlock, toBlock } = (filter ?? {}) as { blockHash?: unknown; fromBlock?: unknown; toBlock?: unknown };
  if (typeof blockHash === 'string' && fromBlock === undefined && toBlock === undefined) return null;
  const hex = /^0x[0-9a-f]{1,16}$/i;
  if (typeof fromBlock !== 'string' || typeof toBlock !== 'string' || !hex.test(fromBlock) || !hex.test(toBlock)) {
    return 'eth_getLogs needs a blockHash, or fromBlock and toBlock as block numbers';
  }
  const span = BigInt(toBlock) - BigInt(fromBlock);
  if (span < 0n || span >= BigInt(LOGS_BLOCK_RANGE)) return `eth_getLogs answers at most ${LOGS_BLOCK_RANGE} blocks at a time`;
  return null;
}

async function forward(chain: ChainConfig, call: { jsonrpc: '2.0'; id: unknown; method: string; params: unknown[] }): Promise<RpcReply> {
  try {
    const response = await fetch(chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(call),
      signal: AbortSignal.timeout(chain.timeoutMs),
    });
    const reply = (await response.json()) as { result?: unknown; error?: { code?: unknown; message?: unknown } };
    if (reply.error) {
      // The node's own error (a revert, a bad argument): its code and words, with the caller's id.
      return { jsonrpc: '2.0', id: call.id, error: { ...reply.error, code: Number(reply.error.code ?? -32603), message: String(reply.error.message ?? 'error') } };
    }
    return { jsonrpc: '2.0', id: call.id, result: reply.result ?? null };
  } catch {
    return failure(call.id, -32603, 'The chain node did not answer');
  }
}
