import { useState } from 'react';

/**
 * True from the first render where `value` is true. A modal whose code is fetched when it first opens is mounted
 * from then on, so closing it runs its own close (focus back to the opener) instead of unmounting it.
 */
export function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}
