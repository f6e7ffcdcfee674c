/**
 * /rpc, the production site's path to the operator's node, against hostile callers: each address has a budget of
 * calls a minute (a batch counts each call), state overrides and foreign transaction fields never reach the
 * node, gas is capped, logs are answered only for Gavel's contracts over a narrow range, a batch is small and
 * its calls reach the node one at a time, and a reply larger than the cap is refused (when the node says its
 * size) or cut off as it streams, with the node's sending stopped.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGS_BLOCK_RANGE, RPC_GAS_CAP } from '../../api/src/http/rpc-calls.ts';
import { RPC_BATCH_LIMIT, RPC_REPLY_LIMIT } from '../../api/src/http/rpc-proxy.ts';
import { startApiForTest, type TestStack } from '../support/stack.ts';

const AUCTION_HOUSE = `0x${'a1'.repeat(20)}`;
const NFT = `0x${'b2'.repeat(20)}`;
const PER_MINUTE = 40;

type Call = { id: unknown; method: string; params: unknown[] };

/** A node that remembers every call, how many were in flight at once, and whether a long reply was cut off. */
class FakeNode {
  readonly seen: Call[] = [];
  inFlight = 0;
  mostInFlight = 0;
  /** Resolves when the endless reply's connection closes, with the bytes written by then. */
  endlessCut: Promise<number> = new Promise(() => {});
  private server: Server | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => void this.answer(JSON.parse(text) as Call, res));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  private async answer(call: Call, res: ServerResponse): Promise<void> {
    this.seen.push(call);
    this.inFlight++;
    this.mostInFlight = Math.max(this.mostInFlight, this.inFlight);
    let finished = false;
    const finish = () => {
      if (!finished) this.inFlight--;
      finished = true;
    };
    res.once('close', finish);
    res.setHeader('content-type', 'application/json');
    if (call.method === 'eth_getBlockByHash') return this.endless(call, res);
    if (call.method === 'eth_getBlockByNumber') {
      // A reply of declared size, twice the cap.
      const body = JSON.stringify({ jsonrpc: '2.0', id: call.id, result: { extraData: `0x${'00'.repeat(RPC_REPLY_LIMIT)}` } });
      res.setHeader('content-length', Buffer.byteLength(body));
      finish();
      res.end(body);
      return;
    }
    // Long enough that calls sent together would overlap at the node.
    if (call.method === 'eth_call') await new Promise<void>((resolve) => setImmediate(resolve));
    finish();
    res.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result: call.method === 'eth_chainId' ? '0x7a69' : '0x10' }));
  }

  /** A reply with no declared size that never ends: chunks go out as fast as they are taken. */
  private endless(call: Call, res: ServerResponse): void {
    let written = 0;
    this.endlessCut = new Promise((resolve) => res.once('close', () => resolve(written)));
    const chunk = Buffer.alloc(64 * 1024, 0x30);
    const more = () => {
      while (!res.destroyed) {
        written += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', more);
      }
    };
    res.write(`{"jsonrpc":"2.0","id":${JSON.stringify(call.id)},"result":"0x`);
    more();
  }

  stop(): Promise<void> {
    this.server?.closeAllConnections();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const node = new FakeNode();
let stack: TestStack;
let dappDir: string;
let nextAddress = 0;
/** A client address of its own (the api trusts one proxy hop here), so each test has its own budget. */
const freshAddress = () => `198.51.100.${++nextAddress}`;

beforeAll(async () => {
  await node.start();
  dappDir = await mkdtemp(path.join(tmpdir(), 'gavel-rpc-dapp-'));
  await writeFile(path.join(dappDir, 'index.html'), '<!doctype html><title>Gavel</title>');
  stack = await startApiForTest({
    seed: 'none',
    env: {
      DAPP_DIR: dappDir,
      RPC_URL: node.url,
      TRUSTED_PROXY_HOPS: '1',
      RATE_RPC_PER_IP: String(PER_MINUTE),
      GAVEL_AUCTION_HOUSE_ADDRESS: AUCTION_HOUSE,
      GAVEL_NFT_ADDRESS: NFT,
    },
  });
});

afterAll(async () => {
  await stack?.stop();
  await node.stop();
  await rm(dappDir, { recursive: true, force: true });
});

const rpc = (body: unknown, address = freshAddress()) =>
  fetch(`${stack.url}/rpc`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address }, body: JSON.stringify(body) });
const call = (id: unknown, method: string, params: unknown[] = []) => ({ jsonrpc: '2.0', id, method, params });
/** What reached the node from the calls sent by `send`. */
async function reaching(send: () => Promise<unknown>): Promise<Call[]> {
  const before = node.seen.length;
  await send();
  return node.seen.slice(before);
}

describe('/rpc calls', () => {
  it('strips state and block overrides and foreign fields, and caps gas', async () => {
    const to = AUCTION_HOUSE;
    const overrides = { [`0x${'cc'.repeat(20)}`]: { balance: '0xffffffffffffffffffff', code: '0x6000' } };
    const seen = await reaching(async () => {
      const replies = (await (
        await rpc([
          call(1, 'eth_call', [{ to, data: '0x12', gas: '0xffffffffff', authorizationList: [{ address: to }] }, 'latest', overrides, { number: '0x1' }]),
          call(2, 'eth_estimateGas', [{ to, data: '0x12' }, 'latest', overrides]),
          call(3, 'eth_call', [{ to, gas: '0x5208' }, 'latest']),
        ])
      ).json()) as Array<{ id: number; result: string }>;
      expect(replies).toEqual([1, 2, 3].map((id) => ({ jsonrpc: '2.0', id, result: '0x10' })));
    });
    const cap = `0x${RPC_GAS_CAP.toString(16)}`;
    expect(seen.map((c) => c.params)).toEqual([
      [{ to, data: '0x12', gas: cap }, 'latest'],
      [{ to, data: '0x12', gas: cap }, 'latest'],
      [{ to, gas: '0x5208' }, 'latest'],
    ]);
  });

  it('refuses a gas that is no quantity, with a JSON-RPC error and nothing sent', async () => {
    const seen = await reaching(async () => {
      const reply = (await (await rpc(call(4, 'eth_call', [{ to: NFT, gas: { big: true } }, 'latest']))).json()) as { id: number; error: { code: number; message: string } };
      expect(reply).toMatchObject({ id: 4, error: { code: -32602, message: 'gas must be a hex quantity' } });
    });
    expect(seen).toEqual([]);
  });

  it("answers logs of Gavel's contracts only, over a narrow range", async () => {
    const logs = (filter: unknown) => rpc(call(5, 'eth_getLogs', [filter])).then((r) => r.json() as Promise<{ result?: string; error?: { message: string } }>);
    const seen = await reaching(async () => {
      expect((await logs({ fromBlock: '0x10', toBlock: '0x20' })).error?.message).toMatch(/only for Gavel's contracts/);
      expect((await logs({ address: `0x${'dd'.repeat(20)}`, fromBlock: '0x10', toBlock: '0x20' })).error?.message).toMatch(/only for Gavel's contracts/);
      expect((await logs({ address: [AUCTION_HOUSE, `0x${'dd'.repeat(20)}`], fromBlock: '0x10', toBlock: '0x20' })).error?.message).toMatch(/only for Gavel's contracts/);
      const wide = { address: AUCTION_HOUSE, fromBlock: '0x0', toBlock: `0x${LOGS_BLOCK_RANGE.toString(16)}` };
      expect((await logs(wide)).error?.message).toMatch(new RegExp(`at most ${LOGS_BLOCK_RANGE} blocks`));
      expect((await logs({ address: NFT, fromBlock: 'earliest', toBlock: 'latest' })).error?.message).toMatch(/as block numbers/);
      expect((await logs({ address: AUCTION_HOUSE.toUpperCase().replace('0X', '0x'), fromBlock: '0x10', toBlock: '0x20', extra: 1 })).result).toBe('0x10');
    });
    expect(seen.map((c) => c.params)).toEqual([[{ address: AUCTION_HOUSE.toUpperCase().replace('0X', '0x'), fromBlock: '0x10', toBlock: '0x20' }]]);
  });
});

describe('/rpc batches', () => {
  it(`refuses a batch of more than ${RPC_BATCH_LIMIT} calls, sending none of them`, async () => {
    const seen = await reaching(async () => {
      const reply = (await (await rpc(Array.from({ length: RPC_BATCH_LIMIT + 1 }, (_, id) => call(id, 'eth_chainId')))).json()) as { error: { message: string } };
      expect(reply.error.message).toMatch(`1 to ${RPC_BATCH_LIMIT} calls`);
    });
    expect(seen).toEqual([]);
  });

  it('sends the calls of a batch to the node one at a time, refused ones answered in place', async () => {
    node.mostInFlight = 0;
    const batch = Array.from({ length: RPC_BATCH_LIMIT }, (_, id) => (id === 3 ? call(id, 'eth_sendRawTransaction', ['0x00']) : call(id, 'eth_call', [{ to: NFT }, 'latest'])));
    const replies = (await (await rpc(batch)).json()) as Array<{ id: number; result?: string; error?: { code: number } }>;
    expect(replies.map((r) => [r.id, r.result ?? r.error?.code])).toEqual(batch.map((c) => [c.id, c.id === 3 ? -32601 : '0x10']));
    expect(node.mostInFlight).toBe(1);
  });

  it('counts each call of a batch against the address, refused calls too, then refuses with a 429', async () => {
    const address = freshAddress();
    for (let sent = 0; sent < PER_MINUTE; sent += RPC_BATCH_LIMIT) {
      const batch = Array.from({ length: RPC_BATCH_LIMIT }, (_, id) => call(id, id % 2 ? 'anvil_setBalance' : 'eth_chainId'));
      expect((await rpc(batch, address)).status).toBe(200);
    }
    const refused = await rpc(call(1, 'eth_chainId'), address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many chain reads/);
    // Another address has its own budget.
    expect((await rpc(call(1, 'eth_chainId'))).status).toBe(200);
  });
});

describe('/rpc replies', () => {
  it('refuses a reply the node declares larger than the cap, without reading it', async () => {
    const reply = (await (await rpc(call(7, 'eth_getBlockByNumber', ['latest', true]))).json()) as { id: number; error: { message: string } };
    expect(reply).toMatchObject({ id: 7, error: { message: expect.stringMatching(/larger than this endpoint sends/) } });
    // Full transactions are never asked for.
    expect(node.seen.at(-1)?.params).toEqual(['latest', false]);
  });

  it('streams a reply of undeclared size and cuts it off past the cap, stopping the node', async () => {
    const response = await rpc(call(8, 'eth_getBlockByHash', [`0x${'ab'.repeat(32)}`, false]));
    expect(response.status).toBe(200);
    // The first bytes arrive before the node has finished (it never does): the reply is passed on, not held.
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value).startsWith('{"jsonrpc":"2.0","id":8')).toBe(true);
    let received = first.value!.byteLength;
    const cut = await (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return false;
          received += value.byteLength;
        }
      } catch {
        return true;
      }
    })();
    expect(cut).toBe(true);
    expect(received).toBeLessThanOrEqual(RPC_REPLY_LIMIT + 64 * 1024);
    // The node's connection is closed after about the cap, not left sending.
    expect(await node.endlessCut).toBeLessThan(RPC_REPLY_LIMIT * 4);
  });
});
