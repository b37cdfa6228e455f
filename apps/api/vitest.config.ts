import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Test files that mock a module (vi.mock): they need a module graph of their own. */
const MOCKING = ['src/modules/auth/throttle.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default leaves one core free: one worker on a 2-core CI machine, with the test
    // files (each on its own database, mostly waiting on PGlite or PostgreSQL) run one by one.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    globalSetup: ['src/test/global-setup.ts'],
    projects: [
      {
        extends: true,
        // The app's modules are loaded once per worker, not once per file: a third of the
        // suite's CPU was importing them again. Each file still makes its own app and database,
        // and no module keeps state between apps.
        test: { name: 'api', include: ['src/**/*.test.ts'], exclude: MOCKING, isolate: false },
      },
      { extends: true, test: { name: 'api-mocking', include: MOCKING, isolate: true } },
    ],
  },
});
