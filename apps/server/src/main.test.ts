import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testEngine } from '@mc/db/testing';
import { describe, expect, it } from 'vitest';
import { spawnServer } from './test/server-process.js';

describe.skipIf(testEngine() === 'postgres')('server process on the embedded database', () => {
  it('starts within 15 s, answers /health, stops on SIGTERM, and keeps its data across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mc-main-'));
    const started = Date.now();
    const first = spawnServer({ MC_DATA_DIR: dataDir });
    const url = await first.url;
    expect(Date.now() - started).toBeLessThan(15_000);
    expect((await fetch(`${url}/health`)).status).toBe(200);

    const rival = spawnServer({ MC_DATA_DIR: dataDir });
    expect(await rival.exited).toBe(1);
    expect(JSON.stringify(rival.logs)).toContain('is in use by another Mission Control process');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.logs.some((entry) => entry.msg === 'stopped')).toBe(true);

    const second = spawnServer({ MC_DATA_DIR: dataDir });
    await second.url;
    const ready = second.logs.find((entry) => entry.msg === 'database ready');
    expect(ready?.migrationsApplied).toBe(0);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('refuses a bad configuration with a message naming the variable', async () => {
    const bad = spawnServer({ PORT: 'abc' });
    expect(await bad.exited).toBe(2);
  });
});
