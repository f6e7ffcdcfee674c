/**
 * Production refuses to start on any missing or unsafe setting, naming every one in a single message; a complete
 * and safe configuration starts (on PostgreSQL, Redis, a test SMTP server and a node answering eth_chainId) and
 * serves nothing under /dev. The relayer's development key is used only on a node that says it is anvil's chain.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { loadConfig, type Config } from '../../api/src/config.ts';
import { createApp } from '../../api/src/app.ts';
import { checkAtBoot, UnsafeProductionConfig } from '../../api/src/production-check.ts';
import { KEPT_VAPID_FILE, keptVapidKeys } from '../../api/src/notifications/push-keys.ts';
import { ANVIL_PRIVATE_KEYS } from '../../scripts/chain/anvil.ts';
import { startApiForTest, type TestStack } from '../support/stack.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { freePort } from '../support/processes.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const secret = () => randomBytes(32).toString('hex');
/** G of some vault secret: any well-formed x-only key will do for the api process. */
const VAULT_PUBKEY = 'e91c949318f20dc64c68b6c92aa6e2d396683ad109cb54d232270acb18f56b7e';
const HOUSE_ANCHOR_PUBKEY = 'f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9';

/** A JSON-RPC node that answers eth_chainId only, with the id a test sets. */
async function chainIdNode(chainId: number) {
  const node = { chainId, url: '', close: () => Promise.resolve() };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const { id, method } = JSON.parse(body) as { id: number; method: string };
      const reply = method === 'eth_chainId' ? { result: `0x${node.chainId.toString(16)}` } : { error: { code: -32601, message: 'method not found' } };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ jsonrpc: '2.0', id, ...reply }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  node.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  node.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return node;
}

/** A built dapp (its index.html) the api process may serve. */
let builtDapp: string;

/** Production's own Web Push key pair. */
const VAPID = webpush.generateVAPIDKeys();

/** Every setting production requires, fake but well formed; `dataDir` holds no development secret unless a test writes one. */
function safeEnv(rpcUrl: string, dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    GAVEL_DATA_DIR: dataDir,
    DAPP_DIR: builtDapp,
    TRUSTED_PROXY_HOPS: '1',
    DATABASE_URL: 'postgresql://gavel:password@db.example.com:5432/gavel',
    SMTP_URL: 'smtps://gavel:password@smtp.example.com:465',
    STRIPE_SECRET_KEY: 'sk_live_51Gavelfakebutwellformedsecretkey',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_51Gavelfakebutwellformedpublishable',
    STRIPE_WEBHOOK_SECRET: 'whsec_fakebutwellformedwebhooksecret',
    JWT_SECRET: secret(),
    EMAIL_CODE_PEPPER: secret(),
    INSCRIPTION_KEY_SECRET: secret(),
    UNSUBSCRIBE_SECRET: secret(),
    PUBLIC_URL: 'https://gavel.example.com',
    BITCOIN_NETWORK: 'mainnet',
    BITCOIN_ESPLORA_URL: 'https://mempool.space/api',
    ORD_URL: 'https://ord.example.com',
    // BIP 173's example P2WPKH address: valid on mainnet.
    BITCOIN_PLATFORM_FEE_ADDRESS: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    RPC_URL: rpcUrl,
    CHAIN_ID: '1',
    PRICE_API_URL: 'https://api.coingecko.com/api/v3/simple/price',
    VAPID_PUBLIC_KEY: VAPID.publicKey,
    VAPID_PRIVATE_KEY: VAPID.privateKey,
    VAPID_SUBJECT: 'mailto:ops@gavel.example.com',
    GAVEL_VAULT_PUBKEY: VAULT_PUBKEY,
    GAVEL_HOUSE_ANCHOR_PUBKEY: HOUSE_ANCHOR_PUBKEY,
  };
}

/** What a process that runs the worker is given on top: it co-signs vault spends. */
const workerSecrets = () => ({ GAVEL_VAULT_SECRET: secret() });

/** The refusal checkAtBoot throws for this environment (the test fails if it starts instead). */
async function refusal(env: Record<string, string | undefined>): Promise<UnsafeProductionConfig> {
  const error = await checkAtBoot(loadConfig(env)).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UnsafeProductionConfig);
  return error as UnsafeProductionConfig;
}

const settingsOf = (error: UnsafeProductionConfig) => error.problems.map((p) => p.setting);

let node: Awaited<ReturnType<typeof chainIdNode>>;
let dataDir: string;

beforeAll(async () => {
  node = await chainIdNode(1);
  dataDir = await mkdtemp(path.join(tmpdir(), 'gavel-production-'));
  builtDapp = await mkdtemp(path.join(tmpdir(), 'gavel-built-dapp-'));
  await writeFile(path.join(builtDapp, 'index.html'), '<!doctype html><title>Gavel</title>');
});

afterAll(async () => {
  await node.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(builtDapp, { recursive: true, force: true });
});

describe('production configuration', () => {
  it('an empty production environment is refused with every missing setting in one message', async () => {
    const error = await refusal({ NODE_ENV: 'production', GAVEL_DATA_DIR: dataDir, DAPP_DIR: path.join(dataDir, 'no-build') });
    const missing = [
      'TRUSTED_PROXY_HOPS',
      'DATABASE_URL',
      'SMTP_URL',
      'PUBLIC_URL',
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'BITCOIN_NETWORK',
      'BITCOIN_ESPLORA_URL',
      'ORD_URL',
      'JWT_SECRET',
      'EMAIL_CODE_PEPPER',
      'INSCRIPTION_KEY_SECRET',
      'UNSUBSCRIBE_SECRET',
      'RPC_URL',
      'CHAIN_ID',
      'PRICE_API_URL',
      'VAPID_PUBLIC_KEY',
      'VAPID_PRIVATE_KEY',
      'VAPID_SUBJECT',
      'GAVEL_VAULT_PUBKEY',
      'GAVEL_HOUSE_ANCHOR_PUBKEY',
    ];
    expect(settingsOf(error).sort()).toEqual([...missing, 'DAPP_DIR'].sort());
    for (const setting of missing) expect(error.message).toContain(`  - ${setting}: not set`);
    // The built dapp is named in the same message as the settings, not in an error of its own before them.
    expect(error.message).toContain(`  - DAPP_DIR: no built dapp in ${path.join(dataDir, 'no-build')}: run \`npm run build\``);
    expect(error.message).toContain('23 settings are missing or unsafe');
    expect(error.message).toMatch(/PGlite/);
    expect(error.message).toMatch(/Stripe stand-in/);
  });

  it('a complete, safe environment passes, and no relayer key is made up for it', async () => {
    const config = await checkAtBoot(loadConfig(safeEnv(node.url, dataDir)));
    expect(config.production).toBe(true);
    expect(config.relayer.privateKey).toBeNull();
  });

  it("signs wallets in to PUBLIC_URL's origin unless told otherwise, and takes TRUSTED_PROXY_HOPS=0 when it is stated", async () => {
    const config = await checkAtBoot(loadConfig({ ...safeEnv(node.url, dataDir), PUBLIC_URL: 'https://gavel.example.com/market', TRUSTED_PROXY_HOPS: '0' }));
    expect(config.wallet.siweUri).toBe('https://gavel.example.com');
    expect(config.wallet.siweDomain).toBe('gavel.example.com');
    expect(config.trustedProxyHops).toBe(0);
    const explicit = await checkAtBoot(loadConfig({ ...safeEnv(node.url, dataDir), SIWE_URI: 'https://gavel.example.com/' }));
    expect(explicit.wallet.siweDomain).toBe('gavel.example.com');
  });

  it('a worker is not asked for what only the api serves', async () => {
    const { DAPP_DIR: _dapp, TRUSTED_PROXY_HOPS: _hops, ...env } = safeEnv(node.url, dataDir);
    const config = await checkAtBoot(loadConfig({ ...env, ...workerSecrets(), DAPP_DIR: path.join(dataDir, 'no-build'), SIWE_URI: 'https://elsewhere.example' }, 'worker'), 'worker');
    expect(config.production).toBe(true);
    expect(config.vault.masterSecret).not.toBeNull();
  });

  it.each(ANVIL_PRIVATE_KEYS.map((key, account) => [account, key] as const))("refuses anvil's public account %i as the relayer", async (account, key) => {
    // A process that runs the worker: it is the one that would sign with the key.
    const error = await refusal({ ...safeEnv(node.url, dataDir), ...workerSecrets(), RUN_WORKER: 'true', RELAYER_PRIVATE_KEY: key });
    expect(settingsOf(error)).toEqual(['RELAYER_PRIVATE_KEY']);
    expect(error.message).toContain(`anvil's public account ${account} `);
  });

  const unsafe: Array<[string, Record<string, string | undefined>, string[], RegExp]> = [
    ['the embedded PGlite', { DATABASE_URL: undefined }, ['DATABASE_URL'], /PGlite/],
    ['a database that is not PostgreSQL', { DATABASE_URL: 'file:.data/pglite' }, ['DATABASE_URL'], /postgres/],
    ["the Stripe stand-in's secret key", { STRIPE_SECRET_KEY: 'sk_test_gavel_stand_in' }, ['STRIPE_SECRET_KEY'], /stand-in/],
    ["the Stripe stand-in's publishable key", { STRIPE_PUBLISHABLE_KEY: 'pk_test_gavel_stand_in' }, ['STRIPE_PUBLISHABLE_KEY'], /stand-in/],
    ["the stand-in's public webhook secret", { STRIPE_WEBHOOK_SECRET: 'whsec_gavel_stand_in' }, ['STRIPE_WEBHOOK_SECRET'], /public constant/],
    ['Stripe calls sent to the stand-in', { STRIPE_API_BASE: 'http://127.0.0.1:12111' }, ['STRIPE_API_BASE'], /stand-in/],
    ['a test publishable key beside a live secret key', { STRIPE_PUBLISHABLE_KEY: 'pk_test_51Gavelfake' }, ['STRIPE_PUBLISHABLE_KEY'], /test-mode key beside a live-mode/],
    ['a secret key alone', { STRIPE_PUBLISHABLE_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined }, ['STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'], /not set/],
    ['an http PUBLIC_URL', { PUBLIC_URL: 'http://gavel.example.com' }, ['PUBLIC_URL'], /not an https/],
    ['the Bitcoin stand-in as Esplora', { BITCOIN_ESPLORA_URL: 'http://127.0.0.1:3002/api' }, ['BITCOIN_ESPLORA_URL'], /Bitcoin stand-in/],
    ['the Bitcoin stand-in as ord', { ORD_URL: 'http://localhost:3002/ord' }, ['ORD_URL'], /Bitcoin stand-in/],
    ['mainnet with no platform fee address', { BITCOIN_PLATFORM_FEE_ADDRESS: undefined }, ['BITCOIN_PLATFORM_FEE_ADDRESS'], /mainnet/],
    ['KYC_AUTO_APPROVE=true', { KYC_AUTO_APPROVE: 'true' }, ['KYC_AUTO_APPROVE'], /approved without anyone looking/],
    ['BITCOIN_PSBT_BIDS=false', { BITCOIN_PSBT_BIDS: 'false' }, ['BITCOIN_PSBT_BIDS'], /no signed offer/],
    ['a short JWT_SECRET', { JWT_SECRET: 'too-short' }, ['JWT_SECRET'], /shorter than 32/],
    ['the session key reused as the code pepper', { EMAIL_CODE_PEPPER: 'same-'.repeat(8), JWT_SECRET: 'same-'.repeat(8) }, ['EMAIL_CODE_PEPPER'], /the same as JWT_SECRET/],
    [
      "anvil's public account as the relayer, in capitals",
      { RUN_WORKER: 'true', ...workerSecrets(), RELAYER_PRIVATE_KEY: ANVIL_PRIVATE_KEYS[0].toUpperCase().replace('0X', '0x') },
      ['RELAYER_PRIVATE_KEY'],
      /anyone can sign/,
    ],
    ["the relayer's key given to an api process that runs no worker", { RELAYER_PRIVATE_KEY: `0x${'1'.repeat(64)}` }, ['RELAYER_PRIVATE_KEY'], /only the worker signs .* RELAYER_ADDRESS/],
    ['SIWE_URI on another origin than PUBLIC_URL', { SIWE_URI: 'http://127.0.0.1:5173' }, ['SIWE_URI'], /not PUBLIC_URL's origin \(https:\/\/gavel\.example\.com\)/],
    ['TRUSTED_PROXY_HOPS left to a default', { TRUSTED_PROXY_HOPS: undefined }, ['TRUSTED_PROXY_HOPS'], /0 only when clients reach the api directly/],
    ['a DAPP_DIR with no build', { DAPP_DIR: '/nonexistent/gavel-dapp' }, ['DAPP_DIR'], /run `npm run build` first/],
    ["an api process that does not know Gavel's vault key", { GAVEL_VAULT_PUBKEY: undefined }, ['GAVEL_VAULT_PUBKEY'], /scripts\/bitcoin\/vault-pubkey\.ts/],
    ['an api process that does not know the house anchor key', { GAVEL_HOUSE_ANCHOR_PUBKEY: undefined }, ['GAVEL_HOUSE_ANCHOR_PUBKEY'], /scripts\/bitcoin\/vault-pubkey\.ts/],
    ['a worker with no vault secret to co-sign binding bids', { RUN_WORKER: 'true' }, ['GAVEL_VAULT_SECRET'], /not set/],
    ['the vault secret given to the web-facing process', { GAVEL_VAULT_SECRET: 'a'.repeat(64) }, ['GAVEL_VAULT_SECRET'], /only the worker co-signs/],
  ];

  it.each(unsafe)('refuses %s, naming it', async (_what, change, settings, text) => {
    const error = await refusal({ ...safeEnv(node.url, dataDir), ...change });
    expect(settingsOf(error)).toEqual(settings);
    expect(error.message).toMatch(text);
  });

  it('refuses the development secret kept under the data directory', async () => {
    const kept = await mkdtemp(path.join(tmpdir(), 'gavel-kept-'));
    const devKey = secret();
    await writeFile(path.join(kept, 'jwt-secret'), devKey);
    const error = await refusal({ ...safeEnv(node.url, kept), JWT_SECRET: devKey });
    expect(settingsOf(error)).toEqual(['JWT_SECRET']);
    expect(error.message).toContain(`development secret kept in ${path.join(kept, 'jwt-secret')}`);
    await rm(kept, { recursive: true, force: true });
  });

  it("names both chain ids when the node is another chain than CHAIN_ID, and refuses the relayer's key on it", async () => {
    const sepolia = await chainIdNode(11155111);
    try {
      const error = await refusal({ ...safeEnv(sepolia.url, dataDir), ...workerSecrets(), RUN_WORKER: 'true', RELAYER_PRIVATE_KEY: `0x${secret()}` });
      expect(settingsOf(error)).toEqual(['CHAIN_ID', 'RELAYER_PRIVATE_KEY']);
      expect(error.message).toMatch(/CHAIN_ID: 1, but the node at RPC_URL \(127\.0\.0\.1:\d+\) answers eth_chainId 11155111/);
      expect(error.message).toContain('RELAYER_PRIVATE_KEY: given, but it would sign on chain 11155111, not on CHAIN_ID 1');
    } finally {
      await sepolia.close();
    }
  });

  it('refuses a node that does not answer eth_chainId', async () => {
    const error = await refusal({ ...safeEnv(`http://127.0.0.1:${await freePort()}`, dataDir), CHAIN_TIMEOUT_MS: '2000' });
    expect(settingsOf(error)).toEqual(['RPC_URL']);
    expect(error.message).toMatch(/did not answer eth_chainId/);
  });

  it('Web Push needs its own VAPID pair: not the development pair kept in .data, not a broken one, with a reachable subject, through https push services', async () => {
    const kept = await keptVapidKeys(dataDir);
    try {
      const reused = await refusal({ ...safeEnv(node.url, dataDir), VAPID_PUBLIC_KEY: kept.publicKey, VAPID_PRIVATE_KEY: kept.privateKey });
      expect(reused.problems).toEqual([{ setting: 'VAPID_PRIVATE_KEY', problem: expect.stringContaining('development pair kept in the data directory') }]);
      const broken = await refusal({ ...safeEnv(node.url, dataDir), VAPID_PRIVATE_KEY: 'c2hvcnQ', VAPID_SUBJECT: 'ops@gavel.example.com' });
      expect(settingsOf(broken).sort()).toEqual(['VAPID_PRIVATE_KEY', 'VAPID_SUBJECT']);
      expect(broken.message).toMatch(/VAPID_PRIVATE_KEY: the VAPID pair cannot sign/);
      const standIn = await refusal({ ...safeEnv(node.url, dataDir), PUSH_SERVICES: 'https://fcm.googleapis.com,http://127.0.0.1:9443', PUSH_SERVICE_CA_FILE: '/tmp/push.pem' });
      expect(settingsOf(standIn).sort()).toEqual(['PUSH_SERVICES', 'PUSH_SERVICE_CA_FILE']);
      expect(standIn.message).toContain('  - PUSH_SERVICES: http://127.0.0.1:9443 is not https://');
    } finally {
      await rm(path.join(dataDir, KEPT_VAPID_FILE));
    }
  });

  it('the api, the worker and `npm start -- --production` print the one message and exit 1', async () => {
    const run = (...args: string[]) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
          cwd: root,
          env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', GAVEL_DATA_DIR: dataDir, DAPP_DIR: path.join(dataDir, 'no-build') },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.once('close', (code) => resolve({ code, stderr }));
      });
    const [api, worker, start] = await Promise.all([run('api/src/main.ts'), run('api/src/worker-main.ts'), run('scripts/start.ts', '--production')]);
    for (const result of [api, worker, start]) {
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('  - DATABASE_URL: not set');
      expect(result.stderr).toContain('  - CHAIN_ID: not set');
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
    // What serves HTTP is also refused for the missing build and proxy count, in the same message.
    for (const result of [api, start]) {
      expect(result.stderr).toContain('Gavel will not start in production (NODE_ENV=production): 23 settings are missing or unsafe.');
      expect(result.stderr).toContain('  - DAPP_DIR: no built dapp');
      expect(result.stderr).toContain('  - TRUSTED_PROXY_HOPS: not set');
    }
    expect(worker.stderr).toContain('Gavel will not start in production (NODE_ENV=production): 20 settings are missing or unsafe.');
    // The worker co-signs vault spends: it is asked for the secret, the api process for the public key.
    expect(worker.stderr).toContain('  - GAVEL_VAULT_SECRET: not set');
    expect(api.stderr).toContain('  - GAVEL_VAULT_PUBKEY: not set');
    expect(api.stderr).toContain('  - GAVEL_HOUSE_ANCHOR_PUBKEY: not set');
    expect(worker.stderr).not.toContain('DAPP_DIR');
  });
});

describe("the relayer's development key", () => {
  // CHAIN_ID is left unset, as `npm start` leaves it: only the node's own answer decides.
  const devConfig = (rpcUrl: string, env: Record<string, string> = {}) => loadConfig({ RPC_URL: rpcUrl, GAVEL_DATA_DIR: dataDir, ...env });

  it('is not used when the node answers another chain than anvil', async () => {
    const config = await checkAtBoot(devConfig(node.url));
    expect(config.relayer.privateKey).toBeNull();
  });

  it('is not used when the node does not answer', async () => {
    const config = await checkAtBoot(devConfig(`http://127.0.0.1:${await freePort()}`));
    expect(config.relayer.privateKey).toBeNull();
  });

  it("is anvil's account 9 when the node answers chain 31337, outside production only", async () => {
    const anvil = await chainIdNode(31337);
    try {
      expect((await checkAtBoot(devConfig(anvil.url))).relayer.privateKey).toBe(ANVIL_PRIVATE_KEYS[9]);
      const production = await checkAtBoot(loadConfig({ ...safeEnv(anvil.url, dataDir), CHAIN_ID: '31337' }));
      expect(production.relayer.privateKey).toBeNull();
    } finally {
      await anvil.close();
    }
  });

  it('a key given is kept on any chain outside production', async () => {
    const key = `0x${secret()}`;
    expect((await checkAtBoot(devConfig(node.url, { RELAYER_PRIVATE_KEY: key }))).relayer.privateKey).toBe(key);
  });
});

describe('a production api', () => {
  let smtp: TestSmtp;
  let api: TestStack;
  let dappDir: string;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    dappDir = await mkdtemp(path.join(tmpdir(), 'gavel-dapp-'));
    await writeFile(path.join(dappDir, 'index.html'), '<!doctype html><title>Gavel</title><div id="root"></div>');
    // The test's own PostgreSQL database, Redis prefix and JWT_SECRET; every other setting safe.
    const { DATABASE_URL: _database, JWT_SECRET: _jwt, GAVEL_DATA_DIR: _data, ...env } = safeEnv(node.url, dataDir);
    api = await startApiForTest({ seed: 'none', env: { ...env, SMTP_URL: smtp.url, DAPP_DIR: dappDir } });
  });

  afterAll(async () => {
    await api?.stop();
    await smtp?.stop();
    await rm(dappDir, { recursive: true, force: true });
  });

  it('starts, and answers 404 at /dev/mailbox', async () => {
    expect(api.services.config.production).toBe(true);
    expect((await fetch(`${api.url}/api/healthz`)).status).toBe(200);
    const mailbox = await fetch(`${api.url}/api/dev/mailbox`);
    expect(mailbox.status).toBe(404);
    expect(await mailbox.text()).not.toContain('Dev mailbox');
    // The site's own address space has no mailbox either: the dapp's page, never the outbox.
    expect(await (await fetch(`${api.url}/dev/mailbox`)).text()).not.toContain('Dev mailbox');
  });

  it('mounts no /dev route in production even without SMTP_URL, where development shows the mailbox', async () => {
    const serve = async (config: Config) => {
      const server = createApp({ ...api.services, config }).listen(0, '127.0.0.1');
      await new Promise<void>((resolve) => server.once('listening', resolve));
      try {
        return await fetch(`http://127.0.0.1:${(server.address() as { port: number }).port}/dev/mailbox`);
      } finally {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    };
    // The api alone (no dapp in front of it), as a development api serves the mailbox.
    const withoutSmtp = { ...api.services.config, smtpUrl: undefined, dappDir: undefined };
    expect((await serve(withoutSmtp)).status).toBe(404);
    const development = await serve({ ...withoutSmtp, production: false });
    expect(development.status).toBe(200);
    expect(await development.text()).toContain('Dev mailbox');
  });
});
