/**
 * The http scraper (config-db's `http`): fetches a JSON API through the egress guard (every hop
 * checked, the socket pinned to the checked address) with a stored connection's auth (username and
 * password as Basic, a password alone as a Bearer token) or the entry's headers. The answer is split by
 * `items`; without `items` a list answer gives one item per element, unless the entry has a transform
 * script: that script sees the whole answer, as config-db runs it over the response (so
 * `config.filter(…)` over a list of todos works), and each object it returns is an item. An answer that
 * is not JSON (by its content type) is read by the entry's `format` as config-db does (YAML by default, `properties`, or any other
 * format kept as `{format, content}`). Defaults: id = the element's `id` (else the URL with its
 * position), type = `HTTP`, name = the element's `name` (else the id). config-db's other HTTP
 * connection fields (env, pagination, oauth, tls…) are refused when the scraper is saved.
 */
import { z } from 'zod';
import { MAX_DOCUMENT_DEPTH, parseBoundedJson } from '../../../platform/bounded-json.js';
import { deadline } from '../../../platform/deadline.js';
import { guardedRequest } from '../../../platform/egress/guarded-http.js';
import { MAX_SCRAPED_FILE_BYTES, parseDocuments } from './file-documents.js';
import { type BaseEntry, baseEntryShape, itemsFromDocument, splitItems } from './item-fields.js';
import { emptyOutput, type KindContext, type KindOutput, type ScraperKind } from './scraper-kind.js';
import { resolveEntryConnection } from './sql-target.js';
import { strictEntry } from './strict-entry.js';
import { hasScript } from './transform-expr.js';

/** Longest an http scrape waits for its answer. */
export const HTTP_SCRAPE_TIMEOUT_MS = 60_000;

const httpEntrySchema = strictEntry({
  ...baseEntryShape,
  url: z.url({ message: 'must be an http:// or https:// URL' }).refine((url) => /^https?:\/\//i.test(url), {
    message: 'must be an http:// or https:// URL',
  }),
  connection: z.string().min(1).optional(),
  method: z.enum(['GET', 'POST', 'PUT']).optional(),
  headers: z.record(z.string(), z.string()).optional(),
  body: z.string().optional(),
  insecureSkipVerify: z.boolean().optional(),
});
/** One `spec.http[]` entry. */
export type HttpEntry = z.infer<typeof httpEntrySchema> & BaseEntry;

function authHeader(username: string | undefined, password: string | undefined): Record<string, string> {
  if (username && password) {
    return { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` };
  }
  if (password) return { authorization: `Bearer ${password}` };
  return {};
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** The documents of an answer: split by `items`, else a list per element unless a script reads it whole. */
function partsOf(entry: HttpEntry, document: unknown): unknown[] {
  if (entry.items) return splitItems(entry, document);
  if (Array.isArray(document) && !hasScript(entry.transform)) return document;
  return [document];
}

async function scrape(entry: HttpEntry, ctx: KindContext): Promise<KindOutput> {
  const output = emptyOutput();
  output.rules = entry.analysis ?? [];
  const auth = entry.connection
    ? await resolveEntryConnection(ctx, entry.connection, entry.url)
    : { url: entry.url, insecureTLS: false };
  const limit = deadline(HTTP_SCRAPE_TIMEOUT_MS, ctx.signal);
  const response = await guardedRequest({
    url: entry.url,
    method: entry.method ?? 'GET',
    headers: {
      accept: 'application/json',
      ...authHeader('username' in auth ? auth.username : undefined, 'password' in auth ? auth.password : undefined),
      ...(entry.body ? { 'content-type': 'application/json' } : {}),
      ...(entry.headers ?? {}),
    },
    ...(entry.body ? { body: entry.body } : {}),
    followRedirects: true,
    maxRedirects: 5,
    insecureSkipVerify: entry.insecureSkipVerify ?? auth.insecureTLS,
    maxBodyBytes: MAX_SCRAPED_FILE_BYTES,
    signal: limit.signal,
    guard: ctx.egress,
  }).finally(() => limit.dispose());
  if (response.status < 200 || response.status > 299) {
    throw new Error(`${entry.url} answered HTTP ${response.status}`);
  }
  if (response.truncated) throw new Error(`${entry.url} answered more than ${MAX_SCRAPED_FILE_BYTES} bytes`);
  const text = response.body.toString('utf8');
  const contentType = String(response.headers['content-type'] ?? '');
  const document = /json/i.test(contentType)
    ? parseBoundedJson(
        text,
        { maxBytes: MAX_SCRAPED_FILE_BYTES, maxDepth: MAX_DOCUMENT_DEPTH },
        `answer of ${entry.url}`,
      )
    : parseDocuments(text, `answer of ${entry.url}`, entry.format ?? 'yaml')[0];
  const parts = partsOf(entry, document);
  for (const [index, part] of parts.entries()) {
    const record = (typeof part === 'object' && part !== null ? part : {}) as Record<string, unknown>;
    const key = textOf(record.id) ?? (parts.length === 1 ? entry.url : `${entry.url}#${index}`);
    try {
      output.items.push(
        ...(await itemsFromDocument(entry, part, {
          key,
          type: 'HTTP',
          name: textOf(record.name) ?? key,
          source: entry.url,
          vars: { url: entry.url },
        })),
      );
    } catch (error) {
      output.errors.push(`item ${index + 1}: ${(error as Error).message}`); // ExpressionError
    }
  }
  return output;
}

/** The http scraper kind. */
export const httpKind: ScraperKind<HttpEntry> = { name: 'http', schema: httpEntrySchema, scrape };
