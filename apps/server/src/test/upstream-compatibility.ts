/**
 * The upstream field walk: for every field canary-checker and config-db define (the facts files in
 * packages/contracts/src/upstream/*.json), what this server does with it — honoured (a registry entry
 * names the test that exercises it), pending (accepted, being implemented) or refused at save (the
 * format's own validator is asked, with a document carrying that field). Anything else is a field we
 * would accept and ignore, which rule zero forbids. upstream-compatibility.test.ts asserts the walk and
 * that docs/upstream-compatibility.md is its rendering (docs-upstream-compatibility.ts writes it).
 */
import { readFileSync } from 'node:fs';
import {
  CANARY_FIELDS,
  CHECK_SPEC_SCHEMAS,
  CHECK_TYPES,
  envVarSchema,
  SCRAPE_CONFIG_FIELDS,
  schemaAt,
  TOPOLOGY_FIELDS,
  topologySpecSchema,
  type UpstreamFieldRegistry,
} from '@mc/contracts';
import type { z } from 'zod';
import {
  SCRAPER_KINDS,
  scrapeConfigSchema,
  validateScrapeConfig,
} from '../modules/catalog/testing/scrape-config-validator.js';
import { canarySchema, validateCanary } from '../modules/health/testing/canary-validator.js';
import { parseTopologySpec } from '../modules/topology/testing/topology-validator.js';

/** What the server does with one upstream field. */
export type FieldFate = 'honoured' | 'refused' | 'pending' | 'unaccounted';

/** One row of the compatibility table. */
export interface FieldRow {
  field: string;
  fate: FieldFate;
  /** The test file (honoured), the reason (pending), or what the validator answered (refused). */
  note: string;
}

/** One format's walk. */
export interface FormatWalk {
  format: string;
  upstream: string;
  commit: string;
  rows: FieldRow[];
}

interface Facts {
  upstream: string;
  commit: string;
  root: string;
  spec: string[];
  lists: Record<string, string[]>;
  shared: Record<string, string[]>;
}

/** A group of field paths checked against one schema, and how to ask the validator about one of them. */
interface Target {
  prefix: string;
  paths: readonly string[];
  schema: z.core.$ZodType;
  /** The validator's messages for a document whose value at `segments` is set (built by {@link nest}). */
  answer(segments: readonly string[]): string[];
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a validator's message refuses the field itself: `<field>: is not supported`, `<field> is not
 * supported`, `<field> (why) is not supported`, or zod's own unrecognized key.
 */
function refuses(message: string, field: string): boolean {
  const name = escaped(field);
  const pattern = `(^|[^\\w])${name}(:| \\([^)]*\\))? is not supported|unrecognized keys?: .*"${name}"`;
  return new RegExp(pattern, 'i').test(message);
}

/** The facts file of a format, as committed. */
export function readFacts(format: string): Facts {
  const url = new URL(`../../../../packages/contracts/src/upstream/${format}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as Facts;
}

function kindOf(schema: z.core.$ZodType): string {
  let def = schema._zod.def as unknown as { type: string; innerType?: z.core.$ZodType; getter?: () => z.core.$ZodType };
  for (let i = 0; i < 20 && (def.innerType || def.getter); i += 1) {
    const inner = def.innerType ?? def.getter?.();
    if (!inner) break;
    def = inner._zod.def as unknown as typeof def; // as above
  }
  return def.type;
}

type SampledDef = {
  type: string;
  element?: z.core.$ZodType;
  options?: readonly z.core.$ZodType[];
  entries?: Record<string, unknown>;
  values?: readonly unknown[];
};

/** A value of the schema's own kind, so a field the schema declares and then refuses is refused, not mistyped. */
function sample(schema: z.core.$ZodType | 'open' | undefined, depth = 0): unknown {
  if (schema === undefined || schema === 'open' || depth > 5) return 'x';
  const kind = kindOf(schema);
  let def = schema._zod.def as unknown as SampledDef & { innerType?: z.core.$ZodType; getter?: () => z.core.$ZodType };
  for (let i = 0; i < 20 && def.type !== kind; i += 1) {
    const inner = def.innerType ?? def.getter?.();
    if (!inner) break;
    def = inner._zod.def as unknown as typeof def; // as above
  }
  if (kind === 'boolean') return true;
  if (kind === 'number' || kind === 'int') return 1;
  if (kind === 'object' || kind === 'record') return {};
  if (kind === 'array' && def.element) return [sample(def.element, depth + 1)];
  if (kind === 'union' && def.options?.[0]) return sample(def.options[0], depth + 1);
  if (kind === 'enum' && def.entries) return Object.values(def.entries)[0];
  if (kind === 'literal' && def.values) return def.values[0];
  return 'x';
}

/**
 * `base` with the value at `segments` set to a sample of its schema's kind (a marker where undeclared), every step an object, or a one-element list where
 * the schema has a list there (each new element carrying a `name`, which most entries need).
 */
export function nest(schema: z.core.$ZodType, base: Record<string, unknown>, segments: readonly string[]) {
  const root: Record<string, unknown> = structuredClone(base);
  let cursor = root;
  segments.forEach((segment, index) => {
    if (index === segments.length - 1) {
      cursor[segment] = sample(schemaAt(schema, segments));
      return;
    }
    const at = schemaAt(schema, segments.slice(0, index + 1));
    const list = at !== undefined && at !== 'open' && kindOf(at) === 'array';
    const child: Record<string, unknown> = list && schemaAt(at, ['name']) ? { name: 'walk' } : {};
    cursor[segment] = list ? [child] : child;
    cursor = child;
  });
  return root;
}

/**
 * Walks one target's paths in order: honoured (registered, declared and not refused), else refused (the
 * validator names it), else pending (registered), else unaccounted. A field below a refused or pending one shares
 * its fate and is not listed.
 */
function walkTarget(target: Target, registry: UpstreamFieldRegistry): FieldRow[] {
  const rows: FieldRow[] = [];
  const settled: string[] = [];
  for (const path of target.paths) {
    const key = `${target.prefix}.${path}`;
    if (settled.some((parent) => key.startsWith(`${parent}.`))) continue;
    const segments = path.split('.');
    const last = segments.at(-1) ?? path;
    const answer = target.answer(segments).find((message) => refuses(message, last));
    const honoured = registry.honoured[key];
    if (honoured) {
      const problem = schemaAt(target.schema, segments) === undefined ? 'not in the schema' : answer;
      const note = problem ? `registered honoured, but ${problem}` : honoured;
      rows.push({ field: key, fate: problem ? 'unaccounted' : 'honoured', note });
      continue;
    }
    const pending = registry.pending[key];
    if (answer || pending) settled.push(key);
    if (answer) rows.push({ field: key, fate: 'refused', note: answer });
    else if (pending) rows.push({ field: key, fate: 'pending', note: pending });
    else rows.push({ field: key, fate: 'unaccounted', note: '' });
  }
  return rows;
}

const errorsOf = (run: () => unknown): string[] => {
  try {
    run();
    return [];
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  }
};

/** Minimal valid entries of the check types that need more than a name. */
const MINIMAL_CHECKS: Record<string, Record<string, unknown>> = {
  http: { url: 'https://walk.test' },
  tcp: { endpoint: 'walk.test:80' },
  dns: { query: 'walk.test' },
  tls: { endpoint: 'walk.test:443' },
  icmp: { endpoint: 'walk.test' },
  prometheus: { query: 'up' },
  exec: { script: 'true' },
  folder: { path: '/walk' },
};

const canaryDocument = (spec: Record<string, unknown>) => ({
  apiVersion: 'canaries.flanksource.com/v1',
  kind: 'Canary',
  metadata: { name: 'walk' },
  spec,
});

/** A minimal valid check of a type, for the walk and its own test. */
export function minimalCheck(type: string): Record<string, unknown> {
  return { name: 'walk', ...(MINIMAL_CHECKS[type] ?? {}) };
}

const canaryErrors = (spec: Record<string, unknown>) => {
  const result = validateCanary(canaryDocument(spec));
  return result.ok ? [] : result.errors;
};

function canaryTargets(facts: Facts): Target[] {
  const specSchema = canarySchema.shape.spec;
  const targets: Target[] = [
    { prefix: 'spec', paths: facts.spec, schema: specSchema, answer: (s) => canaryErrors(nest(specSchema, {}, s)) },
  ];
  for (const type of CHECK_TYPES) {
    const paths = facts.lists[type];
    if (!paths) continue;
    const schema = CHECK_SPEC_SCHEMAS[type];
    const answer = (s: readonly string[]) => canaryErrors({ [type]: [nest(schema, minimalCheck(type), s)] });
    targets.push({ prefix: type, paths, schema, answer });
  }
  const headers = (s: readonly string[]) =>
    canaryErrors({ http: [{ ...minimalCheck('http'), headers: [nest(envVarSchema, { name: 'h' }, s)] }] });
  targets.push({ prefix: 'EnvVar', paths: facts.shared.EnvVar ?? [], schema: envVarSchema, answer: headers });
  return targets;
}

/** Rows for a whole list (check type, scraper kind) this server does not run. */
function refusedLists(facts: Facts, supported: readonly string[], answer: (list: string) => string[]): FieldRow[] {
  return Object.keys(facts.lists)
    .filter((list) => !supported.includes(list))
    .map((list) => {
      const said = answer(list).find((message) => message.includes(list) && /support/i.test(message));
      return said
        ? { field: list, fate: 'refused', note: said }
        : { field: list, fate: 'unaccounted', note: 'a list this server does not run, not refused' };
    });
}

function walkFormat(format: string, registry: UpstreamFieldRegistry, targets: Target[], lists: FieldRow[]) {
  const facts = readFacts(format);
  const rows = [...lists, ...targets.flatMap((target) => walkTarget(target, registry))];
  return { format, upstream: facts.upstream, commit: facts.commit, rows } satisfies FormatWalk;
}

function canaryWalk(): FormatWalk {
  const facts = readFacts('canary');
  const lists = refusedLists(facts, CHECK_TYPES, (list) => canaryErrors({ [list]: [{ name: 'walk' }] }));
  return walkFormat('canary', CANARY_FIELDS, canaryTargets(facts), lists);
}

const scrapeErrors = (spec: Record<string, unknown>) => {
  const result = validateScrapeConfig({
    apiVersion: 'configs.flanksource.com/v1',
    kind: 'ScrapeConfig',
    metadata: { name: 'walk' },
    spec,
  });
  return result.ok ? [] : result.errors;
};

/** Minimal valid entries of the scraper kinds. */
const MINIMAL_SCRAPERS: Record<string, Record<string, unknown>> = {
  file: { type: 'Walk', paths: ['/walk/*.json'] },
  sql: { connection: 'connection://postgres/walk', query: 'SELECT 1', type: 'Walk', id: '$.id' },
  http: { url: 'https://walk.test', type: 'Walk', id: '$.id' },
  kubernetes: { clusterName: 'walk' },
  kubernetesFile: {
    connection: 'connection://kubernetes/walk',
    selector: { kind: 'Pod' },
    files: [{ path: ['/etc/walk'] }],
  },
};

/** A minimal valid entry of a scraper kind, for the walk and its own test. */
export function minimalScraper(kind: string): Record<string, unknown> {
  return MINIMAL_SCRAPERS[kind] ?? {};
}

function scrapeConfigWalk(): FormatWalk {
  const facts = readFacts('scrape-config');
  const kinds = Object.keys(SCRAPER_KINDS);
  const specSchema = scrapeConfigSchema.shape.spec;
  const withEntry = { file: [minimalScraper('file')] };
  const targets: Target[] = [
    {
      prefix: 'spec',
      paths: facts.spec,
      schema: specSchema,
      answer: (s) => scrapeErrors(nest(specSchema, withEntry, s)),
    },
  ];
  for (const kind of kinds) {
    const paths = facts.lists[kind];
    if (!paths) continue;
    const schema = SCRAPER_KINDS[kind as keyof typeof SCRAPER_KINDS].schema;
    targets.push({
      prefix: kind,
      paths,
      schema,
      answer: (s) => scrapeErrors({ [kind]: [nest(schema, minimalScraper(kind), s)] }),
    });
  }
  const lists = refusedLists(facts, kinds, (list) => scrapeErrors({ [list]: [{}] }));
  return walkFormat('scrape-config', SCRAPE_CONFIG_FIELDS, targets, lists);
}

function topologyWalk(): FormatWalk {
  const facts = readFacts('topology');
  const target: Target = {
    prefix: 'spec',
    paths: facts.spec,
    schema: topologySpecSchema,
    answer: (s) => errorsOf(() => parseTopologySpec(nest(topologySpecSchema, {}, s))),
  };
  return walkFormat('topology', TOPOLOGY_FIELDS, [target], []);
}

/** The walk of every format. */
export function upstreamCompatibility(): FormatWalk[] {
  return [canaryWalk(), scrapeConfigWalk(), topologyWalk()];
}

/** Honoured, refused and pending counts of one walk. */
export function fateCounts(walk: FormatWalk): Record<FieldFate, number> {
  const counts: Record<FieldFate, number> = { honoured: 0, refused: 0, pending: 0, unaccounted: 0 };
  for (const row of walk.rows) counts[row.fate] += 1;
  return counts;
}
