import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.js';

describe('lockDataDir', () => {
  it('refuses a directory held by a live process with a clear message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mc-lock-'));
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      writeFileSync(join(dir, 'mission-control.lock'), String(holder.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
      expect(() => lockDataDir(dir)).toThrow(/in use by another Mission Control process/);
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock left by a dead process and releases it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mc-lock-'));
    writeFileSync(join(dir, 'mission-control.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(existsSync(join(dir, 'mission-control.lock'))).toBe(true);
    release();
    expect(existsSync(join(dir, 'mission-control.lock'))).toBe(false);
  });
});
