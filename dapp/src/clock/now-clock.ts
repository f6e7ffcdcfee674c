/**
 * One shared one-second clock for every countdown on the page. Twenty cards with twenty intervals would drift
 * apart and tick out of step; one interval that starts with the first subscriber and stops with the last keeps
 * them in phase and costs nothing when no clock is shown.
 */
type Listener = () => void;

const TICK_MS = 1_000;
const listeners = new Set<Listener>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function tick(): void {
  now = Date.now();
  for (const listener of listeners) listener();
}

export function subscribeToClock(listener: Listener): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    now = Date.now();
    timer = setInterval(tick, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

export function clockNow(): number {
  // With no clock on screen the time stood still: a page's first render must not show (or announce the change
  // from) the time the last clock stopped at. Refreshed only when a second old, so a render reads one value.
  if (timer === undefined && Math.abs(Date.now() - now) >= TICK_MS) now = Date.now();
  return now;
}
