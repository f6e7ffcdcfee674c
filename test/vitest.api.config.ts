import { defineConfig } from 'vitest/config';

// API integration tests: real PostgreSQL and Redis, one database per file, files run in parallel.
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['test/api/**/*.test.ts', 'api/src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
