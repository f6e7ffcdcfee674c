/**
 * What was degraded and for how long, as this process saw it: each time a dependency stops answering (the
 * readiness probe's database and Redis, a circuit breaker's outside service) an episode opens, and it closes when
 * the dependency answers again. Open episodes live here; a closed one waits here until the degradation record
 * (degradation-record.ts) has written it to the database, which may be the very dependency that was down, so it
 * is kept, a bounded number, until a write succeeds.
 */
import { randomUUID } from 'node:crypto';

export interface DegradationEpisode {
  dependency: string;
  /** Which process saw it ("api host:pid", "worker host:pid"): each process records its own outages. */
  process: string;
  /** The first failure, in words (no secrets: error messages of sockets and status codes). */
  reason: string;
  since: Date;
  /** When it answered again; null while it is still down. */
  until: Date | null;
  /** How long it lasted, or has lasted so far. */
  durationMs: number;
}

/** A closed episode, with the id its database row takes (so writing it twice writes it once). */
export interface ClosedEpisode extends DegradationEpisode {
  id: string;
  until: Date;
}

/** Closed episodes kept while the database cannot take them: the oldest are dropped past this. */
const KEPT_UNWRITTEN = 50;

export class Degradations {
  private readonly open = new Map<string, { reason: string; since: number }>();
  private unwritten: ClosedEpisode[] = [];

  constructor(
    readonly process: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** The dependency failed; opens an episode unless one is open. Returns whether it just went down. */
  down(dependency: string, reason: string): boolean {
    if (this.open.has(dependency)) return false;
    this.open.set(dependency, { reason: reason.slice(0, 200), since: this.now() });
    return true;
  }

  /** The dependency answered; closes its open episode. Returns how long it was down, or null if it was not. */
  up(dependency: string): number | null {
    const episode = this.open.get(dependency);
    if (!episode) return null;
    this.open.delete(dependency);
    const until = this.now();
    this.unwritten.unshift({
      id: randomUUID(),
      dependency,
      process: this.process,
      reason: episode.reason,
      since: new Date(episode.since),
      until: new Date(until),
      durationMs: until - episode.since,
    });
    this.unwritten.length = Math.min(this.unwritten.length, KEPT_UNWRITTEN);
    return until - episode.since;
  }

  isDown(dependency: string): boolean {
    return this.open.has(dependency);
  }

  /** The episodes still open, the longest first. */
  openEpisodes(): DegradationEpisode[] {
    const now = this.now();
    return [...this.open]
      .map(([dependency, e]) => ({ dependency, process: this.process, reason: e.reason, since: new Date(e.since), until: null, durationMs: now - e.since }))
      .sort((a, b) => a.since.getTime() - b.since.getTime());
  }

  /** Closed episodes not yet in the database, the newest first. */
  unwrittenEpisodes(): ClosedEpisode[] {
    return [...this.unwritten];
  }

  /** These were written: they are the database's to keep now. */
  written(ids: Iterable<string>): void {
    const done = new Set(ids);
    this.unwritten = this.unwritten.filter((e) => !done.has(e.id));
  }

  /** Open episodes first, then the closed ones this process still holds, newest first. */
  list(): DegradationEpisode[] {
    return [...this.openEpisodes(), ...this.unwritten];
  }
}
