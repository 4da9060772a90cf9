// The server project's test files that reach a test database, for `npm test`'s PostgreSQL pass: a file
// whose imports (followed through relative paths and @mc/db) reach packages/db/src/testing, or that reads
// MC_TEST_ENGINE itself. The other files (pure units: parsers, redaction, contracts) never see the engine,
// so a second run of them on PostgreSQL repeats the PGlite run exactly and only costs time.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = resolve(new URL('..', import.meta.url).pathname);
const testing = resolve(root, 'packages/db/src/testing');
const packages = { '@mc/db': 'packages/db/src/index.ts', '@mc/db/testing': 'packages/db/src/testing/index.ts' };
const specifiers =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

function testFiles(dir) {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { recursive: true })
    .map((file) => join(dir, String(file)))
    .filter((file) => file.endsWith('.test.ts') && !file.includes('node_modules'));
}

function resolveImport(from, specifier) {
  if (Object.hasOwn(packages, specifier)) return resolve(root, packages[specifier]);
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  return [base.replace(/\.js$/, '.ts'), base, `${base}.ts`, join(base, 'index.ts')].find(
    (candidate) => existsSync(candidate) && candidate.endsWith('.ts'),
  );
}

const importsOf = new Map();
function imports(file) {
  if (!importsOf.has(file)) {
    const found = [...readFileSync(file, 'utf8').matchAll(specifiers)].map((m) =>
      resolveImport(file, m[1] ?? m[2] ?? m[3]),
    );
    importsOf.set(file, found.filter(Boolean));
  }
  return importsOf.get(file);
}

/** Whether `file`'s static and literal dynamic imports reach packages/db/src/testing (a walk over the graph). */
function reachesTesting(file) {
  const seen = new Set([file]);
  const queue = [file];
  while (queue.length > 0) {
    for (const target of imports(queue.pop())) {
      if (target.startsWith(testing)) return true;
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return false;
}

/**
 * The server project's test files (paths relative to the repository) that never reach a test database:
 * the PostgreSQL pass excludes them (an exclusion, not a list of files, so a filter given to `npm test`
 * still narrows the pass).
 */
export function engineIndependentTestFiles() {
  const packageDirs = readdirSync(join(root, 'packages')).map((name) => join('packages', name, 'src'));
  return [...testFiles('apps/server/src'), ...packageDirs.flatMap(testFiles)]
    .filter(
      (file) => !reachesTesting(resolve(root, file)) && !/MC_TEST_ENGINE/.test(readFileSync(join(root, file), 'utf8')),
    )
    .sort();
}
