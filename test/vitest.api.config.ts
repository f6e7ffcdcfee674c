import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that measure time against a dependency's outage, a worker's death or a lot clock: they run after the rest,
 * so that their deadlines are not raced by the busy files. Two run at once: each mostly waits (on an outage, a
 * lot's turn), and two waiting files leave each other the cores (checked in two runs: no deadline missed). Three
 * at once were no faster: the fault file, which makes its own load, took 123 s instead of 71 s. Longest first, in
 * this order (see `TimingFilesInOrder`).
 */
const ALONE = [
  'test/api/faults.test.ts',
  'test/api/close-in-turn.test.ts',
  'test/api/close-faults.test.ts',
  'test/api/faults-outside-calls.test.ts',
  'test/api/relayer-rpc-faults.test.ts',
  'test/api/backup-restore.test.ts',
  'test/api/graceful-stop.test.ts',
  'test/api/disk-full.test.ts',
];

/**
 * Vitest starts files it has no timings for (a fresh clone, as in CI) largest first. The fault file is the smallest and
 * the longest (its scenarios wait out outages), so it ran last, alone, for its last 50 s. The timing files run in
 * ALONE's order instead; the rest keep vitest's.
 */
class TimingFilesInOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => ALONE.findIndex((alone) => file.moduleId.endsWith(alone));
    const sorted = await super.sort(files);
    const timing = sorted.filter((file) => rank(file) >= 0).sort((a, b) => rank(a) - rank(b));
    return [...sorted.filter((file) => rank(file) < 0), ...timing];
  }
}

const shared = {
  root: new URL('..', import.meta.url).pathname,
  environment: 'node',
  // Hang guards, not speed limits: a busy day here runs the same file at half speed, and a Ponder start alone can
  // take past a minute (its own start waits up to 150 s).
  testTimeout: 120_000,
  hookTimeout: 180_000,
  pool: 'forks',
  // Files share their worker's process: each brings its own database, Redis prefix and stack, and loading the api's
  // modules once per worker instead of once per file saves most of the suite's time.
  isolate: false,
} as const;

// API integration tests: real PostgreSQL and Redis, one database (cloned from a migrated template) and one Redis
// prefix per file. The files mostly wait on PostgreSQL, Redis and the processes they start, so three run at once
// even on two cores (vitest's default there is one).
export default defineConfig({
  test: {
    sequence: { sequencer: TimingFilesInOrder },
    projects: [
      { test: { ...shared, name: 'api', include: ['test/api/**/*.test.ts', 'api/src/**/*.test.ts'], exclude: ALONE, maxWorkers: 3, sequence: { groupOrder: 0 } } },
      { test: { ...shared, name: 'api-alone', include: ALONE, maxWorkers: 2, sequence: { groupOrder: 1 } } },
    ],
  },
});
