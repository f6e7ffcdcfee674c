/**
 * The api in a child process for benchmarks, so the load generator gets the other core. It runs as production does
 * (no reply contract checks) but with the local services, which production mode would refuse.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function startApiProcess(env: Record<string, string>, port: number) {
  const child = spawn(process.execPath, [...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : []), '--import', 'tsx', 'api/src/main.ts'], {
    cwd: root,
    env: { ...process.env, CHECK_REPLIES: 'false', PORT: String(port), LOG_LEVEL: 'warn', RUN_WORKER: 'false', REDIS_PREFIX: `bench-${port}`, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i++) {
    const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(500) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, pid: child.pid!, stop: () => new Promise<void>((resolve) => child.once('exit', () => resolve()).kill('SIGTERM')) };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('api did not start');
}
