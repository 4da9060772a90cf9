/**
 * Global setup of the server test project: makes a folder of its own for this run's log lines (under
 * MC_TEST_REPORT_DIR, default `.mc-test`), hands it to every test file (log-tee.setup.ts), and at the end
 * reads every line written and fails the run when one holds an unredacted secret (issue 25), naming the
 * file, line and shape. A clean run leaves nothing behind; a failing one keeps the folder to look at.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { secretShapesIn } from './log-secret-patterns.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder this run's log lines go to (empty: not teed). */
    logTeeDir: string;
  }
}

/** Findings listed in the failure (the rest are counted). */
const MAX_LISTED = 20;

/** How many log lines of the run were read, and every unredacted secret shape in them: `file:line: shape`. */
export function scanLogLines(dir: string): { lines: number; found: string[] } {
  const found: string[] = [];
  let count = 0;
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.ndjson'))) {
    const lines = readFileSync(join(dir, name), 'utf8').split('\n');
    lines.forEach((line, index) => {
      if (line.length > 0) count += 1;
      for (const shape of secretShapesIn(line)) found.push(`${name}:${index + 1}: ${shape}: ${line.slice(0, 300)}`);
    });
  }
  return { lines: count, found };
}

export default function setup(project: TestProject) {
  const dir = resolve(process.env.MC_TEST_REPORT_DIR ?? '.mc-test', `log-lines-${process.pid}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  project.provide('logTeeDir', dir);
  return () => {
    const { lines, found } = scanLogLines(dir);
    if (found.length === 0) {
      console.log(`\nLog secret check: ${lines} log lines written by this run, none holds an unredacted secret.`);
      rmSync(dir, { recursive: true, force: true });
      return;
    }
    const listed = found.slice(0, MAX_LISTED).join('\n');
    const more = found.length > MAX_LISTED ? `\n… and ${found.length - MAX_LISTED} more` : '';
    // vitest reports an error thrown here but still exits 0: the exit code is what fails the run (and npm test)
    process.exitCode = 1;
    console.error(`\n${found.length} log lines hold an unredacted secret (lines kept in ${dir}):\n${listed}${more}`);
  };
}
