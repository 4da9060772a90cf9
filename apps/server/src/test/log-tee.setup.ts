/**
 * Setup of every server test file: taps this file's loggers (platform/logger.ts taps see each entry as
 * written, redacted) and appends every line to `<run dir>/<pid>.ndjson`, the folder the global setup
 * (log-secret-check.ts) made for this run; its teardown fails the run if any line holds a secret. Lines are
 * buffered and written in batches, so the suite does not slow down.
 */
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, inject } from 'vitest';
import { tapLogEntries } from '../platform/logger.js';

/** Lines kept before a write. */
const BATCH = 5_000;

const dir = inject('logTeeDir');
const file = dir ? join(dir, `${process.pid}.ndjson`) : undefined;
let lines: string[] = [];

const flush = () => {
  if (!file || lines.length === 0) return;
  const batch = lines;
  lines = [];
  try {
    appendFileSync(file, `${batch.join('\n')}\n`);
  } catch {
    // the run's folder is gone (the run ended): nothing to check any more
  }
};

if (file) {
  // files may share a process (the server project runs without isolation): each file taps and untaps
  const untap = tapLogEntries((entry) => {
    lines.push(JSON.stringify(entry));
    if (lines.length >= BATCH) flush();
  });
  afterAll(() => {
    untap();
    flush();
  });
}
