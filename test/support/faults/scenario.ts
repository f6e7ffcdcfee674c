/**
 * One fault scenario, as data (a dependency, a fault, how long), run under the steady load of load.ts, then
 * checked: every acknowledged bid is in the database, no card is charged twice nor for a bid that did not win,
 * no hold is left behind, each lot closes exactly once with one won mail, no 5xx but a 503 with Retry-After, and
 * the api answers ready and takes bids again within 5 s of the dependency's return.
 */
import { eventually } from '../eventually.ts';
import type { Fault } from './proxy.ts';
import type { Dependency, Rig } from './rig.ts';
import { startLoad, type Acknowledged } from './load.ts';

export interface Scenario {
  name: string;
  /** `api`: the api process itself (the fault is a SIGKILL, then a restart). */
  dependency: Dependency | 'api';
  fault: Fault | { kind: 'kill' };
  durationMs: number;
  /** `load` (default): while bids come in; `close`: while the lots close, their winners' holds captured and the rest released. */
  during?: 'load' | 'close';
}

export interface ScenarioRow {
  scenario: string;
  requests: number;
  acknowledged: number;
  lost: number;
  doubleCharges: number;
  holdsLeft: number;
  /** 5xx answers other than a 503 with Retry-After and a catalogue message. */
  bad5xx: number;
  /** From the dependency's return until the api answers ready and acknowledges a bid again (ms). */
  recoverMs: number;
  /** Whether /readyz answered not-ready (in time) while the dependency was away; null where it need not. */
  notReadySeen: boolean | null;
  /** What the admin's degradation log holds afterwards (written by the api and worker process): "database 3.4 s". */
  logged: string[];
  /** What broke a rule, in words; empty when every rule held. */
  violations: string[];
}

/** The api must be back within this long of its dependency's return. */
export const RECOVERY_LIMIT_MS = 5000;

/** The first answer of `check` within `timeoutMs`, or null: a recovery that never came is a violation to report, not a crash. */
const until = <T>(check: () => Promise<T | null | undefined | false>, timeoutMs: number): Promise<T | null> => eventually(check, { timeoutMs }).catch(() => null);

async function readiness(url: string): Promise<number> {
  return fetch(`${url}/readyz`, { signal: AbortSignal.timeout(3000) }).then(
    (r) => r.status,
    () => 0,
  );
}

/** Injects the scenario's fault for its duration, asking readiness meanwhile where it must say not-ready; then restores. */
async function withFault(rig: Rig, scenario: Scenario): Promise<{ restoredAt: number; notReadySeen: boolean | null }> {
  // Unreachable (cut, reset, silent), not merely slow: a database answering 300 ms late is still there to serve.
  const watchReadiness = (scenario.dependency === 'postgres' || scenario.dependency === 'redis') && scenario.fault.kind !== 'delay';
  let notReadySeen = false;
  if (scenario.fault.kind === 'kill') await rig.api.crash();
  else rig.proxies[scenario.dependency as Dependency].inject(scenario.fault);
  const faultEnds = Date.now() + scenario.durationMs;
  while (Date.now() < faultEnds) {
    if (watchReadiness && (await readiness(rig.api.url)) === 503) notReadySeen = true;
    await new Promise((r) => setTimeout(r, Math.min(200, Math.max(0, faultEnds - Date.now()))));
  }
  // A killed api is back once its new process answers /healthz (its boot time is not an outage it recovers from).
  if (scenario.fault.kind === 'kill') await rig.api.start();
  else rig.proxies[scenario.dependency as Dependency].restore();
  return { restoredAt: Date.now(), notReadySeen: watchReadiness ? notReadySeen : null };
}

const saleLots = (rig: Rig) => [...rig.lots, rig.btcLot];
const lotsClosed = async (rig: Rig) => (await rig.db.db.prisma.lot.count({ where: { id: { in: saleLots(rig) }, status: 'ended' } })) === saleLots(rig).length;
const intents = (rig: Rig) => Promise.all(rig.stripe.createdIntents().map((id) => rig.stripe.stripe.paymentIntents.retrieve(id)));

export async function runScenario(rig: Rig, scenario: Scenario): Promise<ScenarioRow> {
  const violations: string[] = [];
  const load = startLoad({ url: rig.api.url, lots: rig.lots, bidders: rig.bidders, concurrency: 3, maxRequests: 2000, btc: { lot: rig.btcLot, bidders: rig.btcBidders }, evmAddress: rig.evmAddress });
  // Recovered means answering again what needs the dependency: Bitcoin offers when Bitcoin was away, card bids on the
  // BTC lot (held at the price service's rate) when the price service was, balances read from the chain when its RPC
  // node was, any bid otherwise.
  const needs = (a: Acknowledged) => (scenario.dependency === 'bitcoin' ? a.kind === 'btc' : scenario.dependency === 'price' ? a.kind === 'card' && a.lotId === rig.btcLot : true);
  const narrow = scenario.dependency === 'bitcoin' || scenario.dependency === 'price' || scenario.dependency === 'chain';
  const acked = () => (scenario.dependency === 'chain' ? load.result.balanceReads : load.result.acknowledged.filter(needs).length);
  if (!(await until(async () => acked() >= 5, 30_000))) violations.push('the load got no bid through before the fault');

  const during = scenario.during ?? 'load';
  let recoverMs = 0;
  let notReadySeen: boolean | null = null;
  if (during === 'load') {
    const watched = await withFault(rig, scenario);
    notReadySeen = watched.notReadySeen;
    // The dependency is back; the api must answer ready and take a bid again by itself.
    const ackedAtReturn = acked();
    const recovered = await until(async () => (await readiness(rig.api.url)) === 200 && acked() > ackedAtReturn && Date.now(), 30_000);
    recoverMs = recovered ? recovered - watched.restoredAt : Number.POSITIVE_INFINITY;
    await until(async () => acked() >= ackedAtReturn + (narrow ? 3 : 10), 20_000);
  }
  const result = await load.stop();
  if (result.bad5xx.length) violations.push(`5xx without Retry-After or a catalogue message: ${[...new Set(result.bad5xx)].slice(0, 3).join(' | ')}`);

  // Every acknowledged bid is in the database.
  const ids = result.acknowledged.map((a) => a.bidId);
  const found = new Set((await rig.db.db.prisma.bid.findMany({ where: { id: { in: ids } }, select: { id: true } })).map((b) => b.id));
  const lost = ids.filter((id) => !found.has(id)).length;
  if (lost) violations.push(`${lost} acknowledged bids are not in the database`);

  // The lots close (each exactly once, with the highest active bid winning and one won mail).
  const { prisma } = rig.db.db;
  await prisma.lot.updateMany({ where: { id: { in: saleLots(rig) } }, data: { endTime: new Date(Date.now() - 1000) } });
  if (during === 'close') {
    const watched = await withFault(rig, scenario);
    // Back once every lot is closed and every hold captured or released.
    const recovered = await until(async () => (await lotsClosed(rig)) && (await intents(rig)).every((pi) => pi.status !== 'requires_capture') && Date.now(), 30_000);
    recoverMs = recovered ? recovered - watched.restoredAt : Number.POSITIVE_INFINITY;
  }
  const closed = await until(() => lotsClosed(rig), 30_000);
  if (!closed) violations.push('not every lot closed within 30 s');
  const winningBids = new Set<string>();
  for (const lot of await prisma.lot.findMany({ where: { id: { in: saleLots(rig) } } })) {
    const top = await prisma.bid.findFirst({ where: { lotId: lot.id, status: 'active' }, orderBy: { amount: 'desc' } });
    if (top) winningBids.add(top.id);
    if (top && lot.winnerId !== top.userId) violations.push(`lot ${lot.id} won by ${lot.winnerId}, not its highest bidder ${top.userId}`);
    const mails = await prisma.outboxMail.count({ where: { subject: `You won ${lot.title}` } });
    if (mails !== (lot.winnerId ? 1 : 0)) violations.push(`lot ${lot.id} has ${mails} won mails`);
  }

  // Money: every hold released or captured, each lot charged at most once and only for its winning bid.
  const settled = await until(async () => (await intents(rig)).every((pi) => pi.status !== 'requires_capture'), 30_000);
  const all = await intents(rig);
  const holdsLeft = all.filter((pi) => pi.status === 'requires_capture').length;
  if (!settled) violations.push(`${holdsLeft} card holds left behind`);
  let doubleCharges = 0;
  const capturedPerLot = new Map<string, number>();
  for (const pi of all.filter((p) => p.status === 'succeeded' && p.metadata.lotId && rig.lots.includes(p.metadata.lotId))) {
    capturedPerLot.set(pi.metadata.lotId!, (capturedPerLot.get(pi.metadata.lotId!) ?? 0) + 1);
    if (pi.metadata.bidId && !winningBids.has(pi.metadata.bidId)) doubleCharges++;
  }
  for (const n of capturedPerLot.values()) doubleCharges += Math.max(0, n - 1);
  if (doubleCharges) violations.push(`${doubleCharges} charges beyond one per lot's winning bid`);

  if (recoverMs > RECOVERY_LIMIT_MS) violations.push(`recovered in ${recoverMs} ms, over ${RECOVERY_LIMIT_MS} ms`);
  if (notReadySeen === false) violations.push('/readyz never answered not-ready while the dependency was away');
  // The outage as the admin reads it: written to the database by the process that saw it, soon after the return.
  const inLog = async () => {
    const rows = await prisma.degradation.findMany({ orderBy: { since: 'asc' } });
    return rows.length > 0 && rows;
  };
  const episodes = (await until(inLog, 3000)) ?? [];
  return {
    scenario: scenario.name,
    requests: result.requests,
    acknowledged: result.acknowledged.length,
    lost,
    doubleCharges,
    holdsLeft,
    bad5xx: result.bad5xx.length,
    recoverMs,
    notReadySeen,
    logged: episodes.map((e) => `${e.dependency} ${((e.until.getTime() - e.since.getTime()) / 1000).toFixed(1)} s`),
    violations,
  };
}

/** The table `npm run faults` prints. */
export function faultTable(rows: ScenarioRow[]): string {
  const head = ['scenario', 'requests', 'acknowledged', 'lost', 'double charges', 'holds left', '5xx', 'time to recover', 'ok', 'admin sees'];
  const body = rows.map((r) => [
    r.scenario,
    String(r.requests),
    String(r.acknowledged),
    String(r.lost),
    String(r.doubleCharges),
    String(r.holdsLeft),
    String(r.bad5xx),
    Number.isFinite(r.recoverMs) ? `${(r.recoverMs / 1000).toFixed(2)} s` : 'never',
    r.violations.length ? 'NO' : 'yes',
    r.logged.join(', ') || '-',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}
