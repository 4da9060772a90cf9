// Type-checks every workspace with its own tsconfig; fails if any does. The projects are independent, so
// they run side by side, one per core (at most two: each tsc holds a project's whole program in memory);
// each project's output is printed whole when it ends, never interleaved with another's. The checker is
// TypeScript 7 (the native compiler, `typescript7` in package.json): the same checks as the 5.9 compiler
// the tools build with, in about a third of the CPU time, which CI's time budget needs (docs/testing.md).
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

// largest first, so the last one to start is a small one
const projects = ['apps/web', 'apps/server', 'packages/db', 'e2e', 'packages/contracts', 'bench', 'deploy'];
const slots = Math.max(1, Math.min(2, availableParallelism()));

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['node_modules/typescript7/bin/tsc', '--noEmit', '-p', project], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('close', (status) => {
      process.stdout.write(output);
      if (status !== 0) console.error(`typecheck failed in ${project}`);
      resolve(status === 0);
    });
  });
}

let next = 0;
let failed = false;
await Promise.all(
  Array.from({ length: slots }, async () => {
    while (next < projects.length) {
      const project = projects[next++];
      if (!(await check(project))) failed = true;
    }
  }),
);
process.exit(failed ? 1 : 0);
