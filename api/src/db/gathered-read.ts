/**
 * A read by key that many requests ask for at once (the signed-in user, the lot a bid is for), gathered: the keys
 * asked for during one turn of the event loop are read by one statement (`WHERE id = ANY($1)`), so a burst of bids
 * costs the database and the api one round trip for many readers instead of one each. Under no load a read waits
 * for nothing but the end of the turn.
 *
 * Every read stays fresh: a key is read by a statement sent after it was asked for. While `maxInFlight` statements
 * are out, new keys wait for the next one rather than joining a statement already sent.
 */
export class GatheredRead<Row> {
  private pending = new Map<string, Waiter<Row>[]>();
  private inFlight = 0;
  private scheduled = false;

  constructor(
    /** Reads the rows of these keys (each at most once), by key; a key without a row is left out. */
    private readonly read: (keys: string[]) => Promise<Map<string, Row>>,
    private readonly maxInFlight = 2,
  ) {}

  /** The row of `key`, or undefined when there is none. Each caller gets a row of its own to keep. */
  load(key: string): Promise<Row | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.pending.set(key, [{ resolve, reject }]);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.maxInFlight || this.pending.size === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.send();
    });
  }

  private send(): void {
    if (this.inFlight >= this.maxInFlight || this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.inFlight++;
    this.read([...batch.keys()])
      .then(
        (rows) => {
          for (const [key, waiters] of batch) {
            const row = rows.get(key);
            // Callers of the same key in one statement each get their own copy: none sees another's changes.
            for (const [i, waiter] of waiters.entries()) waiter.resolve(row === undefined || i === 0 ? row : { ...row });
          }
        },
        (error: unknown) => {
          for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
        },
      )
      .finally(() => {
        this.inFlight--;
        this.schedule();
      });
  }
}

interface Waiter<Row> {
  resolve(row: Row | undefined): void;
  reject(error: unknown): void;
}
