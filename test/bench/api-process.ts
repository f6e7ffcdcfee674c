/**
 * The api in a child process for benchmarks, so the load generator gets the other core. It runs as production does
 * (no reply contract checks) but with the local services, which production mode would refuse. Each process has a
 * Redis namespace of its own, forgotten when it stops: with no worker running, every bid's jobs (the lot clock,
 * outbid mail) stay queued, and a long bench would otherwise leave hundreds of megabytes behind.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function forgetNamespace(prefix: string): Promise<void> {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  try {
    for await (const keys of redis.scanStream({ match: `${prefix}:*`, count: 1000 }) as AsyncIterable<string[]>) if (keys.length) await redis.unlink(...keys);
  } finally {
    redis.disconnect();
  }
}

const mib = (kib: string | undefined) => Number(kib ?? 0) / 1024;

/** A process's resident memory (RSS) now and at its peak, MiB. */
async function memoryOf(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return { rss: mib(/VmRSS:\s+(\d+)/.exec(status)?.[1]), peak: mib(/VmHWM:\s+(\d+)/.exec(status)?.[1]) };
}

const answers = (url: string) =>
  fetch(`${url}/healthz`, { signal: AbortSignal.timeout(500) }).then(
    (r) => r.ok,
    () => false,
  );

export async function startApiProcess(env: Record<string, string>, port: number) {
  // An api an interrupted run left on this port would answer instead, on its own database: the bench would then fail
  // far from the cause (its users' sign-ins refused as unknown).
  if (await answers(`http://127.0.0.1:${port}`)) throw new Error(`something already answers on port ${port} (an api left by an interrupted bench?)`);
  const prefix = `bench-${port}-${randomBytes(3).toString('hex')}`;
  const child = spawn(process.execPath, [...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : []), '--import', 'tsx', 'api/src/main.ts'], {
    cwd: root,
    env: { ...process.env, CHECK_REPLIES: 'false', PORT: String(port), LOG_LEVEL: 'warn', RUN_WORKER: 'false', REDIS_PREFIX: prefix, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i++) {
    if (await answers(url)) {
      const stop = async () => {
        child.kill('SIGTERM');
        await exited;
        await forgetNamespace(prefix);
      };
      return { url, pid: child.pid!, memory: () => memoryOf(child.pid!), stop };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  await exited;
  await forgetNamespace(prefix);
  throw new Error('api did not start');
}
