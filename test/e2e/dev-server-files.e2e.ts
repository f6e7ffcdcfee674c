/**
 * The development server (`npm start`'s Vite, with the dapp's own config) sends the dapp's files and nothing
 * secret: not the session-signing secret, the database or identity documents under .data, not a dotenv file, not
 * any file outside the folders the dapp is built from, however the address is written.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { plantSecretProbes, rawGet, type SecretProbes } from '../support/secret-probes.ts';
import { SUITE_TIMEOUT_MS } from '../support/browser.ts';

const checkout = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dappDir = path.join(checkout, 'dapp');

let server: ViteDevServer;
let origin: string;
let probes: SecretProbes;

before(async () => {
  probes = await plantSecretProbes(dappDir);
  server = await createServer({
    configFile: path.join(dappDir, 'vite.config.ts'),
    root: dappDir,
    logLevel: 'silent',
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, watch: null },
    // Nothing here needs the dependency pre-bundling a browser would trigger.
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  await server.listen();
  const address = server.httpServer?.address();
  assert.ok(address && typeof address === 'object');
  origin = `http://127.0.0.1:${address.port}`;
});

after(async () => {
  await server?.close();
  await probes?.remove();
});

describe('the dapp dev server', { timeout: SUITE_TIMEOUT_MS }, () => {
  it('sends the dapp and the shared code it is built from', async () => {
    const page = await rawGet(origin, '/');
    assert.equal(page.status, 200);
    assert.match(page.body, /<div id="root">/);
    const domain = await rawGet(origin, `/@fs${checkout}/domain/src/index.ts`);
    assert.equal(domain.status, 200, 'the domain code is served to the dapp');
    const abis = await rawGet(origin, `/@fs${checkout}/contracts/generated/abis.ts`);
    assert.equal(abis.status, 200, 'the contracts ABIs are served to the dapp');
  });

  it('answers 403 or 404 for every secret file, with none of its content', async () => {
    for (const address of probes.addresses) {
      const reply = await rawGet(origin, address);
      assert.ok(!reply.body.includes(probes.marker), `${address} leaked the secret`);
      // Vite resolves an address without /@fs inside the dapp's folder, where no such file is: the dapp's page
      // (its fallback for client-side routes) is all it can answer there.
      const dappPage = !address.startsWith('/@fs') && reply.status === 200 && reply.body.includes('<div id="root">');
      assert.ok(reply.status === 403 || reply.status === 404 || dappPage, `${address} answered ${reply.status}`);
    }
  });

  it('sends no file of the checkout outside the dapp, the domain, the generated contracts and packages', async () => {
    for (const file of ['package.json', 'api/src/config.ts', 'scripts/seed/accounts.ts', 'contracts/deployments/31337.json']) {
      const reply = await rawGet(origin, `/@fs${checkout}/${file}`);
      assert.ok(reply.status === 403 || reply.status === 404, `${file} answered ${reply.status}`);
    }
  });
});
