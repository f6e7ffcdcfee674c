/**
 * The readiness probe, run by /readyz and every second in the background: the database and Redis each asked a
 * trivial question with a bounded wait (a server that went silent must read as not ready, not hang the probe).
 * Its answers open and close the degradation log's episodes, so the admin sees an outage nobody probed during;
 * after each background probe the log is synced with the other processes (degradation-record.ts).
 */
import type { Logger } from 'pino';
import type { Redis } from 'ioredis';
import type { Database } from '../db/client.ts';
import { Degradations } from './degradations.ts';
import { DegradationRecord } from './degradation-record.ts';

/** How long each check may take before it counts as failed. */
const CHECK_TIMEOUT_MS = 1500;
/** How often the background probe runs: an outage's end is seen within this, well inside the 5 s recovery. */
const PROBE_EVERY_MS = 1000;

export type Readiness = { database: boolean; redis: boolean };

export class HealthMonitor {
  readonly degradations: Degradations;
  /** Every process's degradations, for the admin. */
  readonly record: DegradationRecord;
  private timer: NodeJS.Timeout | null = null;
  private syncing = false;

  /** `process`: how this process is named in the log ("api host:pid"). */
  constructor(
    private readonly db: Pick<Database, 'sql' | 'prisma'>,
    private readonly redis: Redis,
    private readonly log: Pick<Logger, 'warn' | 'info'>,
    shared: { process: string; redisPrefix: string },
  ) {
    this.degradations = new Degradations(shared.process);
    this.record = new DegradationRecord(this.degradations, db, redis, shared.redisPrefix);
  }

  start(): void {
    this.timer ??= setInterval(() => void this.probeAndSync(), PROBE_EVERY_MS);
    this.timer.unref();
  }

  /** One background turn; a turn still waiting on a silent dependency is not joined by another. */
  private async probeAndSync(): Promise<void> {
    if (this.syncing) return;
    this.syncing = true;
    try {
      await this.check();
      await this.record.sync();
    } finally {
      this.syncing = false;
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async check(): Promise<Readiness> {
    const [database, redis] = await Promise.all([this.probe('database', () => this.db.sql('SELECT 1')), this.probe('redis', () => this.redis.ping())]);
    return { database, redis };
  }

  /** Records a dependency's failure or return (the circuit breakers of outside services report here too). */
  report(dependency: string, failure: string | null): void {
    if (failure !== null) {
      if (this.degradations.down(dependency, failure)) this.log.warn({ dependency, reason: failure }, `${dependency} is unavailable`);
      return;
    }
    const downMs = this.degradations.up(dependency);
    if (downMs !== null) this.log.info({ dependency, downMs }, `${dependency} is back`);
  }

  private async probe(dependency: string, ask: () => Promise<unknown>): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
    });
    try {
      await Promise.race([ask(), timeout]);
      this.report(dependency, null);
      return true;
    } catch (error) {
      this.report(dependency, (error as Error).message || 'failed');
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}
