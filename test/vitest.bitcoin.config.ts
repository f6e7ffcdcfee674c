import { defineConfig } from 'vitest/config';

// Bitcoin: the offer PSBTs, against real signed transactions on the local stand-in (no database needed).
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['test/bitcoin/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
