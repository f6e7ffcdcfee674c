/**
 * Gavel under PM2 on one machine of a production deployment: `pm2 start scripts/deploy/ecosystem.config.cjs`.
 *
 * - GAVEL_API_INSTANCES api processes (default 2), `gavel-api-1` on GAVEL_API_PORT (default 4001), the next one
 *   port up, and so on: the TLS proxy in front balances over them. They run no worker (RUN_WORKER=false) and
 *   serve the built dapp (`npm run build` first) with the api under /api.
 * - GAVEL_WORKERS worker processes (default 1): the lot clock, mail, payments and chain followers. Any number
 *   may run, on this machine or others: every job is taken by one of them and is safe to run twice.
 * - GAVEL_INDEXER=true adds Ponder on DATABASE_URL (schema `chain`, port PONDER_PORT or 42069). Only one
 *   `ponder start` may write a schema: run it on one machine of the deployment.
 *
 * Nothing secret is written here: PM2 passes the environment `pm2 start` runs in (DATABASE_URL, REDIS_URL,
 * JWT_SECRET, SMTP_URL, STRIPE_*, PUBLIC_URL...: see the README's configuration table) to every process, and
 * adds only what differs between them. Every process runs under Node 22 through scripts/with-node22.sh, which
 * replaces itself with node, so PM2's stop signal reaches node and the process finishes what it holds first.
 */
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
const apiInstances = Number(process.env.GAVEL_API_INSTANCES || 2);
const firstApiPort = Number(process.env.GAVEL_API_PORT || 4001);
const workers = Number(process.env.GAVEL_WORKERS || 1);

/** A node process under Node 22: `nodeArgs` are node's own arguments, the entry file among them. */
function nodeApp(name, nodeArgs, env, cwd = root) {
  return {
    name,
    cwd,
    script: path.join(root, 'scripts/with-node22.sh'),
    interpreter: 'bash',
    args: ['node', ...nodeArgs],
    exec_mode: 'fork',
    // Open event streams are cut and jobs in hand finish before the process exits.
    kill_timeout: 15_000,
    max_memory_restart: '1G',
    env: { NODE_ENV: 'production', ...env },
  };
}

const apps = [
  ...Array.from({ length: apiInstances }, (_, i) =>
    nodeApp(`gavel-api-${i + 1}`, ['--import', 'tsx', 'api/src/main.ts'], {
      PORT: String(firstApiPort + i),
      HOST: process.env.HOST || '127.0.0.1',
      RUN_WORKER: 'false',
      // The relayer's key is the workers' alone: an api process knows the relayer by RELAYER_ADDRESS.
      RELAYER_PRIVATE_KEY: '',
      // Behind the one TLS proxy this file is meant for; more hops, set TRUSTED_PROXY_HOPS.
      TRUSTED_PROXY_HOPS: process.env.TRUSTED_PROXY_HOPS || '1',
    }),
  ),
  ...Array.from({ length: workers }, (_, i) => nodeApp(`gavel-worker-${i + 1}`, ['--import', 'tsx', 'api/src/worker-main.ts'], {})),
];

if (process.env.GAVEL_INDEXER === 'true') {
  const port = process.env.PONDER_PORT || '42069';
  const indexer = path.join(root, 'indexer');
  const ponder = path.join(root, 'node_modules/ponder/dist/esm/bin/ponder.js');
  apps.push(nodeApp('gavel-indexer', [ponder, '--root', indexer, 'start', '--schema', 'chain', '-H', '127.0.0.1', '-p', port], {}, indexer));
}

module.exports = { apps };
