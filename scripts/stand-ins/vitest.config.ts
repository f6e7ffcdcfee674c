import { defineConfig } from 'vitest/config';

// The stand-ins' own tests (Stripe, Bitcoin): each checks its stand-in against the service it stands in for.
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['scripts/stand-ins/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Each file starts and stops what it uses; sharing the worker's process saves loading the modules per file.
    isolate: false,
  },
});
