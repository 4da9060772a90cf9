import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Two projects: `server` (everything that runs in Node against a real database, the database suite)
 * and `web` (screen tests in jsdom). MC_TEST_ENGINE chooses the engine of the database suite.
 * At least two test processes even on two cores: most database tests wait on the database or a
 * spawned server, and two halve the suite's time there (PostgreSQL pass 7 → 4 min) without flakes.
 */
export default defineConfig({
  test: {
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/src/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // every log line the run writes is kept and checked for secrets at the end (docs/logs.md)
          setupFiles: ['./apps/server/src/test/log-tee.setup.ts'],
          globalSetup: ['./apps/server/src/test/log-secret-check.ts'],
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
  },
});
