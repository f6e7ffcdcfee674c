/**
 * The indexer over HTTP: SQL through @ponder/client (Ponder validates every query as read-only and serves it
 * from its own tables; table names are unqualified, Ponder sets the schema). When the indexer does not answer,
 * calls fail fast with IndexerUnavailable for a short while, so a browse page never waits on a dead indexer
 * twice in a row; callers show their last known chain state marked stale.
 */
import { createClient, type SQL } from '@ponder/client';

export class IndexerUnavailable extends Error {
  override name = 'IndexerUnavailable';
}

export class PonderReader {
  private readonly client: ReturnType<typeof createClient>;
  private downUntil = 0;
  private wasDown = false;

  constructor(
    readonly url: string,
    private readonly timeoutMs: number,
    private readonly onChange: (up: boolean, reason?: string) => void = () => {},
    /** How long to skip the indexer after a failure. */
    private readonly backoffMs = 1000,
  ) {
    this.client = createClient(`${url.replace(/\/$/, '')}/sql`);
  }

  /** Rows of one read-only query. Numeric columns should be cast to text in the query (wei overflows numbers). */
  async rows<T>(query: SQL): Promise<T[]> {
    return this.guard(async () => {
      const result = (await this.client.db.execute(query)) as unknown;
      // PGlite answers with the rows, node-postgres with a result object holding them.
      return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
    });
  }

  private async guard<T>(call: () => Promise<T>): Promise<T> {
    if (Date.now() < this.downUntil) throw new IndexerUnavailable('the indexer did not answer a moment ago');
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs);
      });
      const result = await Promise.race([call(), timeout]);
      if (this.wasDown) {
        this.wasDown = false;
        this.onChange(true);
      }
      return result;
    } catch (error) {
      this.downUntil = Date.now() + this.backoffMs;
      const reason = (error as Error).message;
      if (!this.wasDown) {
        this.wasDown = true;
        this.onChange(false, reason);
      }
      throw new IndexerUnavailable(reason);
    } finally {
      clearTimeout(timer);
    }
  }
}
