/**
 * The benches' load generator: Debian's `wrk` (C, one event-loop thread: it drives 64 connections on a fraction of
 * one core) with a Lua script from test/bench/wrk/, so the figures measure the api, not a load generator sharing
 * its two cores. Each run reports, beside its throughput and latency, the CPU share of the generator, the api,
 * PostgreSQL and Redis over the run, and what the machine left idle (each in percent of one core; all the cores
 * together are 100% times their number), so a reader can see who was the limit.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const scripts = path.join(path.dirname(fileURLToPath(import.meta.url)), 'wrk');
export const TICKS_PER_SECOND = 100;

export interface WrkRun {
  label: string;
  perSecond: number;
  requests: number;
  /** Replies by status code ("201": n). */
  statuses: Record<string, number>;
  p50: number;
  p99: number;
  /** Socket errors and timeouts. */
  errors: number;
  /** Percent of one core over the run; `idle` is the whole machine's idle time (up to 100% per core). */
  cpu: { generator: number; api: number; postgres: number; redis: number; idle: number };
}

export function assertWrkInstalled(): void {
  if (!existsSync('/usr/bin/wrk')) throw new Error('the benches drive load with Debian’s wrk: apt-get install -y wrk');
}

/** CPU ticks (user + system) of a process, 0 once it is gone. */
export function ticksOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** The ticks of every process named `comm` (PostgreSQL's postmaster and backends, the Redis server). */
function ticksByName(comm: string): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === comm) ticks.set(Number(entry), ticksOf(Number(entry)));
    } catch {
      // gone meanwhile
    }
  }
  return ticks;
}

/** Ticks of a set of processes since `before`, counting those started meanwhile from zero. */
function ticksSince(before: Map<number, number>, after: Map<number, number>): number {
  let ticks = 0;
  for (const [pid, now] of after) ticks += now - (before.get(pid) ?? 0);
  return ticks;
}

/** The machine's idle ticks (idle and waiting on I/O), summed over its cores. */
function idleTicks(): number {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  return Number(fields[4]) + Number(fields[5]);
}

/**
 * Runs `script` (a file in test/bench/wrk/) against `url` for `seconds` with `connections`, `args` passed to its
 * init. The script's done() prints one JSON line with the status counts.
 */
export async function wrk(o: { label: string; url: string; script: string; args?: string[]; connections: number; seconds: number; apiPid: number }): Promise<WrkRun> {
  const pgBefore = ticksByName('postgres');
  const redisBefore = ticksByName('redis-server');
  const idleBefore = idleTicks();
  const apiBefore = ticksOf(o.apiPid);
  const started = performance.now();
  const child = spawn('wrk', ['-t1', `-c${o.connections}`, `-d${o.seconds}s`, '--timeout', '10s', '--latency', '-s', path.join(scripts, o.script), o.url, '--', ...(o.args ?? [])], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  let generatorTicks = 0;
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  // The generator's own ticks, read while it still runs (its last moments are only its summary).
  const sampler = setInterval(() => {
    generatorTicks = Math.max(generatorTicks, ticksOf(child.pid!));
  }, 200);
  const code = await new Promise<number>((resolve) => child.once('exit', (c) => resolve(c ?? 1)));
  clearInterval(sampler);
  const wall = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`wrk exited with ${code}: ${out}`);
  const share = (ticks: number) => (ticks / TICKS_PER_SECOND / wall) * 100;
  const summary = JSON.parse(out.split('\n').find((line) => line.startsWith('{'))!) as {
    requests: number;
    seconds: number;
    p50: number;
    p99: number;
    errors: number;
    statuses: Record<string, number>;
  };
  return {
    label: o.label,
    perSecond: summary.requests / summary.seconds,
    requests: summary.requests,
    statuses: summary.statuses,
    p50: summary.p50,
    p99: summary.p99,
    errors: summary.errors,
    cpu: {
      generator: share(generatorTicks),
      api: share(ticksOf(o.apiPid) - apiBefore),
      postgres: share(ticksSince(pgBefore, ticksByName('postgres'))),
      redis: share(ticksSince(redisBefore, ticksByName('redis-server'))),
      idle: share(idleTicks() - idleBefore),
    },
  };
}

/** "gen 12% · api 98% · pg 71% · redis 9% · idle 4%": who had the cores during a run, and what was left. */
export const cpuLine = ({ cpu }: WrkRun) =>
  `gen ${cpu.generator.toFixed(0)}% · api ${cpu.api.toFixed(0)}% · pg ${cpu.postgres.toFixed(0)}% · redis ${cpu.redis.toFixed(0)}% · idle ${cpu.idle.toFixed(0)}%`;
