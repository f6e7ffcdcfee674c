/** The fault matrix, as data: each dependency with each way it fails, for how long, and when (during bids or during the close). */
import type { Scenario } from './scenario.ts';

export const FAULT_MATRIX: Scenario[] = [
  { name: 'postgres cut 3s', dependency: 'postgres', fault: { kind: 'cut' }, durationMs: 3000 },
  { name: 'postgres reset 3s', dependency: 'postgres', fault: { kind: 'reset' }, durationMs: 3000 },
  { name: 'postgres black-hole 3s', dependency: 'postgres', fault: { kind: 'blackhole' }, durationMs: 3000 },
  { name: 'postgres +300ms 4s', dependency: 'postgres', fault: { kind: 'delay', ms: 300 }, durationMs: 4000 },
  { name: 'redis cut 3s', dependency: 'redis', fault: { kind: 'cut' }, durationMs: 3000 },
  { name: 'redis black-hole 3s', dependency: 'redis', fault: { kind: 'blackhole' }, durationMs: 3000 },
  { name: 'stripe 500s 4s (bids)', dependency: 'stripe', fault: { kind: 'http500' }, durationMs: 4000 },
  { name: 'stripe cut 4s (bids)', dependency: 'stripe', fault: { kind: 'cut' }, durationMs: 4000 },
  { name: 'stripe black-hole 4s (bids)', dependency: 'stripe', fault: { kind: 'blackhole' }, durationMs: 4000 },
  { name: 'stripe +3s 4s (bids)', dependency: 'stripe', fault: { kind: 'delay', ms: 3000 }, durationMs: 4000 },
  { name: 'stripe 500s 4s (captures)', dependency: 'stripe', fault: { kind: 'http500' }, durationMs: 4000, during: 'close' },
  { name: 'stripe +3s 4s (captures)', dependency: 'stripe', fault: { kind: 'delay', ms: 3000 }, durationMs: 4000, during: 'close' },
  { name: 'postgres cut 3s (close)', dependency: 'postgres', fault: { kind: 'cut' }, durationMs: 3000, during: 'close' },
  { name: 'redis black-hole 3s (close)', dependency: 'redis', fault: { kind: 'blackhole' }, durationMs: 3000, during: 'close' },
  { name: 'price cut 4s (card bids in sats)', dependency: 'price', fault: { kind: 'cut' }, durationMs: 4000 },
  { name: 'bitcoin cut 4s (offers)', dependency: 'bitcoin', fault: { kind: 'cut' }, durationMs: 4000 },
  { name: 'bitcoin black-hole 8s (offers)', dependency: 'bitcoin', fault: { kind: 'blackhole' }, durationMs: 8000 },
  { name: 'chain RPC cut 4s (balances)', dependency: 'chain', fault: { kind: 'cut' }, durationMs: 4000 },
  { name: 'chain RPC black-hole 8s (balances)', dependency: 'chain', fault: { kind: 'blackhole' }, durationMs: 8000 },
  { name: 'api SIGKILL + restart', dependency: 'api', fault: { kind: 'kill' }, durationMs: 500 },
];

/** The few CI runs inside the api suite (a few minutes at most in all). */
export const CI_SCENARIOS = ['postgres cut 3s', 'stripe 500s 4s (captures)', 'redis cut 3s', 'redis black-hole 3s', 'bitcoin cut 4s (offers)'];
