/**
 * POST /rpc in production: the dapp's chain reads (contract calls, receipts, blocks, balances, fee estimates) go
 * to the node the api uses, and nothing else does. The node is the operator's and paid for, so /rpc is no relay
 * for anyone else's traffic: each address has a budget of calls a minute (RATE_RPC_PER_IP, a batch counting
 * each of its calls), each call is checked and bounded (rpc-calls.ts), a batch is small and its calls go to the
 * node one after another, and the node's reply is passed on as it arrives, never held whole, and cut off past
 * RPC_REPLY_LIMIT bytes.
 */
import { Readable } from 'node:stream';
import type { Context } from 'koa';
import type { Logger } from 'pino';
import type { RateLimiter } from './rate-limit.ts';
import type { RouteLimit } from './rate-limit-config.ts';
import { readJson } from './body.ts';
import { checkCall, failure, type NodeCall, type RpcFailure } from './rpc-calls.ts';

/** A JSON-RPC request is a few hundred bytes; a contract call with a large argument is still well under this. */
export const RPC_BODY_LIMIT = 64 * 1024;
/** The dapp's transport (viem's http() without batching) sends one call per request: a batch is someone else's. */
export const RPC_BATCH_LIMIT = 10;
/** The bytes one request's replies may take: a block with its transactions' hashes is tens of kB, a receipt a few. */
export const RPC_REPLY_LIMIT = 1024 * 1024;

export interface RpcProxyDeps {
  /** The chain service's node and Gavel's contracts: the only addresses calls may go to. */
  chain: { config: { rpcUrl: string; timeoutMs: number }; auctionHouse: string | null; nft: string | null };
  limiter: RateLimiter;
  limit: RouteLimit;
  log: Logger;
}

export function rpcProxy({ chain, limiter, limit, log }: RpcProxyDeps) {
  const contracts = [chain.auctionHouse, chain.nft].filter((address): address is string => address !== null);
  const { rpcUrl, timeoutMs } = chain.config;
  return async (ctx: Context) => {
    if (ctx.method !== 'POST') {
      ctx.status = 405;
      ctx.set('Allow', 'POST');
      ctx.body = failure(null, -32600, 'JSON-RPC calls are POSTed');
      return;
    }
    const body = await readJson(ctx, RPC_BODY_LIMIT);
    const batch = Array.isArray(body);
    const calls = batch ? body : [body];
    if (calls.length === 0 || calls.length > RPC_BATCH_LIMIT) {
      await limiter.limitRoute('rpc', limit, ctx.ip);
      ctx.body = failure(null, -32600, `A batch holds 1 to ${RPC_BATCH_LIMIT} calls`);
      return;
    }
    // Every call counts, refused or not: a refusal is cheap, but a caller sending them by the thousand is no page.
    await limiter.limitRoute('rpc', limit, ctx.ip, null, calls.length);
    const checked = calls.map((call) => checkCall(call, contracts));
    if (!batch && 'error' in checked[0]!) {
      ctx.body = checked[0];
      return;
    }
    // Once the first byte is sent the status is 200: a reply cut off is cut off mid-way, by closing the connection.
    const clientGone = new AbortController();
    ctx.res.once('close', () => clientGone.abort());
    const budget = { left: RPC_REPLY_LIMIT };
    const node: NodeSend = { rpcUrl, timeoutMs, budget, clientGone: clientGone.signal };
    ctx.type = 'application/json';
    ctx.body = Readable.from(streamed(checked, batch, node, ctx, log));
  };
}

interface NodeSend {
  rpcUrl: string;
  timeoutMs: number;
  /** Bytes this request may still send. */
  budget: { left: number };
  clientGone: AbortSignal;
}

/** The reply, piece by piece: each call's answer in turn (a batch's between brackets); never two calls at the node at once. */
async function* streamed(calls: Array<NodeCall | RpcFailure>, batch: boolean, node: NodeSend, ctx: Context, log: Logger): AsyncGenerator<string | Uint8Array> {
  try {
    if (batch) yield '[';
    for (const [i, call] of calls.entries()) {
      if (i > 0) yield ',';
      if ('error' in call) yield JSON.stringify(call);
      else yield* forwarded(call, node);
      if (node.clientGone.aborted) return;
    }
    if (batch) yield ']';
  } catch (error) {
    // Part of a reply is already sent: the only honest end is a cut connection, which the client sees as a failure.
    if (!node.clientGone.aborted) log.warn({ err: (error as Error).message }, 'an /rpc reply was cut off');
    ctx.res.destroy();
  }
}

/** One call's answer from the node as it arrives; a JSON-RPC error when the node gives none or a larger one than the budget. */
async function* forwarded(call: NodeCall, node: NodeSend): AsyncGenerator<string | Uint8Array> {
  const abort = new AbortController();
  const signal = AbortSignal.any([abort.signal, node.clientGone, AbortSignal.timeout(node.timeoutMs)]);
  try {
    let response: Response;
    try {
      response = await fetch(node.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(call), signal });
    } catch {
      yield JSON.stringify(failure(call.id, -32603, 'The chain node did not answer'));
      return;
    }
    if (!response.ok || !response.body || !/json/.test(response.headers.get('content-type') ?? '')) {
      yield JSON.stringify(failure(call.id, -32603, 'The chain node did not answer'));
      return;
    }
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    if (declared > node.budget.left) {
      yield JSON.stringify(failure(call.id, -32603, `The reply is larger than this endpoint sends (${RPC_REPLY_LIMIT} bytes a request)`));
      return;
    }
    for await (const chunk of response.body) {
      node.budget.left -= chunk.byteLength;
      if (node.budget.left < 0) throw new Error(`a reply passed ${RPC_REPLY_LIMIT} bytes`);
      yield chunk;
    }
  } finally {
    // Whatever ended this (the cap, the client leaving, an error), the node stops sending.
    abort.abort();
  }
}
