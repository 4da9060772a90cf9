import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbedded } from '../embedded/embedded-database.js';
import { createPostgresTestUrl, testEngine } from '../testing/index.js';

const CLI_DIR = fileURLToPath(new URL('.', import.meta.url));
/** Each case starts Node and, when embedded, PGlite in a child process: slow on a loaded machine. */
const CHILD_TIMEOUT_MS = 240_000;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(script: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    const clean = { ...process.env, DATABASE_URL: '', MC_DATA_DIR: '' };
    execFile(
      process.execPath,
      ['--import', 'tsx', join(CLI_DIR, script), ...args],
      { env: { ...clean, ...env }, timeout: CHILD_TIMEOUT_MS },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('command-line tools', () => {
  let env: Record<string, string>;
  let dataDir: string;
  let drop = async () => {};
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'mc-cli-'));
    if (testEngine() === 'postgres') {
      const target = await createPostgresTestUrl();
      env = { DATABASE_URL: target.url };
      drop = target.drop;
    } else {
      env = { MC_DATA_DIR: dataDir };
    }
  });
  afterAll(async () => {
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'seed:demo on a fresh target migrates first, then fills it with the requested sizes and prints its steps',
    async () => {
      // A fresh embedded data directory is restored from the migrated snapshot when one is in the temporary
      // folder; an empty temporary folder gives an empty database, as on a first run before any build.
      const noSnapshot = { ...env, TMPDIR: mkdtempSync(join(tmpdir(), 'mc-cli-tmp-')) };
      const result = await run(
        'seed.ts',
        ['--checks', '4', '--statuses-per-check', '3', '--configs', '20', '--reset'],
        testEngine() === 'pglite' ? noSnapshot : env,
      );
      expect(result.stderr).not.toContain('error:');
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^Migrating /);
      if (testEngine() === 'pglite') expect(result.stdout).toContain('applied 0002_people_agents_system.sql');
      expect(result.stdout).toMatch(/canaries, checks, check history\s+\d+ ms/);
      expect(result.stdout).toContain('4 checks, 12 check statuses, 20 config items');
    },
    CHILD_TIMEOUT_MS,
  );

  it(
    'migrate then reports the seeded target up to date',
    async () => {
      const result = await run('migrate.ts', [], env);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('Up to date, nothing to apply');
    },
    CHILD_TIMEOUT_MS,
  );

  it(
    'fails with a clear message and exit code 1',
    async () => {
      const badFlag = await run('seed.ts', ['--checks', 'many'], env);
      expect(badFlag.code).toBe(1);
      expect(badFlag.stderr).toContain("error: --checks needs a whole number of 0 or more, got 'many'");
      const noServer = await run('migrate.ts', [], { DATABASE_URL: 'postgres://root@127.0.0.1:1/none' });
      expect(noServer.code).toBe(1);
      expect(noServer.stderr).toMatch(/^error: /);
    },
    CHILD_TIMEOUT_MS,
  );

  it(
    'refuses an embedded data directory another process holds',
    async () => {
      const held = await openEmbedded(dataDir);
      try {
        const result = await run('migrate.ts', [], { MC_DATA_DIR: dataDir });
        expect(result.code).toBe(1);
        expect(result.stderr).toContain('is in use by another Mission Control process');
      } finally {
        await held.close();
      }
    },
    CHILD_TIMEOUT_MS,
  );
});
