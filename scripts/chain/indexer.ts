// Runs the Ponder indexer (indexer/) as a child process, for `npm start` and the chain tests.
//
//   const indexer = await startIndexer({ rpcUrl, port: 42069 });   // PGlite under .data/ponder
//   const indexer = await startIndexer({ rpcUrl, port, databaseUrl }); // PostgreSQL, schema "chain"
//   ... indexer.url ...  (http://127.0.0.1:PORT: /sql/* for @ponder/client, /graphql, /status, /ready)
//   await indexer.stop();
//
// `ponder start` silently moves to the next port when its port is taken and hangs on a bad DATABASE_URL, so
// this checks the port first, confirms the server it reaches is ours, and gives up after `timeoutMs`.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const indexerRoot = path.join(root, 'indexer');

export interface StartIndexerOptions {
  rpcUrl: string;
  /** PostgreSQL; unset: embedded PGlite in `pgliteDir`. */
  databaseUrl?: string;
  port: number;
  /** PostgreSQL schema (Ponder needs one with PGlite too). Default "chain". */
  schema?: string;
  /** Default .data/ponder/pglite under the repository root. */
  pgliteDir?: string;
  /** Default 31337 (anvil). */
  chainId?: number;
  /** Override the deployment record of `chainId` (tests that deploy their own contracts). */
  nftAddress?: string;
  auctionHouseAddress?: string;
  startBlock?: number;
  /**
   * Forget everything indexed before (the PGlite directory, or the schema and Ponder's RPC cache in
   * PostgreSQL). Needed when the chain itself is new, as a fresh anvil is on every `npm start`: Ponder would
   * otherwise resume from blocks that no longer exist.
   */
  fresh?: boolean;
  /** Give up when the server has not answered by then (default 60 s). */
  timeoutMs?: number;
  /** Which of Ponder's log lines reach this process's stderr (default "warn"). */
  logLevel?: 'error' | 'warn' | 'info' | 'debug';
  /** Every log line Ponder writes at info level or above, parsed (benchmarks time the backfill with it). */
  onLog?: (entry: PonderLogEntry) => void;
}

export interface PonderLogEntry {
  level?: number;
  /** Epoch milliseconds. */
  time?: number;
  msg?: string;
  [key: string]: unknown;
}

export interface IndexerHandle {
  url: string;
  /** SIGTERM (Ponder releases its schema lock), SIGKILL after 10 s; resolves once the process has exited. */
  stop(): Promise<void>;
}

export function defaultPgliteDir(): string {
  return path.join(root, '.data', 'ponder', 'pglite');
}

/**
 * Ponder builds its app and opens its database before it answers: about 10 s on a quiet machine, past a minute
 * (its PGlite alone took 25 s) on a busy 2-core one. A start that is merely slow is not a failure.
 */
const START_TIMEOUT_MS = 150_000;

export async function startIndexer(options: StartIndexerOptions): Promise<IndexerHandle> {
  const { rpcUrl, databaseUrl, port, schema = 'chain', chainId = 31337, timeoutMs = START_TIMEOUT_MS, logLevel = 'warn' } = options;
  const pgliteDir = options.pgliteDir ?? defaultPgliteDir();
  const url = `http://127.0.0.1:${port}`;
  if (await answers(`${url}/health`)) throw new Error(`something already listens on ${url}; the indexer needs a free port`);

  if (options.fresh) await forget({ databaseUrl, schema, pgliteDir });
  if (!databaseUrl) await mkdir(pgliteDir, { recursive: true });

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PONDER_TELEMETRY_DISABLED: 'true',
    RPC_URL: rpcUrl,
    CHAIN_ID: String(chainId),
    PONDER_PGLITE_DIR: pgliteDir,
    // pg's "client.query() while executing" deprecation is Ponder's to fix, not news for our logs.
    NODE_OPTIONS: [process.env.NODE_OPTIONS, '--no-deprecation'].filter(Boolean).join(' '),
  };
  // An inherited DATABASE_URL (the api's) would silently switch Ponder to PostgreSQL.
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  if (options.nftAddress) env.GAVEL_NFT_ADDRESS = options.nftAddress;
  if (options.auctionHouseAddress) env.GAVEL_AUCTION_HOUSE_ADDRESS = options.auctionHouseAddress;
  if (options.startBlock !== undefined) env.GAVEL_START_BLOCK = String(options.startBlock);

  // ponder's package exports only its ESM entry (dist/esm/index.js); the CLI sits beside it.
  const ponderBin = path.join(path.dirname(fileURLToPath(import.meta.resolve('ponder'))), 'bin/ponder.js');
  // JSON logs at info level, so the "Created HTTP server" line tells which port Ponder really took.
  const args = [ponderBin, '--root', indexerRoot, '--log-level', logLevel === 'debug' ? 'debug' : 'info', '--log-format', 'json'];
  args.push('start', '--schema', schema, '-H', '127.0.0.1', '-p', String(port));
  const child = spawn(process.execPath, args, { cwd: indexerRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  let boundPort: number | undefined;
  const shown = { error: 50, warn: 40, info: 30, debug: 20 }[logLevel];
  const readLines = (stream: NodeJS.ReadableStream | null) => {
    let partial = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        log = `${log}${line}\n`.slice(-20_000);
        const entry = parseLogLine(line);
        if (entry) options.onLog?.(entry);
        if (entry?.msg === 'Created HTTP server' && typeof entry.port === 'number') boundPort = entry.port;
        if (!entry || (entry.level ?? 30) >= shown)
          process.stderr.write(`[indexer ${new Date().toISOString().slice(17, 23)}] ${entry ? `${entry.msg}${entry.error ? ` ${JSON.stringify(entry.error)}` : ''}` : line}\n`);
      }
    });
  };
  readLines(child.stdout);
  readLines(child.stderr);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const handle: IndexerHandle = {
    url,
    stop: async () => {
      process.off('exit', killOnExit);
      await stopChild(child, exited);
      await releaseLock({ databaseUrl, schema, pgliteDir });
    },
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the indexer exited (${child.exitCode ?? child.signalCode}) before answering:\n${log.trim().slice(-4000)}`);
    }
    // /status answers once the indexing app is built and the server is up; on anvil everything is live, so
    // data appears within a polling interval of that.
    if (boundPort !== undefined && boundPort !== port) {
      await handle.stop();
      throw new Error(`the indexer took port ${boundPort} instead of ${port} (was ${port} taken?)`);
    }
    if (boundPort === port && (await answers(`${url}/status`))) return handle;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await handle.stop();
  throw new Error(`the indexer did not answer at ${url} within ${timeoutMs} ms:\n${log.trim().slice(-4000)}`);
}

function parseLogLine(line: string): PonderLogEntry | null {
  if (!line.startsWith('{')) return null;
  try {
    return JSON.parse(line) as PonderLogEntry;
  } catch {
    return null;
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Ponder 0.17.7 exits on SIGTERM before its "unlock" query completes, so the next start would wait out the
 * 25 s heartbeat expiry ("Schema is locked by a different Ponder app"). Our process has exited by now, so the
 * lock it left is stale: release it.
 */
async function releaseLock({ databaseUrl, schema, pgliteDir }: { databaseUrl?: string; schema: string; pgliteDir: string }) {
  const unlock = `UPDATE "${schema.replace(/"/g, '""')}"._ponder_meta SET value = jsonb_set(value, '{is_locked}', to_jsonb(0))`;
  try {
    if (databaseUrl) {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(unlock).finally(() => client.end());
    } else {
      const { PGlite } = await import('@electric-sql/pglite');
      const db = new PGlite(pgliteDir);
      await db.query(unlock).finally(() => db.close());
    }
  } catch {
    // No schema yet (stopped during start-up): nothing to release.
  }
}

async function forget({ databaseUrl, schema, pgliteDir }: { databaseUrl?: string; schema: string; pgliteDir: string }) {
  if (!databaseUrl) {
    await rm(pgliteDir, { recursive: true, force: true });
    return;
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // ponder_sync is Ponder's RPC cache: rows of a previous chain with the same id would be read back.
    await client.query(`DROP SCHEMA IF EXISTS "${schema.replace(/"/g, '""')}" CASCADE`);
    await client.query(`DROP SCHEMA IF EXISTS ponder_sync CASCADE`);
  } finally {
    await client.end();
  }
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

// CLI: index a running chain.  RPC_URL (default http://127.0.0.1:8545), PONDER_PORT (42069), DATABASE_URL.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const indexer = await startIndexer({
    rpcUrl: process.env.RPC_URL ?? 'http://127.0.0.1:8545',
    databaseUrl: process.env.DATABASE_URL || undefined,
    port: Number(process.env.PONDER_PORT ?? 42069),
    logLevel: 'info',
  });
  console.log(`indexer at ${indexer.url}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void indexer.stop().then(() => process.exit(0)));
}
