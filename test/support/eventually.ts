/**
 * The one way tests wait for something that happens in its own time (a job, a webhook, a page, a process).
 * `check` is called until it answers, then its answer is returned. Not yet: it throws (an assertion not true yet,
 * a service not up yet), or it returns false, null or undefined, or `until` refuses what it returned. At the
 * deadline the last error is thrown, or a timeout that names `what` and the last value.
 */
export interface Patience {
  /** How long to keep trying; 10 s unless said. */
  timeoutMs?: number;
  /** The pause between tries. */
  intervalMs?: number;
  /** What is awaited, in words, for the timeout's message. */
  what?: string;
}

/** For a check that only asserts: it has answered as soon as it stops throwing. */
export const anyAnswer = (): boolean => true;

export function eventually<T>(check: () => T | Promise<T>, patience: Patience & { until: (value: T) => boolean }): Promise<T>;
export function eventually<T>(check: () => T | undefined | null | false | Promise<T | undefined | null | false>, patience?: Patience): Promise<T>;
export async function eventually<T>(
  check: () => T | Promise<T>,
  { timeoutMs = 10_000, intervalMs = 50, what = 'a condition', until = (value: T) => value !== false && value !== null && value !== undefined }: Patience & { until?: (value: T) => boolean } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let failure: unknown = null;
    let last: T | undefined;
    try {
      last = await check();
      if (until(last)) return last;
    } catch (error) {
      failure = error;
    }
    if (Date.now() > deadline) {
      if (failure) throw failure;
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last value: ${shown(last)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

function shown(value: unknown): string {
  try {
    return String(JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))).slice(0, 2000);
  } catch {
    return String(value);
  }
}
