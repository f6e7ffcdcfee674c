/**
 * `npm start`: the whole marketplace on embedded defaults. Redis (started if needed), a local chain with
 * the contracts and demo auctions, the api and worker on PGlite (or DATABASE_URL), the demo seed on an empty
 * database, and the dapp's dev server. `npm start -- --reset` wipes .data/ first.
 *
 * `NODE_ENV=production npm start` (or `npm start -- --production`): the api and worker on the configuration
 * given, serving the built dapp (`npm run build`) on the same origin; no stand-in, no demo data, no Vite.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { privateKeyToAccount } from 'viem/accounts';
import { loadConfig } from '../api/src/config.ts';
import { startApi } from '../api/src/main.ts';
import { ensureRedis } from './redis.ts';
import { seedDemo } from './seed/demo.ts';
import { demoAccounts, DEMO_PASSWORD } from './seed/accounts.ts';
import { startDemoChain } from './seed/demo-chain.ts';
import { seedDemoBitcoin } from './seed/demo-bitcoin.ts';
import { forgetDemoStandInCards, seedDemoCards } from './seed/demo-cards.ts';
import { startStripeStandIn } from './stand-ins/stripe/index.ts';
import { startBitcoinStandIn } from './stand-ins/bitcoin/index.ts';
import { startPriceStandIn } from './stand-ins/price/index.ts';
import { startIndexer } from './chain/indexer.ts';
import { ANVIL_PRIVATE_KEYS } from './chain/anvil.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children: ChildProcess[] = [];
const stops: Array<() => Promise<unknown>> = [];

/**
 * Production: only what the configuration names, and the built dapp. The api's boot check names every problem at
 * once, the built dapp among them. The worker, and with it the relayer's key in use, runs in a process of its own
 * (worker-main.ts) started once the api is up, unless RUN_WORKER=true puts it in the api's.
 */
async function startProduction() {
  // The relayer's key goes to the worker's process alone: this one serves the internet and needs only the address.
  const workerKey = loadConfig().runWorker ? undefined : process.env.RELAYER_PRIVATE_KEY;
  if (workerKey) {
    process.env.RELAYER_ADDRESS ||= relayerAddressOf(workerKey);
    delete process.env.RELAYER_PRIVATE_KEY;
  }
  const config = loadConfig();
  const api = await startApi(config);
  stops.push(api.stop);
  if (!config.runWorker) {
    const env = { ...process.env, ...(workerKey && { RELAYER_PRIVATE_KEY: workerKey }) };
    const worker = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'api/src/worker-main.ts')], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
    children.push(worker);
    // The worker runs the lot clock and payments: without it auctions never close, so the whole start stops.
    worker.once('exit', (code) => {
      if (!stopping) console.error(`the worker exited (code ${code}): stopping`);
      if (!stopping) void shutdown(1);
    });
  }
  console.log(`
  Gavel is running in production mode
    site      ${config.publicUrl ?? api.url}   (listening on ${api.url}; the dapp from ${config.dappDir})
    api       ${api.url}/api   (OpenAPI: ${api.url}/api/openapi.json)
    worker    ${config.runWorker ? 'in this process (RUN_WORKER=true)' : 'in its own process (api/src/worker-main.ts)'}
`);
}

/** The address of the relayer's key, or '' for a malformed one (the worker's boot check names it). */
function relayerAddressOf(key: string): string {
  try {
    return privateKeyToAccount(key as `0x${string}`).address;
  } catch {
    return '';
  }
}

async function main() {
  process.chdir(root);
  // Every module reads NODE_ENV through loadConfig, so the flag only has to be set before that.
  if (process.argv.includes('--production')) process.env.NODE_ENV = 'production';
  if (process.env.NODE_ENV === 'production') return startProduction();
  if (process.argv.includes('--reset')) await rm(path.join(root, '.data'), { recursive: true, force: true });

  const redis = await ensureRedis();
  if (redis.child) children.push(redis.child);

  // The demo chain is an anvil started below, after the api, so the api cannot ask it which chain it is at boot:
  // its relayer is named here, anvil's account 9, which the demo makes the NFT's minter.
  const demoRelayer = process.env.GAVEL_CHAIN || process.env.RELAYER_PRIVATE_KEY ? {} : { RELAYER_PRIVATE_KEY: ANVIL_PRIVATE_KEYS[9] };
  const config = loadConfig({ ...process.env, REDIS_URL: redis.url, ...demoRelayer });
  // Without Stripe keys, card payments go to the local Stripe stand-in, which sends its webhooks to the api.
  const stripeStandIn =
    config.stripe.apiBase && !process.env.STRIPE_SECRET_KEY
      ? await startStripeStandIn({
          port: Number(new URL(config.stripe.apiBase).port),
          webhookUrl: `http://127.0.0.1:${config.port}/payment/webhook`,
          webhookSecret: config.stripe.webhookSecret,
          secretKey: config.stripe.secretKey,
          publishableKey: config.stripe.publishableKey,
        })
      : null;
  if (stripeStandIn) stops.push(stripeStandIn.stop);
  // Without BITCOIN_ESPLORA_URL, Bitcoin goes to the local Esplora/ord stand-in (one block a minute, dev faucet).
  const bitcoinStandIn = process.env.BITCOIN_ESPLORA_URL ? null : await startBitcoinStandIn({ port: Number(new URL(config.bitcoin.esploraUrl).port), network: config.bitcoin.network });
  if (bitcoinStandIn) stops.push(bitcoinStandIn.close);
  // Without PRICE_API_URL, card holds on BTC and ETH lots are priced by the local price stand-in, starting at
  // BTC_USD_PRICE and ETH_USD_PRICE when set (POST /dev/prices moves them).
  const priceStandIn = process.env.PRICE_API_URL
    ? null
    : await startPriceStandIn({
        port: Number(new URL(config.prices.url).port),
        btcUsd: process.env.BTC_USD_PRICE ? Number(process.env.BTC_USD_PRICE) : undefined,
        ethUsd: process.env.ETH_USD_PRICE ? Number(process.env.ETH_USD_PRICE) : undefined,
      });
  if (priceStandIn) stops.push(priceStandIn.close);
  const api = await startApi(config);
  stops.push(api.stop);
  const seed = await seedDemo(api.services.db, api.services.contentStore);
  const demoBitcoin = bitcoinStandIn ? await seedDemoBitcoin(api.services, bitcoinStandIn.chain) : null;
  // The stand-in forgets every card when it stops: the demo bidders' cards are saved at it again on each start.
  // Stripe's own keys: nothing is saved for them there, and a card saved at the stand-in earlier is forgotten.
  const demoCards = stripeStandIn ? await seedDemoCards(api.services, stripeStandIn) : null;
  const forgottenCards = stripeStandIn ? [] : await forgetDemoStandInCards(api.services);

  const chain = process.env.GAVEL_CHAIN ? null : await startDemoChain(api.services);
  if (chain) stops.push(chain.stop);
  // anvil is new on every start, so the index starts fresh too; the api serves lots meanwhile, marked not indexed.
  const indexer = chain ? await startIndexer({ rpcUrl: chain.rpcUrl, port: 42069, databaseUrl: config.databaseUrl, fresh: true }) : null;
  if (indexer) stops.push(indexer.stop);

  const dapp = spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), '--port', '5173', '--strictPort', '--host', '127.0.0.1'], {
    cwd: path.join(root, 'dapp'),
    env: { ...process.env, GAVEL_API_URL: api.url },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(dapp);

  const accounts = demoAccounts.map((a) => `    ${a.role.padEnd(6)} ${a.email}`).join('\n');
  console.log(`
  Gavel is running
    dapp      http://127.0.0.1:5173
    api       ${api.url}   (OpenAPI: ${api.url}/openapi.json)
    database  ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.pgliteDir}`}
    redis     ${redis.url}${redis.child ? ' (started by npm start)' : ''}
    payments  ${stripeStandIn ? `local Stripe stand-in ${stripeStandIn.url} (test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 declines)` : 'Stripe (STRIPE_SECRET_KEY)'}
              ${demoCards ? `saved, verified cards: ${demoCards.map((c) => `${c.email} ${c.brand} ${c.last4}`).join(', ')}` : `no demo card saved with Stripe's own keys: demo bidders add one at /payment-details before bidding${forgottenCards.length ? ` (stand-in cards forgotten: ${forgottenCards.join(', ')})` : ''}`}
    bitcoin   ${bitcoinStandIn ? `local Esplora/ord stand-in ${bitcoinStandIn.url} (${bitcoinStandIn.network}; faucet: POST ${bitcoinStandIn.url}/dev/faucet {address, sats})` : `${config.bitcoin.network} via ${config.bitcoin.esploraUrl}`}${demoBitcoin ? `\n              ${demoBitcoin.inscriptions} BTC lots inscribed to the demo seller (${demoBitcoin.synced} in the seller's wallet, listed in the admin's Inscriptions); bidder wallets funded: ${demoBitcoin.funded.join(', ')} (demo keys: scripts/seed/bitcoin-wallets.ts)` : ''}
    prices    ${priceStandIn ? `local price stand-in ${priceStandIn.priceUrl} (BTC and ETH in USD; POST ${priceStandIn.url}/dev/prices {btcUsd, ethUsd, mode})` : `PRICE_API_URL ${config.prices.url}`}, card holds +${config.prices.marginPercent}%
    chain     ${chain ? `anvil ${chain.rpcUrl} (chain 31337), ${chain.auctions} demo auctions` : 'not started (GAVEL_CHAIN is set)'}
    indexer   ${indexer ? `Ponder ${indexer.url}` : 'not started'}
    demo data ${seed.seeded ? `seeded: ${seed.events} events, ${seed.lots} lots` : 'already present (npm start -- --reset to start over)'}

  Demo accounts (password ${DEMO_PASSWORD}):
${accounts}

  Mail      ${config.smtpUrl ? `sent through SMTP_URL` : `no SMTP_URL: read it at ${api.url}/dev/mailbox`}${config.kycAutoApprove ? '\n  KYC_AUTO_APPROVE is ON: identity checks are approved on submission (demo only, never in production).' : ''}
`);
}

let stopping = false;

async function shutdown(code: number) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  for (const stop of stops.reverse()) await stop().catch(() => {});
  process.exit(code);
}

process.once('SIGINT', () => void shutdown(0));
process.once('SIGTERM', () => void shutdown(0));
main().catch((error) => {
  console.error(`npm start failed: ${error instanceof Error ? error.message : error}`);
  void shutdown(1);
});
