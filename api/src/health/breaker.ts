/**
 * A circuit breaker for an outside service (Stripe, Esplora, ord, the price service): after a few failures in a
 * row it opens, and calls fail at once for a short while instead of each waiting out its timeout (a bid gets its
 * 503 and Retry-After in milliseconds, and the service is not hammered while it is down); then one call is let
 * through to try, and its success closes it. Its openings and closings are the degradation log's episodes.
 */

export interface BreakerOptions {
  /** Failures in a row that open it. */
  failures: number;
  /** How long it stays open before letting one call try: short, so the service's return is seen within seconds. */
  openMs: number;
}

export const DEFAULT_BREAKER: BreakerOptions = { failures: 5, openMs: 1000 };

/** Thrown instead of calling a service whose breaker is open. */
export class CircuitOpenError extends Error {
  constructor(
    readonly dependency: string,
    readonly retryAfterMs: number,
  ) {
    super(`${dependency} is unavailable (circuit open); not called`);
    this.name = 'CircuitOpenError';
  }
}

export class CircuitBreaker {
  private failuresInARow = 0;
  private openUntil = 0;
  private trying = false;

  constructor(
    readonly dependency: string,
    /** Told of each opening (with the failure's words) and closing (null). */
    private readonly report: (dependency: string, failure: string | null) => void,
    private readonly options: BreakerOptions = DEFAULT_BREAKER,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws CircuitOpenError while open; once its time is up, lets one call through to try. */
  admit(): void {
    if (this.failuresInARow < this.options.failures) return;
    const now = this.now();
    if (now < this.openUntil || this.trying) throw new CircuitOpenError(this.dependency, Math.max(0, this.openUntil - now) || this.options.openMs);
    this.trying = true;
  }

  succeeded(): void {
    const wasOpen = this.failuresInARow >= this.options.failures;
    this.failuresInARow = 0;
    this.trying = false;
    if (wasOpen) this.report(this.dependency, null);
  }

  failed(reason: string): void {
    this.trying = false;
    this.failuresInARow++;
    if (this.failuresInARow >= this.options.failures) {
      this.openUntil = this.now() + this.options.openMs;
      if (this.failuresInARow === this.options.failures) this.report(this.dependency, reason);
    }
  }

  /** Runs `call` through the breaker; `isFailure` says which errors are the service's fault (not a 4xx). */
  async run<T>(call: () => Promise<T>, isFailure: (error: unknown) => boolean = () => true): Promise<T> {
    this.admit();
    try {
      const value = await call();
      this.succeeded();
      return value;
    } catch (error) {
      if (isFailure(error)) this.failed((error as Error).message ?? 'failed');
      else this.succeeded();
      throw error;
    }
  }
}
