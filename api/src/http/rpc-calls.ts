/**
 * What /rpc lets through to the node (rpc-proxy.ts sends it): each JSON-RPC call is checked against the read
 * methods the dapp makes and rewritten to what the dapp would have sent, or refused with a JSON-RPC error that
 * says why. The node is the operator's, paid per call and per unit of work, so nothing a caller adds beyond the
 * dapp's own reads reaches it: no state or block overrides, no gas beyond a cap, no logs of other contracts, no
 * wide log ranges, no full blocks.
 */

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

/**
 * The widest eth_getLogs range answered, in blocks. The dapp reads its events from its own transactions' receipts
 * and asks for no logs at all; a wallet or page watching Gavel's contracts asks for the few blocks since its last
 * poll.
 */
export const LOGS_BLOCK_RANGE = 100;

/**
 * The most gas a call or an estimate may run with. Gavel's heaviest transaction (creating an auction) spends a few
 * hundred thousand; without a cap a caller sets the node's own (tens of millions) and makes it run that long.
 */
export const RPC_GAS_CAP = 5_000_000n;

/** The transaction fields of eth_call and eth_estimateGas that the dapp sends; others (authorizationList, blobs) are dropped. */
const CALL_FIELDS = ['from', 'to', 'gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas', 'value', 'data', 'input', 'nonce', 'type', 'chainId', 'accessList'];

const QUANTITY = /^0x[0-9a-f]{1,16}$/i;

export type RpcId = string | number | null;

/** A call as it goes to the node. */
export interface NodeCall {
  jsonrpc: '2.0';
  id: RpcId;
  method: string;
  params: unknown[];
}

export type RpcFailure = { jsonrpc: '2.0'; id: RpcId; error: { code: number; message: string } };

export const failure = (id: RpcId, code: number, message: string): RpcFailure => ({ jsonrpc: '2.0', id, error: { code, message } });

/** The call to send the node, or the JSON-RPC error that answers it here. `contracts`: Gavel's, lower case. */
export function checkCall(call: unknown, contracts: readonly string[]): NodeCall | RpcFailure {
  const { jsonrpc, id, method, params } = (typeof call === 'object' && call !== null ? call : {}) as Record<string, unknown>;
  if (id !== undefined && id !== null && typeof id !== 'string' && typeof id !== 'number') return failure(null, -32600, 'id must be a string, a number or null');
  const rpcId = (id ?? null) as RpcId;
  if (jsonrpc !== '2.0' || typeof method !== 'string') return failure(rpcId, -32600, 'Not a JSON-RPC 2.0 call');
  if (params !== undefined && !Array.isArray(params)) return failure(rpcId, -32602, 'params must be an array');
  if (!READ_METHODS.has(method)) return failure(rpcId, -32601, `${method} is not answered here: this endpoint serves the chain reads the dapp makes`);
  const rewritten = rewriteParams(method, (params as unknown[] | undefined) ?? [], contracts);
  if (typeof rewritten === 'string') return failure(rpcId, -32602, rewritten);
  return { jsonrpc: '2.0', id: rpcId, method, params: rewritten };
}

/** The params as the node gets them, or why the call is refused. */
function rewriteParams(method: string, params: unknown[], contracts: readonly string[]): unknown[] | string {
  switch (method) {
    case 'eth_call':
    case 'eth_estimateGas':
      // The third param (and geth's fourth) overrides state and block: a caller could give any account code or money.
      return boundedCall(method, params[0], params.slice(1, 2));
    case 'eth_getBlockByNumber':
    case 'eth_getBlockByHash':
      // Transaction hashes only: the dapp never reads a block's full transactions.
      return [params[0], false];
    case 'eth_getLogs': {
      const filter = logsFilter(params[0], contracts);
      return typeof filter === 'string' ? filter : [filter];
    }
    default:
      return params;
  }
}

/** The transaction with the dapp's fields only and its gas at most RPC_GAS_CAP (the cap when none was given). */
function boundedCall(method: string, transaction: unknown, block: unknown[]): unknown[] | string {
  if (typeof transaction !== 'object' || transaction === null || Array.isArray(transaction)) return `${method} needs a transaction object`;
  const given = transaction as Record<string, unknown>;
  const kept = Object.fromEntries(CALL_FIELDS.filter((field) => given[field] !== undefined).map((field) => [field, given[field]]));
  if (kept.gas !== undefined && (typeof kept.gas !== 'string' || !QUANTITY.test(kept.gas))) return 'gas must be a hex quantity';
  const gas = kept.gas === undefined ? RPC_GAS_CAP : BigInt(kept.gas as string);
  return [{ ...kept, gas: `0x${(gas > RPC_GAS_CAP ? RPC_GAS_CAP : gas).toString(16)}` }, ...block];
}

/** Logs of Gavel's own contracts, by block hash or over at most LOGS_BLOCK_RANGE numbered blocks; nothing else is searched. */
function logsFilter(filter: unknown, contracts: readonly string[]): Record<string, unknown> | string {
  if (typeof filter !== 'object' || filter === null) return 'eth_getLogs needs a filter';
  const { address, topics, blockHash, fromBlock, toBlock } = filter as Record<string, unknown>;
  const addresses = typeof address === 'string' ? [address] : Array.isArray(address) ? address : [];
  const ours = addresses.length > 0 && addresses.every((a) => typeof a === 'string' && contracts.includes(a.toLowerCase()));
  if (!ours)
    return contracts.length ? `eth_getLogs answers only for Gavel's contracts: name one as address (${contracts.join(', ')})` : 'eth_getLogs is not answered: Gavel has no contracts on this chain';
  const kept = { address, ...(topics === undefined ? {} : { topics }) };
  if (typeof blockHash === 'string' && fromBlock === undefined && toBlock === undefined) return { ...kept, blockHash };
  if (typeof fromBlock !== 'string' || typeof toBlock !== 'string' || !QUANTITY.test(fromBlock) || !QUANTITY.test(toBlock)) {
    return 'eth_getLogs needs a blockHash, or fromBlock and toBlock as block numbers';
  }
  const span = BigInt(toBlock) - BigInt(fromBlock);
  if (span < 0n || span >= BigInt(LOGS_BLOCK_RANGE)) return `eth_getLogs answers at most ${LOGS_BLOCK_RANGE} blocks at a time`;
  return { ...kept, fromBlock, toBlock };
}
