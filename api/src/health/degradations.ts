/**
 * What was degraded and for how long, for the admin (GET /admin/auction-stats): each time a dependency stops
 * answering (the readiness probe's database and Redis, a circuit breaker's outside service) an episode opens, and
 * it closes when the dependency answers again. Kept in this process's memory, the newest first, a bounded number:
 * the admin reads the instance it reached, and an episode outlives the outage it describes only as a record.
 */

export interface DegradationEpisode {
  dependency: string;
  /** The first failure, in words (no secrets: error messages of sockets and status codes). */
  reason: string;
  since: Date;
  /** When it answered again; null while it is still down. */
  until: Date | null;
  /** How long it lasted, or has lasted so far. */
  durationMs: number;
}

const KEPT = 50;

export class Degradations {
  private readonly open = new Map<string, { reason: string; since: number }>();
  private readonly closed: Array<{ dependency: string; reason: string; since: number; until: number }> = [];

  constructor(private readonly now: () => number = Date.now) {}

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
    this.closed.unshift({ dependency, ...episode, until });
    this.closed.length = Math.min(this.closed.length, KEPT);
    return until - episode.since;
  }

  isDown(dependency: string): boolean {
    return this.open.has(dependency);
  }

  /** Open episodes first, then the closed ones, newest first. */
  list(): DegradationEpisode[] {
    const now = this.now();
    return [
      ...[...this.open].map(([dependency, e]) => ({ dependency, reason: e.reason, since: new Date(e.since), until: null, durationMs: now - e.since })),
      ...this.closed.map((e) => ({ dependency: e.dependency, reason: e.reason, since: new Date(e.since), until: new Date(e.until), durationMs: e.until - e.since })),
    ];
  }
}
