/**
 * Retries of an outside call that is safe to repeat (a read, a broadcast of the same transaction): a few attempts,
 * each bounded by the caller's own timeout, with exponential backoff and full jitter between them, so many
 * processes retrying after the same blip do not all call again at the same instant.
 */

export interface RetryOptions {
  /** Attempts in all (the first included). */
  attempts: number;
  /** The first wait's ceiling; each later one doubles it. */
  baseMs: number;
  /** Whether this failure is worth another attempt (a timeout, a refused connection, a 5xx); a 4xx is not. */
  retryable: (error: unknown) => boolean;
}

export const OUTSIDE_CALL_RETRIES: Omit<RetryOptions, 'retryable'> = { attempts: 3, baseMs: 200 };

export async function withRetries<T>(call: () => Promise<T>, options: RetryOptions, random: () => number = Math.random): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= options.attempts || !options.retryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, random() * options.baseMs * 2 ** (attempt - 1)));
    }
  }
}
