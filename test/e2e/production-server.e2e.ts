/**
 * The production server (the api serving the built dapp, as `NODE_ENV=production npm start` runs it): the dapp's
 * pages and files on the api's origin with strict headers, hashed files cached for good and index.html always
 * revalidated, the dapp's routes answered by index.html but api paths and missing files never, no secret file
 * reachable, and `/rpc` passing the dapp's chain reads to the node and refusing every other method before the
 * node sees it.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { lotListSchema, type Lot } from '@gavel/domain';
import { DAPP_DIST, ensureDappBuilt, launchChromium, newPage, SUITE_TIMEOUT_MS } from '../support/browser.ts';
import { plantSecretProbes, rawGet, type SecretProbes } from '../support/secret-probes.ts';
import { startApiForTest, type TestStack } from '../support/stack.ts';

/** A stand-in node that answers a few reads and remembers every method that reached it. */
class FakeNode {
  readonly seen: string[] = [];
  private server: Server | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        const call = JSON.parse(text) as { id: unknown; method: string; params: unknown[] };
        this.seen.push(call.method);
        const reply =
          call.method === 'eth_call' && (call.params[0] as { data?: string }).data === '0xdead'
            ? { jsonrpc: '2.0', id: call.id, error: { code: 3, message: 'execution reverted: Auction ended', data: '0x08c379a0' } }
            : { jsonrpc: '2.0', id: call.id, result: call.method === 'eth_chainId' ? '0x7a69' : '0x10' };
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(reply));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const node = new FakeNode();
let stack: TestStack;
let probes: SecretProbes;
let indexHtml: string;

before(async () => {
  await ensureDappBuilt();
  indexHtml = await readFile(path.join(DAPP_DIST, 'index.html'), 'utf8');
  probes = await plantSecretProbes(DAPP_DIST);
  await node.start();
  stack = await startApiForTest({ seed: 'demo', env: { DAPP_DIR: DAPP_DIST, RPC_URL: node.url, PUBLIC_URL: 'https://gavel.example' } });
});

after(async () => {
  await stack?.stop();
  await node.stop();
  await probes?.remove();
});

const get = (address: string, init?: RequestInit) => fetch(stack.url + address, { ...init, signal: AbortSignal.timeout(10_000) });

function cspOf(response: Response): Map<string, string[]> {
  const policy = response.headers.get('content-security-policy') ?? '';
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** What every reply carries, page or api. */
function assertStrictHeaders(response: Response, address: string): void {
  assert.equal(response.headers.get('x-content-type-options'), 'nosniff', `${address}: nosniff`);
  assert.equal(response.headers.get('referrer-policy'), 'strict-origin-when-cross-origin', `${address}: Referrer-Policy`);
  assert.match(response.headers.get('strict-transport-security') ?? '', /^max-age=\d{8}/, `${address}: HSTS (PUBLIC_URL is https)`);
  assert.deepEqual(cspOf(response).get('frame-ancestors'), ["'none'"], `${address}: frame-ancestors 'none'`);
}

async function firstLot(): Promise<Lot> {
  const lots = lotListSchema.parse(await (await get('/api/auctions?limit=1')).json()).data;
  assert.ok(lots[0], 'the demo seed has lots');
  return lots[0];
}

describe('production server: pages', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('answers the home page, /auctions and a lot page with index.html under a CSP that runs no inline script', async () => {
    const lot = await firstLot();
    for (const address of ['/', '/auctions', `/auctions/${lot._id}`, `/details/${lot.lotId}?auction=${lot.auctionEventId}`, '/s/admin/lots']) {
      const response = await get(address);
      assert.equal(response.status, 200, address);
      assert.match(response.headers.get('content-type') ?? '', /^text\/html/, address);
      assert.equal(await response.text(), indexHtml, `${address} is the built index.html`);
      assert.equal(response.headers.get('cache-control'), 'no-cache', `${address} is revalidated on every visit`);
      assertStrictHeaders(response, address);
      const csp = cspOf(response);
      assert.deepEqual(csp.get('script-src'), ["'self'"], `${address}: scripts only from this origin`);
      assert.deepEqual(csp.get('object-src'), ["'none'"]);
      assert.ok(csp.get('connect-src')?.includes("'self'"), 'the dapp calls its own origin');
      assert.ok(csp.get('img-src')?.includes("'self'") && csp.get('img-src')?.includes('https://ipfs.io'), 'images from /ipfs and the IPFS gateway');
    }
  });

  it('builds index.html with no inline script', () => {
    const scripts = [...indexHtml.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    assert.ok(scripts.length > 0);
    for (const [, attributes, content] of scripts) {
      assert.match(attributes!, /\bsrc="\/assets\//, 'every script is a file of the build');
      assert.equal(content!.trim(), '', 'no script body inline');
    }
  });

  it('caches hashed files for good, and answers 304 to a current copy of index.html', async () => {
    const entry = /src="(\/assets\/[^"]+\.js)"/.exec(indexHtml)?.[1];
    assert.ok(entry);
    const script = await get(entry);
    assert.equal(script.status, 200);
    assert.match(script.headers.get('content-type') ?? '', /javascript/);
    assert.equal(script.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assertStrictHeaders(script, entry);

    const icon = await get('/favicon.svg');
    assert.equal(icon.status, 200);
    assert.equal(icon.headers.get('cache-control'), 'no-cache', 'an unhashed file is revalidated');

    const first = await get('/auctions');
    const lastModified = first.headers.get('last-modified');
    assert.ok(lastModified);
    // Raw: fetch() adds `Cache-Control: no-cache` to a conditional request, which asks for the full page.
    const again = await rawGet(stack.url, '/auctions', { 'If-Modified-Since': lastModified });
    assert.equal(again.status, 304);
    assert.equal(again.body, '');
  });

  it("sends the build's text files compressed to a browser that accepts it, and as they are to one that does not", async () => {
    // The largest script the page names (files under a kilobyte are not worth compressing and are sent as they are).
    const scripts = [...indexHtml.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
    const sized = await Promise.all(scripts.map(async (file) => ({ file, text: await readFile(path.join(DAPP_DIST, file), 'utf8') })));
    const { file: entry, text: original } = sized.sort((a, b) => b.text.length - a.text.length)[0]!;
    for (const [accepted, sent] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ]) {
      const response = await get(entry, { headers: { 'Accept-Encoding': accepted! } });
      assert.equal(response.headers.get('content-encoding'), sent, `Accept-Encoding: ${accepted}`);
      assert.match(response.headers.get('vary') ?? '', /accept-encoding/i, 'caches keep the encodings apart');
      assert.match(response.headers.get('content-type') ?? '', /javascript/);
      assert.equal(await response.text(), original);
    }
    const plain = await rawGet(stack.url, entry);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body, original);
  });

  it('answers 404, not the page, for a missing file and for api paths the api does not have', async () => {
    for (const address of ['/assets/missing-0000.js', '/favicon.ico', '/api/no-such-route']) {
      const response = await get(address);
      assert.equal(response.status, 404, address);
      assert.match(response.headers.get('content-type') ?? '', /application\/json/, `${address} is no page`);
    }
  });
});

describe('production server: in a browser', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('runs the dapp under its policy: the lot grid and a lot page render with no CSP violation', async () => {
    const browser = await launchChromium();
    try {
      const { page } = await newPage(browser);
      const refused: string[] = [];
      page.on('console', (message) => {
        const text = message.text();
        // zod tries `new Function` once to see whether it may compile its parsers, and parses without when the
        // policy says no: the refusal is the policy working, not the page failing.
        if (/Refused to load eval .*\/assets\/zod-/.test(text)) return;
        if (/Content Security Policy|Refused to/i.test(text)) refused.push(text);
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) =>
          console.error(`Refused to load ${event.blockedURI} (${event.violatedDirective}) at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber} on ${location.pathname}`),
        );
      });
      await page.goto(`${stack.url}/auctions`);
      await page.locator('[data-testid=lot-card]').first().waitFor();
      await page.locator('[data-testid=lot-card] img').first().waitFor();
      const lot = await firstLot();
      await page.goto(`${stack.url}/auctions/${lot._id}`);
      await page.getByRole('heading', { name: lot.title }).first().waitFor();
      assert.deepEqual(refused, []);
    } finally {
      await browser.close();
    }
  });
});

describe('production server: the api on the same origin', { timeout: SUITE_TIMEOUT_MS }, () => {
  it("answers the dapp's api calls under /api with strict headers and no script allowed", async () => {
    const response = await get('/api/auctions?limit=2');
    assert.equal(response.status, 200);
    assert.equal(lotListSchema.parse(await response.json()).data.length, 2);
    assertStrictHeaders(response, '/api/auctions');
    assert.deepEqual(cspOf(response).get('default-src'), ["'none'"]);
    assert.equal(cspOf(response).get('script-src'), undefined, 'no script source at all');
  });

  it('serves uploaded files at /ipfs as inert documents', async () => {
    const lot = await firstLot();
    const image = lot.imageUrls.find((url) => url.startsWith('/ipfs/'));
    assert.ok(image, 'the demo lot has an uploaded image');
    const response = await get(image);
    assert.equal(response.status, 200);
    assert.match(cspOf(response).get('sandbox') ? 'sandbox' : '', /sandbox/);
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
  });
});

describe('production server: no secret file', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('answers 403 or 404 to every address of a secret, with none of its content', async () => {
    for (const address of [...probes.addresses, '/.git/config', '/%2e%2e/%2e%2e/package.json', '/index.html/../../package.json']) {
      const reply = await rawGet(stack.url, address);
      assert.ok(reply.status === 403 || reply.status === 404, `${address} answered ${reply.status}`);
      assert.ok(!reply.body.includes(probes.marker), `${address} leaked the secret`);
      assert.ok(!reply.body.includes('"workspaces"'), `${address} sent the checkout's package.json`);
    }
  });
});

describe('production server: /rpc', { timeout: SUITE_TIMEOUT_MS }, () => {
  const rpc = (body: unknown) => get('/rpc', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it("passes the dapp's reads to the node, with the node's own errors", async () => {
    const chainId = await rpc({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] });
    assert.deepEqual(await chainId.json(), { jsonrpc: '2.0', id: 1, result: '0x7a69' });
    const receipt = await rpc({ jsonrpc: '2.0', id: 'r', method: 'eth_getTransactionReceipt', params: [`0x${'ab'.repeat(32)}`] });
    assert.deepEqual(await receipt.json(), { jsonrpc: '2.0', id: 'r', result: '0x10' });
    const reverted = await rpc({ jsonrpc: '2.0', id: 2, method: 'eth_call', params: [{ to: `0x${'11'.repeat(20)}`, data: '0xdead' }, 'latest'] });
    assert.deepEqual(await reverted.json(), { jsonrpc: '2.0', id: 2, error: { code: 3, message: 'execution reverted: Auction ended', data: '0x08c379a0' } });
    assert.deepEqual(node.seen.slice(-3), ['eth_chainId', 'eth_getTransactionReceipt', 'eth_call']);
  });

  it('refuses sending, dev-chain and debug methods with a JSON-RPC error, before the node sees them', async () => {
    const before = node.seen.length;
    for (const method of [
      'eth_sendTransaction',
      'eth_sendRawTransaction',
      'eth_accounts',
      'eth_sign',
      'anvil_setBalance',
      'hardhat_impersonateAccount',
      'evm_mine',
      'debug_traceTransaction',
      'admin_peers',
      'eth_newFilter',
    ]) {
      const response = await rpc({ jsonrpc: '2.0', id: 7, method, params: [] });
      const reply = (await response.json()) as { id: unknown; error?: { code: number; message: string } };
      assert.equal(reply.id, 7);
      assert.equal(reply.error?.code, -32601, method);
      assert.match(reply.error?.message ?? '', new RegExp(`^${method} is not answered here`));
    }
    assert.equal(node.seen.length, before, 'no refused call reached the node');
  });

  // test/api/rpc-proxy.test.ts has the hostile cases: overrides, gas, logs, batches, rate limits, large replies.
  it('answers a batch call by call, and bounds eth_getLogs, the batch and the body', async () => {
    const before = node.seen.length;
    const batch = await rpc([
      { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' },
      { jsonrpc: '2.0', id: 2, method: 'anvil_setBalance', params: [] },
    ]);
    const replies = (await batch.json()) as Array<{ id: number; result?: string; error?: { code: number } }>;
    assert.deepEqual(
      replies.map((r) => [r.id, r.result ?? r.error?.code]),
      [
        [1, '0x10'],
        [2, -32601],
      ],
    );
    assert.deepEqual(node.seen.slice(before), ['eth_blockNumber']);

    // Logs of no contract, or of one that is not Gavel's: the node is never asked to search its history for them.
    const anywhere = await rpc({ jsonrpc: '2.0', id: 3, method: 'eth_getLogs', params: [{ fromBlock: '0x10', toBlock: '0x20' }] });
    assert.match(((await anywhere.json()) as { error: { message: string } }).error.message, /Gavel/);
    assert.deepEqual(node.seen.slice(before), ['eth_blockNumber']);

    const tooMany = await rpc(Array.from({ length: 11 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'eth_chainId' })));
    assert.match(((await tooMany.json()) as { error: { message: string } }).error.message, /1 to 10 calls/);
    const huge = await rpc({ jsonrpc: '2.0', id: 6, method: 'eth_call', params: [{ data: `0x${'00'.repeat(40_000)}` }] });
    assert.equal(huge.status, 413);
    assert.equal((await get('/rpc')).status, 405);
  });
});
