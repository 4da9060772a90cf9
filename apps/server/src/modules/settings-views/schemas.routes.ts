import type { Context, Hono } from 'hono';
import { AppError } from '../../platform/errors.js';
import type { ModuleDeps } from '../../platform/module-deps.js';
import type { AppEnv } from '../../platform/request-context.js';
import { requireSignIn } from '../../platform/require-permission.js';
import {
  documentSchemaOf,
  findResourceSchema,
  jsonSchemaOf,
  kubernetesScraperSchema,
  RESOURCE_SCHEMAS,
  type ResourceSchema,
} from './resource-schemas.js';
import { validateSpecText } from './yaml-validation.js';

const SUFFIX = '.schema.json';

function schemaOrThrow(name: string): ResourceSchema {
  const entry = findResourceSchema(name);
  if (!entry) {
    const known = RESOURCE_SCHEMAS.map((schema) => schema.file).join(', ');
    throw new AppError('not_found', `No schema for '${name}'; known types: ${known}`);
  }
  return entry;
}

/**
 * The text of a validate request: a raw YAML body, JSON `{ "spec": "<yaml text>" }`, or JSON
 * `{ "document": "<yaml text>" }` for a whole resource document (metadata and spec).
 */
async function specText(c: Context<AppEnv>): Promise<{ text: string; document: boolean }> {
  const type = c.req.header('content-type') ?? '';
  if (!type.includes('application/json')) return { text: await c.req.text(), document: false };
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError('bad_request', 'The request body must be JSON');
  }
  const field = (key: string) =>
    typeof body === 'object' && body !== null && key in body ? body[key as keyof typeof body] : undefined;
  const document = field('document');
  if (typeof document === 'string') return { text: document, document: true };
  const spec = field('spec');
  if (typeof spec !== 'string')
    throw new AppError('bad_request', 'spec: This field is required (the YAML text to validate)');
  return { text: spec, document: false };
}

/**
 * JSON schemas of the generic editor's types (`/api/schemas/{type}.schema.json`) and validation of
 * spec YAML (or a whole resource document) against them with line numbers (`POST /api/schemas/{type}/validate`).
 */
export function registerSchemaRoutes(app: Hono<AppEnv>, _deps: ModuleDeps): void {
  app.get('/api/schemas', requireSignIn(), (c) =>
    c.json(
      RESOURCE_SCHEMAS.map((entry) => ({
        table: entry.table,
        title: entry.title,
        url: `/api/schemas/${entry.file}${SUFFIX}`,
      })),
    ),
  );
  app.get('/api/schemas/:file', requireSignIn(), (c) => {
    const file = c.req.param('file');
    const name = file.endsWith(SUFFIX) ? file.slice(0, -SUFFIX.length) : file;
    if (name === 'config_kubernetes') return c.json(kubernetesScraperSchema());
    return c.json(jsonSchemaOf(schemaOrThrow(name)));
  });
  app.post('/api/schemas/:type/validate', requireSignIn(), async (c) => {
    const entry = schemaOrThrow(c.req.param('type'));
    const { text, document } = await specText(c);
    const result = validateSpecText(text, document ? documentSchemaOf(entry) : jsonSchemaOf(entry));
    if (result.valid) return c.json({ valid: true, spec: result.value });
    const [first] = result.issues;
    const message = first ? `line ${first.line}, column ${first.column}: ${first.message}` : 'Invalid spec';
    throw new AppError('bad_request', message, { issues: result.issues });
  });
}
