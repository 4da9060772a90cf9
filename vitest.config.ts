import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Three projects: `server` (everything that runs in Node against a real database, the database suite),
 * `web` (screen tests in jsdom) and `deploy` (the Helm chart, deploy/helm). MC_TEST_ENGINE chooses the engine
 * of the database suite.
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
          // a worker keeps its module cache from file to file: importing the server once per worker instead
          // of once per file halves the project's CPU time (docs/testing.md, "Changes")
          isolate: false,
          // every log line the run writes is kept and checked for secrets at the end (docs/logs.md); every
          // file starts with a usable MC_SECRET_KEY (test/secret-key.setup.ts)
          setupFiles: ['./apps/server/src/test/log-tee.setup.ts', './apps/server/src/test/secret-key.setup.ts'],
          globalSetup: [
            './apps/server/src/test/log-secret-check.ts',
            './apps/server/src/test/test-databases.global.ts',
          ],
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
      {
        // the Helm chart under deploy/helm: real helm lint/template, rendered manifests against Kubernetes schemas
        test: {
          name: 'deploy',
          environment: 'node',
          include: ['deploy/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
