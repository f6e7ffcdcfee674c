/**
 * The degradation log every process shares, for the admin (GET /admin/auction-stats): each process (the api
 * instances, the worker) records its own outages, labelled with the process.
 * - A closed episode is written to the database once the dependency is back, retried on every probe until it is
 *   (the database may have been the one down); its id makes a retried write a single row. The newest KEPT_ROWS stay.
 * - Open episodes are shared through Redis, each process's under its own key that lapses a few seconds after the
 *   process stops renewing it, so a process that died leaves no outage "still down" forever.
 * The admin's list is the open episodes of every process, then the closed ones, newest first.
 */
import type { Redis } from 'ioredis';
import type { Database } from '../db/client.ts';
import type { DegradationEpisode, Degradations } from './degradations.ts';

/** Closed episodes kept in the database. */
const KEPT_ROWS = 500;
/** Closed episodes the admin is shown. */
const LISTED = 50;
/** A process's open episodes lapse this long after its last renewal (renewed every probe, each second). */
const OPEN_LAPSE_MS = 5000;
/** The admin's list waits no longer than this for Redis: a Redis that is down costs its open episodes, not the page. */
const REDIS_WAIT_MS = 500;
/** A sync waits no longer than this on each store, so a silent one does not hold up the next probe. */
const SYNC_WAIT_MS = 1500;

type OpenJson = { dependency: string; process: string; reason: string; since: string };

const bounded = <T>(work: Promise<T>, ms: number): Promise<T> => Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref())]);

export class DegradationRecord {
  private readonly openKey: string;
  private readonly processesKey: string;

  constructor(
    private readonly degradations: Degradations,
    private readonly db: Pick<Database, 'sql' | 'prisma'>,
    private readonly redis: Pick<Redis, 'set' | 'del' | 'sadd' | 'srem' | 'smembers' | 'mget'>,
    redisPrefix: string,
  ) {
    this.processesKey = `${redisPrefix}:degraded:processes`;
    this.openKey = `${redisPrefix}:degraded:${degradations.process}`;
  }

  /** Writes the closed episodes not yet written and shares the open ones; what fails is tried again next time. */
  async sync(): Promise<void> {
    await Promise.allSettled([bounded(this.writeClosed(), SYNC_WAIT_MS), bounded(this.shareOpen(), SYNC_WAIT_MS)]);
  }

  private async writeClosed(): Promise<void> {
    const episodes = this.degradations.unwrittenEpisodes();
    if (!episodes.length) return;
    await this.db.prisma.degradation.createMany({
      data: episodes.map(({ id, dependency, process, reason, since, until }) => ({ id, dependency, process, reason, since, until })),
      skipDuplicates: true,
    });
    this.degradations.written(episodes.map((e) => e.id));
    await this.db.sql(`DELETE FROM "Degradation" WHERE id IN (SELECT id FROM "Degradation" ORDER BY until DESC OFFSET ${KEPT_ROWS})`);
  }

  private async shareOpen(): Promise<void> {
    const open = this.degradations.openEpisodes();
    if (!open.length) {
      await this.redis.del(this.openKey);
      return;
    }
    const json: OpenJson[] = open.map((e) => ({ dependency: e.dependency, process: e.process, reason: e.reason, since: e.since.toISOString() }));
    await this.redis.set(this.openKey, JSON.stringify(json), 'PX', OPEN_LAPSE_MS);
    await this.redis.sadd(this.processesKey, this.openKey);
  }

  /** Every process's open episodes (this one's even when Redis is down), then the closed ones, newest first. */
  async list(): Promise<DegradationEpisode[]> {
    const [shared, stored] = await Promise.all([bounded(this.sharedOpen(), REDIS_WAIT_MS).catch(() => []), this.stored()]);
    const now = Date.now();
    const open = new Map<string, DegradationEpisode>();
    for (const e of [...shared, ...this.degradations.openEpisodes()]) open.set(`${e.process}\n${e.dependency}`, e);
    const closed = new Map<string, DegradationEpisode & { id: string }>();
    for (const e of [...stored, ...this.degradations.unwrittenEpisodes()]) closed.set(e.id, e);
    return [
      ...[...open.values()].map((e) => ({ ...e, durationMs: now - e.since.getTime() })).sort((a, b) => a.since.getTime() - b.since.getTime()),
      ...[...closed.values()].sort((a, b) => b.until!.getTime() - a.until!.getTime()).slice(0, LISTED),
    ];
  }

  private async sharedOpen(): Promise<DegradationEpisode[]> {
    const keys = await this.redis.smembers(this.processesKey);
    if (!keys.length) return [];
    const values = await this.redis.mget(...keys);
    const lapsed = keys.filter((_, i) => values[i] === null);
    if (lapsed.length) await this.redis.srem(this.processesKey, ...lapsed);
    return values.flatMap((value) => (value ? (JSON.parse(value) as OpenJson[]).map((e) => ({ ...e, since: new Date(e.since), until: null, durationMs: 0 })) : []));
  }

  private async stored(): Promise<(DegradationEpisode & { id: string })[]> {
    const rows = await this.db.prisma.degradation.findMany({ orderBy: { until: 'desc' }, take: LISTED });
    return rows.map((r) => ({ ...r, durationMs: r.until.getTime() - r.since.getTime() }));
  }
}
