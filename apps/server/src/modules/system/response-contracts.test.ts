import * as contracts from '@mc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The contracts package is the one source of answer shapes: every documented `/api` route whose
 * success answer is JSON names its response schema, and that schema is one `@mc/contracts` exports
 * (the same object), so the console's types and the server's answers cannot drift apart.
 */

/** Documented routes whose success answer is not JSON, with what they send instead. */
const NOT_JSON: Record<string, string> = {
  'GET /api/kubeconfig': 'a kubeconfig (YAML)',
  'GET /api/logs/tail': 'server-sent events',
  'GET /api/playbook/run/{id}/logs/stream': 'server-sent events',
  'GET /api/playbook/run/{id}/artifacts/{artifactId}': 'the artifact file',
  'GET /api/checks/{id}/artifacts/{artifactId}': 'the artifact file',
  'GET /api/snapshot/topology/{id}': 'a tar archive',
  'GET /api/config/query': 'nothing: refused by design, always a 400 (catalog-api.openapi.ts)',
  'GET /api/system/backup': 'a gzip tarball of the embedded database (docs/operations.md, "Back up and restore")',
};
/** Success statuses without a body: a deletion's 204, a redirect's 303. */
const NO_BODY = new Set(['204', '303']);

interface Answer {
  content?: Record<string, { schema?: unknown }>;
}

let t: TestApp;
const exported = new Set<unknown>(Object.values(contracts));

beforeAll(async () => {
  // hosted mode mounts the organisation routes too
  t = await createTestApp({ env: { MC_AUTH_MODE: 'hosted' } });
});
afterAll(async () => {
  await t.close();
});

/** Every documented `/api` operation's success answers as `[route, status, answer]`. */
function successAnswers(): Array<[string, string, Answer]> {
  return t.app.openAPIRegistry.definitions.flatMap((definition) => {
    if (definition.type !== 'route' || !definition.route.path.startsWith('/api')) return [];
    const route = `${definition.route.method.toUpperCase()} ${definition.route.path}`;
    return Object.entries(definition.route.responses as Record<string, Answer>)
      .filter(([status]) => /^2\d\d$/.test(status) && !NO_BODY.has(status))
      .map(([status, answer]): [string, string, Answer] => [route, status, answer]);
  });
}

describe('response contracts', () => {
  it('every documented /api route with a JSON success answer has a response schema', () => {
    const answers = successAnswers();
    expect(answers.length).toBeGreaterThan(100);
    const missing = answers
      .filter(([route, , answer]) => !NOT_JSON[route] && !answer.content?.['application/json']?.schema)
      .map(([route, status]) => `${route} ${status}`);
    expect(missing).toEqual([]);
  });

  it('every response schema is one @mc/contracts exports', () => {
    const foreign = successAnswers()
      .filter(([, , answer]) => {
        const schema = answer.content?.['application/json']?.schema;
        return schema !== undefined && !exported.has(schema);
      })
      .map(([route, status]) => `${route} ${status}`);
    expect(foreign).toEqual([]);
  });

  it('lists as not JSON only routes the document has', () => {
    const documented = new Set(successAnswers().map(([route]) => route));
    expect(Object.keys(NOT_JSON).filter((route) => !documented.has(route))).toEqual([]);
  });
});
