// Writes packages/contracts/src/upstream/{canary,scrape-config,topology}.json: the JSON field names of
// canary-checker's Canary and Topology and config-db's ScrapeConfig, read from the Go types of the
// fetched upstream mirrors (embedded and inline structs followed, nested paths like
// `http.tlsConfig.ca`). Only field names are written (facts); the upstream-compatibility test walks them
// so every upstream field is honoured here with a test or refused at save. CI reads the committed JSON;
// run this script again (with the mirrors present) to follow a newer upstream:
//   node scripts/upstream-fields.mjs [--mirrors /work/.mirror]
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const mirrorsAt = process.argv.includes('--mirrors')
  ? process.argv[process.argv.indexOf('--mirrors') + 1]
  : '/work/.mirror';
const OUT = 'packages/contracts/src/upstream';
/** Go module path → mirror folder. */
const REPOS = {
  'github.com/flanksource/canary-checker': 'flanksource+canary-checker',
  'github.com/flanksource/config-db': 'flanksource+config-db',
  'github.com/flanksource/duty': 'flanksource+duty',
};
/** Types written once under `shared` and not expanded where they are used (each has its own walk). */
const SHARED = new Set(['EnvVar']);
/** How deep nested paths go below a document list (a component's children repeat the same fields). */
const MAX_DEPTH = 4;
const BUILTIN = /^(string|bool|byte|rune|u?int(8|16|32|64)?|float(32|64)|any|interface\{\}|error)$/;

const git = (repo, args) => execFileSync('git', ['-C', `${mirrorsAt}/${repo}/repo`, ...args], { encoding: 'utf8' });
const headOf = (repo) => git(repo, ['rev-parse', 'HEAD']).trim();

/** Module path of an import, split into its mirror and the package folder inside it. */
function locate(importPath) {
  for (const [module, repo] of Object.entries(REPOS)) {
    if (importPath === module) return { repo, dir: '' };
    if (importPath.startsWith(`${module}/`)) return { repo, dir: importPath.slice(module.length + 1) };
  }
  return undefined;
}

const packages = new Map();

function stripComments(source) {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:`"])\/\/.*$/gm, '$1');
}

function importsOf(source) {
  const imports = {};
  const block = source.match(/^import\s*\(([\s\S]*?)\)/m)?.[1] ?? source.match(/^import\s+(.+)$/m)?.[1] ?? '';
  for (const line of block.split('\n')) {
    const match = line.trim().match(/^(?:([\w.]+)\s+)?"([^"]+)"$/);
    if (!match) continue;
    const path = match[2];
    imports[match[1] ?? path.split('/').pop()] = path;
  }
  return imports;
}

/** The struct bodies (field lines) and named non-struct types of one Go source file. */
function declarationsOf(source) {
  const structs = {};
  const named = {};
  const lines = source.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const head = lines[i].match(/^type\s+(\w+)\s+struct\s*\{\s*$/);
    if (head) {
      const body = [];
      let depth = 1;
      for (i += 1; i < lines.length && depth > 0; i += 1) {
        depth += (lines[i].match(/\{/g) ?? []).length - (lines[i].match(/\}/g) ?? []).length;
        if (depth > 0 || !/^\}/.test(lines[i])) body.push(lines[i]);
      }
      i -= 1;
      structs[head[1]] = body;
      continue;
    }
    const alias = lines[i].match(/^type\s+(\w+)\s+=?\s*([^{]+?)\s*$/);
    if (alias) named[alias[1]] = alias[2];
  }
  return { structs, named };
}

function loadPackage(repo, dir) {
  const key = `${repo}:${dir}`;
  if (packages.has(key)) return packages.get(key);
  const pkg = { repo, dir, structs: {}, named: {}, importsOf: {} };
  packages.set(key, pkg);
  const files = git(repo, ['ls-tree', '--name-only', 'HEAD', dir ? `${dir}/` : './'])
    .split('\n')
    .filter((file) => /\.go$/.test(file) && !/_test\.go$|zz_generated/.test(file));
  for (const file of files) {
    const source = stripComments(git(repo, ['show', `HEAD:${file}`]));
    const imports = importsOf(source);
    const { structs, named } = declarationsOf(source);
    for (const [name, body] of Object.entries(structs)) {
      pkg.structs[name] = body;
      pkg.importsOf[name] = imports;
    }
    for (const [name, type] of Object.entries(named)) {
      pkg.named[name] = type;
      pkg.importsOf[name] ??= imports;
    }
  }
  return pkg;
}

/** Resolves a Go type expression used in `pkg`'s type `owner` to a struct (or a leaf). */
function resolve(pkg, owner, expression, seen = 0) {
  const type = expression.replace(/^(\*|\[\]|\[\d+\])+/, '');
  if (BUILTIN.test(type) || type.startsWith('map[') || type.startsWith('func') || seen > 5) return { leaf: type };
  const [qualifier, name] = type.includes('.') ? type.split('.') : [undefined, type];
  let target = pkg;
  if (qualifier) {
    const path = pkg.importsOf[owner]?.[qualifier];
    const where = path && locate(path);
    if (!where) return { leaf: type };
    target = loadPackage(where.repo, where.dir);
  }
  if (SHARED.has(name)) return { leaf: name, shared: { pkg: target, name } };
  if (target.structs[name]) return { pkg: target, name };
  const named = target.named[name];
  if (named && !named.startsWith('map[') && !BUILTIN.test(named)) return resolve(target, name, named, seen + 1);
  return { leaf: name };
}

/** One struct field line → `{ names, type, tag }` (names empty for an embedded field), or undefined. */
function fieldOf(line) {
  const text = line.trim();
  if (!text || text.startsWith('}')) return undefined;
  const tag = text.match(/`([^`]*)`/)?.[1] ?? '';
  const head = text.replace(/`[^`]*`/, '').trim();
  const parts = head.split(/\s+/);
  if (parts.length === 1) return { names: [], type: parts[0], tag };
  const names = head.match(/^(\w+(?:\s*,\s*\w+)*)\s+/)?.[1];
  if (!names) return undefined;
  return { names: names.split(/\s*,\s*/), type: head.slice(head.indexOf(names) + names.length).trim(), tag };
}

/** The JSON keys of a struct, embedded and inline structs flattened, each with its resolved type. */
function keysOf(ref) {
  const keys = [];
  for (const line of ref.pkg.structs[ref.name]) {
    if (!/^\t[^\t]/.test(line)) continue; // blank, or a field of a nested anonymous struct
    const field = fieldOf(line);
    if (!field) continue;
    const jsonTag = field.tag.match(/json:"([^"]*)"/)?.[1];
    const jsonName = jsonTag?.split(',')[0];
    if (jsonName === '-') continue;
    const type = resolve(ref.pkg, ref.name, field.type);
    if (!jsonName && (field.names.length === 0 || jsonTag?.split(',').includes('inline'))) {
      if (type.pkg) keys.push(...keysOf(type));
      continue;
    }
    const goNames = field.names.length > 0 ? field.names : [field.type.replace(/^\*/, '').split('.').pop()];
    for (const goName of goNames) {
      if (/^[A-Z]/.test(goName)) keys.push({ name: jsonName || goName, type });
    }
  }
  return keys;
}

/**
 * Every field path of a struct below `prefix`, nested structs followed to MAX_DEPTH, cycles cut; a field
 * whose type is one of `atoms` is listed without its fields (they are another document's facts).
 */
function pathsOf(ref, prefix, depth, stack, shared, atoms = []) {
  const paths = [];
  for (const key of keysOf(ref)) {
    const path = prefix ? `${prefix}.${key.name}` : key.name;
    paths.push(path);
    if (key.type.shared) shared.add(key.type.shared);
    const id = key.type.pkg ? `${key.type.pkg.repo}:${key.type.pkg.dir}:${key.type.name}` : undefined;
    if (id && depth < MAX_DEPTH && !stack.includes(id) && !atoms.includes(key.type.name)) {
      paths.push(...pathsOf(key.type, path, depth + 1, [...stack, id], shared, atoms));
    }
  }
  return [...new Set(paths)];
}

/**
 * A document's facts: `spec` (the root's own field paths, lists excepted), `lists` (each list key of the
 * root, e.g. a check type or scraper kind, with its entries' field paths) and `shared` types.
 */
function factsOf({ repo, dir, root, isList, atoms = [] }) {
  const pkg = loadPackage(repo, dir);
  const shared = new Set();
  const rootRef = { pkg, name: root };
  const spec = [];
  const lists = {};
  for (const key of keysOf(rootRef)) {
    if (key.type.pkg && isList(key)) {
      lists[key.name] = pathsOf(key.type, '', 1, [`${repo}:${dir}:${key.type.name}`], shared, atoms);
      continue;
    }
    spec.push(key.name);
    if (key.type.pkg && !atoms.includes(key.type.name)) {
      const own = `${key.type.pkg.repo}:${key.type.pkg.dir}:${key.type.name}`;
      spec.push(...pathsOf(key.type, key.name, 1, [`${repo}:${dir}:${root}`, own], shared, atoms));
    }
  }
  const sharedFacts = {};
  for (const ref of [...shared].sort((a, b) => a.name.localeCompare(b.name))) {
    sharedFacts[ref.name] ??= pathsOf(ref, '', 1, [], new Set());
  }
  return {
    upstream: `${Object.keys(REPOS).find((module) => REPOS[module] === repo)}/${dir}`,
    commit: headOf(repo),
    root,
    spec: [...new Set(spec)],
    lists,
    shared: sharedFacts,
  };
}

const canaryChecker = REPOS['github.com/flanksource/canary-checker'];
const documents = {
  canary: factsOf({
    repo: canaryChecker,
    dir: 'api/v1',
    root: 'CanarySpec',
    isList: (key) => /Check$/.test(key.type.name),
  }),
  'scrape-config': factsOf({
    repo: REPOS['github.com/flanksource/config-db'],
    dir: 'api/v1',
    root: 'ScraperSpec',
    isList: (key) => key.type.pkg.structs[key.type.name].some((line) => /BaseScraper/.test(line)),
  }),
  topology: factsOf({
    repo: canaryChecker,
    dir: 'api/v1',
    root: 'TopologySpec',
    isList: () => false,
    // A lookup or inline check is a whole CanarySpec (the Canary document's facts); a child component
    // repeats its parent's fields.
    atoms: ['CanarySpec', 'ComponentSpecObject'],
  }),
};

for (const [name, facts] of Object.entries(documents)) {
  writeFileSync(`${OUT}/${name}.json`, `${JSON.stringify(facts, null, 2)}\n`);
  const count = facts.spec.length + Object.values(facts.lists).reduce((sum, paths) => sum + paths.length, 0);
  console.log(`${OUT}/${name}.json: ${count} field paths (${facts.upstream}@${facts.commit.slice(0, 12)})`);
}
