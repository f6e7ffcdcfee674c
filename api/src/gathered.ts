/**
 * Work that many requests ask for at once, gathered: what is asked during one turn of the event loop is sent at
 * once (one SQL statement, one Redis pipeline), so a burst of bids costs the database, Redis and the api one round
 * trip for many callers instead of one each. Under no load a caller waits for nothing but the end of the turn. Used
 * for the signed-in user and the lot a bid is for (GatheredRead, below), the route's rate-limit counters
 * (http/rate-limit.ts), the mail's outbox rows (mail/mailer.ts) and the live events (events/event-hub.ts).
 *
 * Every answer stays fresh: what is asked is sent by a request that starts after it was asked, and requests go out
 * in the order they were asked. While `maxInFlight` are out, new asks wait for the next one rather than joining one
 * already sent. Two bounds keep one slow request from holding everything back: a request out longer than
 * `patienceMs` no longer counts against `maxInFlight` (a hung connection delays only its own callers), and a request
 * carries at most `maxBatch` asks (a backlog after an outage goes out in pieces).
 */
export class Gathered<In, Out> {
  private pending: Ask<In, Out>[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    /** Does the work of these asks at once: an answer for each, in their order. */
    private readonly send: (inputs: In[]) => Promise<Out[]>,
    private readonly options: {
      maxInFlight?: number;
      maxBatch?: number;
      patienceMs?: number;
      /** An ask finding nothing out and nothing waiting goes at once, in the caller's turn, rather than at its end. */
      eager?: boolean;
    } = {},
  ) {}

  private get maxInFlight(): number {
    return this.options.maxInFlight ?? 2;
  }

  ask(input: In): Promise<Out> {
    return new Promise((resolve, reject) => {
      const idle = this.pending.length === 0 && this.inFlight < this.maxInFlight;
      this.pending.push({ input, resolve, reject });
      if (idle && this.options.eager) this.sendPending();
      else this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.maxInFlight || this.pending.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.sendPending();
    });
  }

  private sendPending(): void {
    if (this.inFlight >= this.maxInFlight || this.pending.length === 0) return;
    const asks = this.pending.splice(0, this.options.maxBatch ?? 500);
    this.inFlight++;
    let counted = true;
    const release = () => {
      if (!counted) return;
      counted = false;
      this.inFlight--;
      this.schedule();
    };
    const impatient = setTimeout(release, this.options.patienceMs ?? 1000).unref();
    this.send(asks.map((a) => a.input))
      .then(
        (answers) => {
          for (const [i, ask] of asks.entries()) ask.resolve(answers[i]!);
        },
        (error: unknown) => {
          for (const ask of asks) ask.reject(error);
        },
      )
      .finally(() => {
        clearTimeout(impatient);
        release();
      });
    // More asks than one request carries: the rest go in the next, if one may go out now.
    this.schedule();
  }
}

interface Ask<In, Out> {
  input: In;
  resolve(answer: Out): void;
  reject(error: unknown): void;
}

/**
 * A read by key from PostgreSQL, gathered: each key read once per statement (`WHERE id = ANY($1)`), each caller
 * given a row object of its own (its fields, not the values inside them, which nothing in the api changes), or
 * undefined when the key has no row. Keys must be ones PostgreSQL can hold: one that fails the statement fails every
 * caller beside it (a path parameter with a NUL never gets here: http/hostile-input.ts refuses it).
 */
export class GatheredRead<Row> {
  private readonly gathered: Gathered<string, Row | undefined>;

  constructor(
    /** Reads the rows of these keys (each once), by key; a key without a row is left out. */
    read: (keys: string[]) => Promise<Map<string, Row>>,
  ) {
    this.gathered = new Gathered(async (keys) => {
      const rows = await read([...new Set(keys)]);
      const given = new Set<string>();
      return keys.map((key) => {
        const row = rows.get(key);
        if (row === undefined || !given.has(key)) {
          given.add(key);
          return row;
        }
        return { ...row };
      });
    });
  }

  load(key: string): Promise<Row | undefined> {
    return this.gathered.ask(key);
  }
}
