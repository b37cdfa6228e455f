import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default leaves one core free: one worker on a 2-core CI machine, with the test
    // files (each on its own database, mostly waiting on PGlite or PostgreSQL) run one by one.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    globalSetup: ['src/test/global-setup.ts'],
  },
});
