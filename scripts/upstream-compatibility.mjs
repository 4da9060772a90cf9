// Writes docs/upstream-compatibility.md: what this server does with every upstream Canary, ScrapeConfig
// and Topology field (honoured with its test, refused at save, or pending), from the facts files in
// packages/contracts/src/upstream/, the registries beside them and the validators themselves.
// apps/server/src/test/upstream-compatibility.test.ts fails when the committed file is out of date.
//   node scripts/upstream-compatibility.mjs
import { execFileSync } from 'node:child_process';

execFileSync(
  process.execPath,
  [
    '--import',
    'tsx',
    '--input-type=module',
    '-e',
    "const { writeCompatibilityDoc } = await import('./apps/server/src/test/docs-upstream-compatibility.ts'); writeCompatibilityDoc('.');",
  ],
  { stdio: 'inherit' },
);
console.log('docs/upstream-compatibility.md written');
