/**
 * canary-checker's stateful SQL checks (checks/sql.go): a postgres or mysql check's `query` is a Go
 * template rendered before each run, with `last_result` (the check's previous run; its details are
 * `results`, e.g. `results.rows` and `results.count`), `check`, `canary` and `outputs` (check-template.ts).
 *
 * The rendered text is SQL, so a value read from the previous result could change the statement. What
 * keeps that bounded: the template is the query the check's author saved (values never become template
 * source); the values come only from this check's own previous result; and a string of that result
 * holding a character that can end an SQL literal, start a comment or another statement (see
 * {@link UNSAFE_SQL_TEXT}) is refused when the template reads it — the run fails naming its path — so
 * numbers, booleans, timestamps and plain words pass, quotes and semicolons never reach the SQL.
 */
import { GoTemplateError } from '../../../platform/go-template/index.js';
import { type CheckTemplateData, lastResultOf, renderCheckTemplate } from './check-template.js';
import type { PreviousRun } from './last-result.repo.js';

/** Check types whose `query` is rendered as a template. */
export const STATEFUL_QUERY_TYPES: ReadonlySet<string> = new Set(['postgres', 'mysql']);

/**
 * Text a value must not carry into SQL: quotes and backticks (end a literal or identifier), backslash
 * (MySQL escapes), `;` (another statement), `$` (PostgreSQL dollar quoting), `#`, `--`, `/*`, `*\/` and
 * line breaks (comments), NUL.
 */
export const UNSAFE_SQL_TEXT = /['"`\\;$#\0\r\n]|--|\/\*|\*\//;

/** Whether the spec's query is a template (canary-checker renders every query; only `{{` changes one). */
export function isTemplatedQuery(type: string, spec: unknown): spec is Record<string, unknown> & { query: string } {
  if (!STATEFUL_QUERY_TYPES.has(type) || spec === null || typeof spec !== 'object') return false;
  const query = (spec as { query?: unknown }).query; // reading one optional field of an object
  return typeof query === 'string' && query.includes('{{');
}

function refused(path: string): never {
  throw new GoTemplateError(
    `${path} holds text that could change the SQL statement (a quote, backslash, ;, $, #, comment or line break); it is not put into the query`,
  );
}

/** A read-only view of `value` whose unsafe strings (and keys) fail the render when the template reads them. */
function guarded(value: unknown, path: string): unknown {
  if (typeof value === 'string') return UNSAFE_SQL_TEXT.test(value) ? refused(path) : value;
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return new Proxy(value, {
    get(target, key, receiver) {
      const item: unknown = Reflect.get(target, key, receiver);
      if (typeof key === 'symbol' || !Object.hasOwn(target, key)) return item;
      return guarded(item, `${path}.${key}`);
    },
    ownKeys(target) {
      const keys = Reflect.ownKeys(target);
      for (const key of keys) if (typeof key === 'string' && UNSAFE_SQL_TEXT.test(key)) refused(`${path} (a key)`);
      return keys;
    },
    set: () => false,
    deleteProperty: () => false,
  });
}

/**
 * The spec with its query rendered, or the render's error as `query: <reason>`. `previous` is read only
 * when the template names last_result.
 */
export async function withRenderedQuery(
  spec: Record<string, unknown> & { query: string },
  data: CheckTemplateData,
  previous: () => Promise<PreviousRun | undefined>,
): Promise<{ spec: Record<string, unknown> } | { error: string }> {
  const lastResult = async () => guarded(lastResultOf(await previous()), 'last_result');
  try {
    return { spec: { ...spec, query: await renderCheckTemplate(spec.query, data, lastResult) } };
  } catch (error) {
    if (error instanceof GoTemplateError) return { error: `query: ${error.message}` };
    throw error;
  }
}
