import { OpenAPIHono } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { documentRoutes } from '../platform/openapi/route-docs.js';
import type { AppEnv } from '../platform/request-context.js';
import { installResponseContract } from './response-contract.js';

/** An app whose `/api/things` routes are documented with `thing` and answer `body`. */
function appAnswering(body: unknown, status: 200 | 201 = 200) {
  const app = new OpenAPIHono<AppEnv>();
  const thing = z.object({ id: z.string(), count: z.number() });
  documentRoutes(app, 'test', [
    { method: 'get', path: '/api/things/{id}', summary: 'One thing', response: thing },
    { method: 'get', path: '/api/things/first', summary: 'The first thing', response: z.array(thing) },
  ]);
  app.get('/api/things/first', (c) => c.json([body], status));
  app.get('/api/things/:id', (c) => c.json(body, status));
  app.get('/api/undocumented', (c) => c.json({ anything: true }));
  app.get('/api/failing', (c) => c.json({ code: 'bad_request', message: 'no' }, 400));
  installResponseContract(app);
  return app;
}

describe('installResponseContract', () => {
  it('lets an answer that matches its documented schema through, unchanged', async () => {
    const response = await appAnswering({ id: 'a', count: 1 }).request('/api/things/a');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: 'a', count: 1 });
  });

  it('fails the request whose 2xx JSON answer does not match, naming the route and the issue', async () => {
    await expect(appAnswering({ id: 'a', count: 'one' }).request('/api/things/a')).rejects.toThrow(
      /GET \/api\/things\/a answered 200 outside its contract \(GET \/api\/things\/\{id\}\):[\s\S]*count/,
    );
  });

  it('checks against the most specific documented path (a literal segment before a parameter)', async () => {
    await expect(appAnswering({ id: 'a', count: 'one' }).request('/api/things/first')).rejects.toThrow(
      /\(GET \/api\/things\/first\)[\s\S]*count/,
    );
  });

  it('leaves error answers and undocumented routes alone', async () => {
    const app = appAnswering({ id: 'a', count: 1 });
    expect((await app.request('/api/failing')).status).toBe(400);
    expect(await (await app.request('/api/undocumented')).json()).toEqual({ anything: true });
  });
});
