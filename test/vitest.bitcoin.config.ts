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
    // Each file starts and stops what it uses; sharing the worker's process saves loading the modules per file.
    isolate: false,
  },
});
