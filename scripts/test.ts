/**
 * `npm test`: every suite, in the order that fails fastest: lint and format check (Biome), type-check, domain and dapp unit tests, api
 * integration tests (PostgreSQL, Redis), contract tests (Hardhat), then the dapp build and browser e2e tests.
 * Prints one closing line "N passed, N failed" over all test cases.
 *
 *   npm test -- --only api,e2e     run a subset (names below)
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (p: string) => path.join(root, 'node_modules', p);
const reports = path.join(root, 'test/.artifacts');
// Every process a run starts (vitest workers, api servers, Ponder, browser runners) loads the same modules: V8's
// code cache, shared on disk, lets each one after the first skip compiling them (a Ponder start: 3.8 s of CPU
// instead of 4.6 s).
process.env.NODE_COMPILE_CACHE ??= path.join(tmpdir(), 'gavel-node-compile-cache');

interface Counts {
  passed: number;
  failed: number;
  /** What failed, by name, so the last lines of a red run say which test to open. */
  names?: string[];
}
interface Suite {
  name: string;
  run: () => Promise<Counts>;
}

const node = (args: string[], cwd = root, env: Record<string, string> = {}, options: { quiet?: boolean } = {}) => run(process.execPath, args, cwd, env, options);

const vitest = (name: string, args: string[]): Suite => ({
  name,
  run: async () => {
    const out = path.join(reports, `${name}.json`);
    const { code } = await node([bin('vitest/vitest.mjs'), 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${out}`]);
    const json = JSON.parse(await readFile(out, 'utf8').catch(() => '{}')) as VitestReport;
    // The failure's first line goes with its name: the tail of a red CI log is often all anyone reads of it.
    const why = (t: { failureMessages?: string[] }) => (t.failureMessages?.[0] ?? '').split('\n')[0]?.slice(0, 300) ?? '';
    const names = (json.testResults ?? []).flatMap((file) =>
      file.assertionResults.filter((t) => t.status === 'failed').map((t) => `${path.relative(root, file.name)}: ${t.fullName}\n         ${why(t)}`),
    );
    return countsOrExit(name, code, json.numPassedTests ?? 0, json.numFailedTests ?? 0, names);
  },
});

interface VitestReport {
  numPassedTests?: number;
  numFailedTests?: number;
  testResults?: Array<{ name: string; assertionResults: Array<{ fullName: string; status: string; failureMessages?: string[] }> }>;
}

const step = (name: string, args: string[], cwd = root): Suite => ({
  name,
  run: async () => {
    const { code } = await node(args, cwd);
    return code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1, names: [`${name} exited with code ${code}`] };
  },
});

/**
 * One failure per project that does not type-check (the root project covers scripts and test). The contracts
 * project reads typed artifacts, so Hardhat builds first. The compiler uses one core: two projects are checked at a
 * time, the largest first, and each one's errors are printed whole when it ends.
 */
const typecheck = (projects: string[]): Suite => ({
  name: 'typecheck',
  run: async () => {
    let failed = (await node([bin('hardhat/dist/src/cli.js'), 'build', '--quiet'])).code === 0 ? 0 : 1;
    const waiting = [...projects];
    const lane = async () => {
      for (let project = waiting.shift(); project !== undefined; project = waiting.shift()) {
        const { code, output } = await node([bin('typescript/bin/tsc'), '-p', project, '--noEmit'], root, {}, { quiet: true });
        process.stdout.write(output);
        if (code !== 0) failed += 1;
      }
    };
    await Promise.all([lane(), lane()]);
    return { passed: projects.length + 1 - failed, failed, names: failed ? ['see the compiler errors above'] : [] };
  },
});

/** node:test prints "ℹ pass N"; Hardhat's reporter prints "N passing" / "N failing". */
const nodeTests = (name: string, start: () => Promise<{ code: number; output: string }>): Suite => ({
  name,
  run: async () => {
    const { code, output } = await start();
    const grab = (re: RegExp) => [...output.matchAll(re)].reduce((sum, m) => sum + Number(m[1]), 0);
    const passed = grab(/ℹ pass (\d+)/g) + grab(/^\s*(\d+) passing/gm);
    const failed = grab(/ℹ fail (\d+)/g) + grab(/^\s*(\d+) failing/gm);
    // The spec reporter marks a failed test (and each suite around it) with ✖, once inline and once in its closing list.
    const names = [...new Set([...output.matchAll(/^\s*✖ (.+?)(?: \([\d.]+m?s\))?$/gm)].map((m) => m[1] ?? ''))].filter((n) => n !== 'failing tests:');
    return countsOrExit(name, code, passed, failed, names);
  },
});

/**
 * Browser files run in two processes, one a core, each taking the next file from one queue (scripts/browser-files.ts):
 * the suite is CPU-bound (Chromium about half of it), and three at once was slower than two. Every file runs against
 * the production server (the api serving the built dapp, with its headers).
 */
const BROWSER_PROCESSES = 2;

async function browserFiles(): Promise<{ code: number; output: string }> {
  const queue = await mkdtemp(path.join(tmpdir(), 'gavel-browser-files-'));
  const e2e = path.join(root, 'test/e2e');
  const files = (await readdir(e2e)).filter((f) => f.endsWith('.e2e.ts')).map((f) => path.join(e2e, f));
  try {
    const runs = await Promise.all(Array.from({ length: BROWSER_PROCESSES }, () => node(['--import', 'tsx', path.join(root, 'scripts/browser-files.ts'), queue, ...files])));
    return { code: Math.max(...runs.map((r) => r.code)), output: runs.map((r) => r.output).join('\n') };
  } finally {
    await rm(queue, { recursive: true, force: true });
  }
}

const suites: Suite[] = [
  step('lint', [bin('@biomejs/biome/bin/biome'), 'ci', '--error-on-warnings']),
  typecheck(['.', 'api', 'dapp', 'contracts', 'indexer', 'domain']),
  vitest('domain', ['--root', 'domain']),
  vitest('dapp', ['--root', 'dapp']),
  vitest('api', ['--config', 'test/vitest.api.config.ts']),
  vitest('bitcoin', ['--config', 'test/vitest.bitcoin.config.ts']),
  vitest('stand-ins', ['--config', 'scripts/stand-ins/vitest.config.ts']),
  nodeTests('contracts', () => node([bin('hardhat/dist/src/cli.js'), 'test', 'nodejs'])),
  step('build', [bin('vite/bin/vite.js'), 'build', '--logLevel', 'warn'], path.join(root, 'dapp')),
  nodeTests('e2e', browserFiles),
];

/** A runner that crashed before counting anything is one failure, not a silent zero. */
function countsOrExit(name: string, code: number, passed: number, failed: number, names: string[] = []): Counts {
  if (code !== 0 && failed === 0) return { passed, failed: 1, names: [`${name} exited with code ${code} before counting a failure`] };
  if (code === 0 && passed === 0) console.warn(`! ${name} ran no test`);
  return { passed, failed, names };
}

/** `quiet`: the output is only returned, for a caller that prints it once the command ends. */
function run(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}, { quiet = false } = {}): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, FORCE_COLOR: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const tee = (stream: NodeJS.WritableStream) => (chunk: Buffer) => {
      output += chunk.toString();
      if (!quiet) stream.write(chunk);
    };
    child.stdout.on('data', tee(process.stdout));
    child.stderr.on('data', tee(process.stderr));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

async function main() {
  const flag = process.argv.indexOf('--only');
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7) ?? (flag >= 0 ? process.argv[flag + 1] : undefined);
  const wanted = only ? new Set(only.split(',')) : null;
  await rm(reports, { recursive: true, force: true });
  await mkdir(reports, { recursive: true });
  const results: Array<[string, Counts, number]> = [];
  for (const suite of suites.filter((s) => !wanted || wanted.has(s.name))) {
    console.log(`\n=== ${suite.name} ===`);
    const started = performance.now();
    results.push([suite.name, await suite.run(), performance.now() - started]);
  }
  console.log('\n=== summary ===');
  // Each suite's wall time, so a slow CI says where its minutes go.
  const took = (ms: number) => `${Math.floor(ms / 60_000)}m${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}s`;
  for (const [name, c, ms] of results) console.log(`${c.failed ? 'FAIL' : 'ok  '} ${name.padEnd(15)} ${took(ms).padStart(7)}  ${c.passed} passed, ${c.failed} failed`);
  for (const [name, c] of results) for (const failed of (c.names ?? []).slice(0, 20)) console.log(`     ✖ ${name}: ${failed}`);
  console.log(`     ${'total'.padEnd(15)} ${took(results.reduce((t, [, , ms]) => t + ms, 0)).padStart(7)}`);
  const total = results.reduce((t, [, c]) => ({ passed: t.passed + c.passed, failed: t.failed + c.failed }), { passed: 0, failed: 0 });
  console.log(`${total.passed} passed, ${total.failed} failed`);
  // A run that executed nothing has proved nothing.
  process.exit(total.failed || total.passed === 0 ? 1 : 0);
}

await main();
