// The server's production build (part of `npm run build`, ADR 0011): esbuild bundles apps/server/src and the
// workspace packages it imports (@mc/db, @mc/contracts: TypeScript sources) into apps/server/dist/, one ES module
// per entry point plus shared chunks, all in that one folder, with a few plain-JavaScript packages
// (BUNDLED_PACKAGES); every other package stays an import, installed by `npm ci --omit=dev`. The result runs with plain `node apps/server/dist/main.js`: no tsx, no build
// step at start.
//
// Two kinds of paths need the compiled layout:
// - worker threads: the sources start them from small .mjs files that register tsx and import a .ts module; the
//   bundle builds each worker's .ts module as its own entry point, named as the .mjs file was but ending in .js;
// - files read at run time (`new URL('<relative>', import.meta.url)`: migrations, the console's dist folder, the
//   root package.json): each such URL is rewritten so it names the same file from apps/server/dist/.
// Any other use of import.meta.url fails the build, so a new runtime path cannot silently break the compiled
// server.
//
//   node apps/server/build.mjs [--outdir=<folder>]
// --outdir writes the same files elsewhere (the image test assembles a fresh copy of the image's folder); their
// runtime paths still name the files as they sit beside apps/server/dist/ in the repository's layout.
import { readFileSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The folder the runtime paths are computed from: the output's place in the repository's (and image's) layout. */
const OUT = resolve(ROOT, 'apps/server/dist');
const outdirArgument = process.argv.slice(2).find((argument) => argument.startsWith('--outdir='));
const WRITE_TO = outdirArgument ? resolve(outdirArgument.slice('--outdir='.length)) : OUT;

/** Output name → the module the worker (or the process) runs; the worker's .mjs start file in the sources. */
const ENTRIES = [
  { out: 'main', source: 'apps/server/src/main.ts' },
  {
    out: 'job-thread-entry',
    source: 'apps/server/src/composition/job-thread.worker.ts',
    startFile: 'apps/server/src/composition/job-thread-entry.mjs',
  },
  {
    out: 'script-worker-entry',
    source: 'apps/server/src/platform/script-sandbox/script-worker.ts',
    startFile: 'apps/server/src/platform/script-sandbox/script-worker-entry.mjs',
  },
  {
    out: 'pglite-worker-entry',
    source: 'packages/db/src/embedded/pglite-worker.ts',
    startFile: 'packages/db/src/embedded/pglite-worker-entry.mjs',
  },
];

const workerOutputs = new Map(
  ENTRIES.filter((entry) => entry.startFile).map((entry) => [resolve(ROOT, entry.startFile), `./${entry.out}.js`]),
);

/**
 * Packages bundled with our code instead of loaded from node_modules: plain JavaScript that reads no file of
 * its own, whose every importer is bundled too (one instance). Loading them as a few chunks instead of
 * hundreds of modules cut the CPU the server spends loading its code by a quarter (ADR 0011). The rest stay imports: native and
 * WebAssembly packages, those that read files beside themselves, `pg` (tracing patches the instance in
 * node_modules), OpenTelemetry, and the drivers only some checks load.
 */
const BUNDLED_PACKAGES = new Set([
  'zod',
  'hono',
  '@hono/zod-openapi',
  '@hono/zod-validator',
  '@asteasolutions/zod-to-openapi',
  'openapi3-ts',
  '@hono/node-server',
  'kysely',
  'yaml',
  'diff',
  'cron-parser',
  'luxon',
  'ajv',
  'fast-deep-equal',
  'json-schema-traverse',
  'fast-uri',
  'jose',
]);

/** The package a bare import names: `@scope/name` or `name`. */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** What would break a package inside the bundle: paths of its own files, resolving or requiring by name. */
const UNBUNDLABLE = /\b__dirname\b|\b__filename\b|require\.resolve|import\.meta/;

const RUNTIME_URL = /new URL\(\s*(['"])([^'"`$]+)\1\s*,\s*import\.meta\.url\s*\)/g;

/** `new URL('<relative>', import.meta.url)` in `file`, rewritten to name the same file from the output folder. */
function rewriteRuntimeUrls(file, text) {
  const rewritten = text.replace(RUNTIME_URL, (_match, quote, target) => {
    const absolute = resolve(dirname(file), target);
    const worker = workerOutputs.get(absolute);
    if (worker) return `new URL(${quote}${worker}${quote}, import.meta.url)`;
    let fromOut = relative(OUT, absolute).split(sep).join('/');
    if (!fromOut.startsWith('.')) fromOut = `./${fromOut}`;
    if (target.endsWith('/')) fromOut += '/';
    return `new URL(${quote}${fromOut}${quote}, import.meta.url)`;
  });
  const rest = rewritten.replace(RUNTIME_URL, '').replaceAll('createRequire(import.meta.url)', '');
  if (rest.includes('import.meta')) {
    throw new Error(
      `${relative(ROOT, file)} uses import.meta in a way the server build cannot map to apps/server/dist/; ` +
        `use new URL('<relative path>', import.meta.url) or teach apps/server/build.mjs the new case`,
    );
  }
  return rewritten;
}

/** Bundles our own sources (the workspace packages too); leaves every other package an import. */
const layoutPlugin = {
  name: 'mc-compiled-layout',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@mc/') || BUNDLED_PACKAGES.has(packageOf(args.path))) return undefined;
      if (args.importer.includes(`${sep}node_modules${sep}`) && !isBuiltin(args.path)) {
        throw new Error(`${args.importer} (bundled) imports ${args.path}: add it to BUNDLED_PACKAGES or keep both out`);
      }
      return { path: args.path, external: true };
    });
    context.onLoad({ filter: /\.(c|m)?js$/ }, (args) => {
      if (!args.path.includes(`${sep}node_modules${sep}`)) return undefined;
      if (UNBUNDLABLE.test(readFileSync(args.path, 'utf8'))) {
        throw new Error(
          `${relative(ROOT, args.path)} cannot be bundled (it names its own files): keep its package external`,
        );
      }
      return undefined;
    });
    context.onLoad({ filter: /\.(ts|mjs)$/ }, (args) => {
      if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta')) return undefined;
      return {
        contents: rewriteRuntimeUrls(args.path, text),
        loader: args.path.endsWith('.ts') ? 'ts' : 'js',
        resolveDir: dirname(args.path),
      };
    });
  },
};

const started = performance.now();
rmSync(WRITE_TO, { recursive: true, force: true });
const result = await build({
  absWorkingDir: ROOT,
  entryPoints: ENTRIES.map((entry) => ({ in: entry.source, out: entry.out })),
  outdir: WRITE_TO,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // all output in one folder: every module's import.meta.url then has the same directory
  chunkNames: 'chunk-[hash]',
  // bundling renames clashing top-level names; errors and classes keep the names the sources gave them
  keepNames: true,
  sourcemap: 'linked',
  sourcesContent: false,
  metafile: true,
  logLevel: 'warning',
  // the bundled CommonJS packages require Node's built-in modules: give every chunk a require to do it with
  banner: {
    js: "import { createRequire as mcCreateRequire } from 'node:module'; const require = mcCreateRequire(import.meta.url);",
  },
  plugins: [layoutPlugin],
});
const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => !file.endsWith('.map'))
  .reduce((sum, [, output]) => sum + output.bytes, 0);
process.stdout.write(
  `Server built into ${relative(ROOT, WRITE_TO) || '.'}/ (${(bytes / 1_048_576).toFixed(1)} MB of JavaScript, ` +
    `${Math.round(performance.now() - started)} ms)\n`,
);
