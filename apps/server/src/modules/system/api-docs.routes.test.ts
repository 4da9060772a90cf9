import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPath } from '../../platform/openapi/api-document.js';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * `/api/openapi.json` documents every route of the app: the routes are read from the router, so a new
 * route without documentation fails here. Catch-alls (middleware and the JSON 404) are not routes.
 */

interface Operation {
  summary?: string;
  parameters?: Array<{ name: string; in: string; required?: boolean }>;
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  'x-permission'?: Record<string, unknown>;
}
interface ApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
/** Router entries that answer for paths no route serves; they are not API routes to document. */
const NOT_ROUTES: Record<string, string> = {
  'ALL /api/db': 'answers PostgREST’s PGRST125 invalid path',
};

let t: TestApp;
let doc: ApiDocument;

beforeAll(async () => {
  t = await createTestApp();
  const viewer = await signedInUser(t, { roles: ['guest'] });
  const response = await apiCall(t.app, 'GET', '/api/openapi.json', viewer.token);
  expect(response.status).toBe(200);
  doc = (await response.json()) as ApiDocument;
});
afterAll(async () => {
  await t.close();
});

/** Every operation of the document as `[path, method, operation]`. */
function operations(): Array<[string, string, Operation]> {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]): [string, string, Operation] => [path, method, operation]),
  );
}

describe('GET /api/openapi.json', () => {
  it('answers 401 without a session or token', async () => {
    expect((await apiCall(t.app, 'GET', '/api/openapi.json', null)).status).toBe(401);
  });

  it('documents every route of the router (method and path)', () => {
    const routes = new Set(
      t.app.routes
        .filter(
          (route) => route.path.startsWith('/api') || ['/health', '/livez', '/readyz', '/metrics'].includes(route.path),
        )
        .filter((route) => !route.path.endsWith('*') && !NOT_ROUTES[`${route.method} ${route.path}`])
        .map((route) => `${route.method} ${route.path}`),
    );
    const missing = [...routes].filter((key) => {
      const [method = '', path = ''] = key.split(' ');
      const item = doc.paths[openApiPath(path)];
      if (!item) return true;
      return method === 'ALL' ? !METHODS.some((m) => item[m]) : !item[method.toLowerCase()];
    });
    expect(missing.sort()).toEqual([]);
    expect(routes.size).toBeGreaterThan(80);
  });

  it('documents nothing the router does not serve', () => {
    const served = new Set(t.app.routes.map((route) => `${route.method} ${openApiPath(route.path)}`));
    const extra = operations()
      .map(([path, method]) => [path, method.toUpperCase()])
      .filter(([path, method]) => !served.has(`${method} ${path}`) && !served.has(`ALL ${path}`))
      .map(([path, method]) => `${method} ${path}`);
    expect(extra).toEqual([]);
  });

  it('is an OpenAPI 3.1 document: info, operations with responses, every path parameter declared', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toEqual({ title: 'Mission Control', version: 'test' });
    for (const [path, method, operation] of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(path, where).toMatch(/^\//);
      expect(operation.summary, where).toBeTruthy();
      expect(Object.keys(operation.responses).length, where).toBeGreaterThan(0);
      for (const status of Object.keys(operation.responses)) expect(status, where).toMatch(/^[1-5]\d\d$/);
      const declared = (operation.parameters ?? []).filter((p) => p.in === 'path');
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(declared.map((p) => p.name).sort(), where).toEqual(inPath.sort());
      for (const parameter of declared) expect(parameter.required, `${where} ${parameter.name}`).toBe(true);
    }
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const ref of refs) {
      const name = ref.slice('"$ref":"#/components/schemas/'.length, -1);
      expect(doc.components?.schemas?.[name], ref).toBeDefined();
    }
  });

  it('holds JSON Schema 2020-12 schemas (OpenAPI 3.1’s dialect) that compile, references resolved', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addFormat('uuid', true).addFormat('date-time', true).addFormat('email', true).addFormat('uri', true);
    const schemas: Array<[string, unknown]> = [];
    for (const [path, method, operation] of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      for (const parameter of operation.parameters ?? []) schemas.push([`${where} ${parameter.name}`, parameter]);
      for (const [type, media] of Object.entries(operation.requestBody?.content ?? {}))
        schemas.push([`${where} body ${type}`, media.schema]);
      for (const [status, response] of Object.entries(operation.responses))
        for (const media of Object.values(response.content ?? {})) schemas.push([`${where} ${status}`, media.schema]);
    }
    expect(schemas.length).toBeGreaterThan(200);
    for (const [where, schema] of schemas) {
      const inner = (schema as { schema?: unknown }).schema ?? schema;
      expect(() => ajv.compile({ components: doc.components, ...(inner as object) }), where).not.toThrow();
    }
  });

  it('states the permission of every operation, read from the guard that enforces it', () => {
    const unstated = operations()
      .filter(([, , operation]) => !operation['x-permission'])
      .map(([path, method]) => `${method.toUpperCase()} ${path}`);
    expect(unstated).toEqual([]);
    expect(doc.paths['/api/incidents/{id}']?.patch?.['x-permission']).toEqual({
      resource: 'incident',
      action: 'write',
    });
    expect(doc.paths['/api/connections']?.get?.['x-permission']).toEqual({ resource: 'connections', action: 'read' });
    expect(doc.paths['/api/auth/tokens']?.post?.['x-permission']).toEqual({ signedIn: true });
    expect(doc.paths['/metrics']?.get?.['x-permission']).toEqual({ roles: ['admin'] });
    expect(doc.paths['/livez']?.get?.['x-permission']).toEqual({ public: true });
    expect(doc.paths['/readyz']?.get?.['x-permission']).toEqual({ public: true });
    expect(doc.paths['/api/.ory/self-service/login/api']?.get?.['x-permission']).toEqual({ public: true });
  });

  it('describes bodies and queries with the schemas the routes validate with', () => {
    const body = doc.paths['/api/incidents']?.post?.requestBody?.content['application/json']?.schema as {
      required?: string[];
      properties?: Record<string, unknown>;
    };
    expect(body.required).toEqual(expect.arrayContaining(['title', 'type']));
    expect(JSON.stringify(body.properties?.severity)).toContain('critical');
    const query = doc.paths['/api/incidents']?.get?.parameters?.map((p) => p.name);
    expect(query).toEqual(expect.arrayContaining(['status', 'severity']));
    const permission = doc.paths['/api/permissions']?.post?.requestBody?.content['application/json']?.schema;
    expect(JSON.stringify(permission)).toContain('playbook:approve');
    const canary = doc.paths['/api/canaries']?.post?.requestBody?.content;
    expect(Object.keys(canary ?? {}).sort()).toEqual(['application/json', 'application/yaml']);
  });
});
