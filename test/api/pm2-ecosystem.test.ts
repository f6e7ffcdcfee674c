/**
 * The PM2 file of a production deployment (scripts/deploy/ecosystem.config.cjs), checked the way PM2 would read
 * it, without PM2: every process it starts exists, the api instances run no worker and listen on ports of
 * their own, and some process runs the worker.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/src/config.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const file = path.join(root, 'scripts/deploy/ecosystem.config.cjs');
const require = createRequire(import.meta.url);

interface App {
  name: string;
  script: string;
  cwd: string;
  interpreter: string;
  args: string[];
  exec_mode: string;
  env: Record<string, string>;
}

/** The apps PM2 would start from a shell with `env` set (undefined: unset): the file reads the environment as it loads. */
function appsWith(env: Record<string, string | undefined>): App[] {
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
  apply(env);
  try {
    delete require.cache[file];
    return (require(file) as { apps: App[] }).apps;
  } finally {
    apply(saved);
  }
}

/** The file node runs: the first of node's arguments that is not an option or an option's value. */
function entryOf(app: App): string {
  const nodeArgs = app.args.slice(app.args.indexOf('node') + 1);
  const entry = nodeArgs.find((arg, i) => !arg.startsWith('-') && nodeArgs[i - 1] !== '--import');
  if (!entry) throw new Error(`${app.name} names no file for node to run`);
  return path.resolve(app.cwd, entry);
}

const runs = (entry: string) => (app: App) => entryOf(app) === path.join(root, entry);

describe('the PM2 ecosystem file', () => {
  const defaults = appsWith({ GAVEL_API_INSTANCES: undefined, GAVEL_API_PORT: undefined, GAVEL_WORKERS: undefined, GAVEL_INDEXER: undefined });

  it('starts only programs that exist, each under a name of its own, in fork mode', () => {
    expect(new Set(defaults.map((app) => app.name)).size).toBe(defaults.length);
    for (const app of defaults) {
      expect(existsSync(app.cwd), `${app.name}: cwd ${app.cwd}`).toBe(true);
      expect(existsSync(path.resolve(app.cwd, app.script)), `${app.name}: script ${app.script}`).toBe(true);
      expect(existsSync(entryOf(app)), `${app.name}: entry ${entryOf(app)}`).toBe(true);
      expect(app.exec_mode).toBe('fork');
      expect(app.env.NODE_ENV).toBe('production');
    }
  });

  it('runs api instances without a worker, each on its own port, and a separate worker', () => {
    const apis = defaults.filter(runs('api/src/main.ts'));
    const workers = defaults.filter(runs('api/src/worker-main.ts'));
    expect(apis.length).toBeGreaterThanOrEqual(2);
    expect(workers.length).toBeGreaterThanOrEqual(1);
    expect(apis.length + workers.length).toBe(defaults.length);
    // Read as the api reads its environment.
    const configs = apis.map((app) => loadConfig({ ...app.env }));
    for (const config of configs) expect(config.runWorker).toBe(false);
    const ports = configs.map((config) => config.port);
    expect(new Set(ports).size).toBe(apis.length);
    for (const port of ports) expect(port).toBeGreaterThan(0);
    for (const worker of workers) expect(worker.env.PORT).toBeUndefined();
  });

  it('runs no worker, so no relayer transaction, in a production api process unless RUN_WORKER=true says so', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).runWorker).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', RUN_WORKER: 'true' }).runWorker).toBe(true);
    // Development stays one process.
    expect(loadConfig({}).runWorker).toBe(true);
  });

  it('keeps the relayer’s key out of the api processes: they know the relayer by its address, the worker signs', () => {
    const KEY = '0x1111111111111111111111111111111111111111111111111111111111111111';
    const ADDRESS = '0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A';
    const apps = appsWith({ RELAYER_PRIVATE_KEY: KEY, RELAYER_ADDRESS: ADDRESS });
    for (const app of apps.filter(runs('api/src/main.ts'))) {
      const relayer = loadConfig({ ...process.env, RELAYER_PRIVATE_KEY: KEY, RELAYER_ADDRESS: ADDRESS, ...app.env }).relayer;
      expect(relayer).toMatchObject({ privateKey: null, address: ADDRESS, signs: false, keyGivenToNonSigner: false });
    }
    // The worker reads the environment PM2 was started in, the key among it.
    const worker = loadConfig({ RELAYER_PRIVATE_KEY: KEY, NODE_ENV: 'production' }, 'worker').relayer;
    expect(worker).toMatchObject({ privateKey: KEY, address: ADDRESS, signs: true });
    // An api process given the key anyway holds none of it, and production's boot check refuses it (production-config).
    expect(loadConfig({ RELAYER_PRIVATE_KEY: KEY, NODE_ENV: 'production' }).relayer).toMatchObject({ privateKey: null, keyGivenToNonSigner: true });
  });

  it('scales by the environment, and adds the one Ponder writer only when asked', () => {
    const apps = appsWith({ GAVEL_API_INSTANCES: '4', GAVEL_API_PORT: '5001', GAVEL_WORKERS: '3', GAVEL_INDEXER: 'true' });
    const ports = apps.filter(runs('api/src/main.ts')).map((app) => app.env.PORT);
    expect(ports).toEqual(['5001', '5002', '5003', '5004']);
    expect(apps.filter(runs('api/src/worker-main.ts'))).toHaveLength(3);
    const ponder = apps.filter(runs('node_modules/ponder/dist/esm/bin/ponder.js'));
    expect(ponder).toHaveLength(1);
    expect(ponder[0]!.args).toEqual(expect.arrayContaining(['start', '--schema', 'chain']));
    expect(defaults.some(runs('node_modules/ponder/dist/esm/bin/ponder.js'))).toBe(false);
  });
});
