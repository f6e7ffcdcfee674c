/**
 * The readiness probe, run by /readyz and every second in the background: the database and Redis each asked a
 * trivial question with a bounded wait (a server that went silent must read as not ready, not hang the probe).
 * Its answers open and close the degradation log's episodes, so the admin sees an outage nobody probed during.
 */
import type { Logger } from 'pino';
import type { Redis } from 'ioredis';
import type { Database } from '../db/client.ts';
import { Degradations } from './degradations.ts';

/** How long each check may take before it counts as failed. */
const CHECK_TIMEOUT_MS = 1500;
/** How often the background probe runs: an outage's end is seen within this, well inside the 5 s recovery. */
const PROBE_EVERY_MS = 1000;

export type Readiness = { database: boolean; redis: boolean };

export class HealthMonitor {
  readonly degradations = new Degradations();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Pick<Database, 'sql'>,
    private readonly redis: Pick<Redis, 'ping'>,
    private readonly log: Pick<Logger, 'warn' | 'info'>,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.check(), PROBE_EVERY_MS);
    this.timer.unref();
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
  record(dependency: string, failure: string | null): void {
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
      this.record(dependency, null);
      return true;
    } catch (error) {
      this.record(dependency, (error as Error).message || 'failed');
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}
