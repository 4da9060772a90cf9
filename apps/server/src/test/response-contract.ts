import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { type ZodType, z } from 'zod';
import type { RouteDoc } from '../platform/openapi/route-docs.js';
import type { AppEnv } from '../platform/request-context.js';

const MODULES = fileURLToPath(new URL('../modules/', import.meta.url));

/** One documented success answer: the route's method and path, the status it is for (any 2xx when absent). */
interface AnswerContract {
  method: string;
  path: string;
  pattern: RegExp;
  /** Path parameters: the fewer, the more specific (`/api/properties/feature-flags` before `{name}`). */
  params: number;
  status?: number;
  schema: ZodType;
}

function contractOf(method: string, path: string, schema: ZodType, status?: number): AnswerContract {
  const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/]+');
  return {
    method: method.toUpperCase(),
    path,
    pattern: new RegExp(`^${source}$`),
    params: (path.match(/\{/g) ?? []).length,
    ...(status === undefined ? {} : { status }),
    schema,
  };
}

function isRouteDocList(value: unknown): value is RouteDoc[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((entry) => typeof entry === 'object' && entry !== null && 'method' in entry && 'path' in entry)
  );
}

/**
 * Every module's `RouteDoc` lists, read from the `<domain>.openapi.ts` files themselves: for a kit that
 * mounts one router without the API document (the data API's), whose app registry is empty.
 */
async function moduleRouteDocs(): Promise<RouteDoc[]> {
  const files = readdirSync(MODULES, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.openapi.ts'),
  );
  const docs: RouteDoc[] = [];
  for (const file of files) {
    const exports: Record<string, unknown> = await import(pathToFileURL(join(MODULES, file)).href);
    for (const value of Object.values(exports)) if (isRouteDocList(value)) docs.push(...value);
  }
  return docs;
}

/**
 * The success answers documented for `app`: its API document registry (every module's routes, when the
 * app mounts the API document), else every module's `RouteDoc` lists.
 */
async function contractsOf(app: OpenAPIHono<AppEnv>): Promise<AnswerContract[]> {
  const contracts: AnswerContract[] = [];
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue;
    const { method, path, responses } = definition.route;
    for (const [status, response] of Object.entries(responses)) {
      const media = 'content' in response ? response.content?.['application/json'] : undefined;
      const schema = media && 'schema' in media ? media.schema : undefined;
      if (/^2\d\d$/.test(status) && schema instanceof z.ZodType)
        contracts.push(contractOf(method, path, schema, Number(status)));
    }
  }
  if (contracts.length === 0)
    for (const route of await moduleRouteDocs())
      if (route.response) contracts.push(contractOf(route.method, route.path, route.response));
  return contracts.sort((a, b) => a.params - b.params);
}

/** The contract of one answer: the most specific documented path that matches, for the answer's status. */
function contractFor(contracts: readonly AnswerContract[], method: string, pathname: string, status: number) {
  const matches = contracts.filter((contract) => contract.method === method && contract.pattern.test(pathname));
  const path = matches[0]?.path;
  return matches.find(
    (contract) => contract.path === path && (contract.status === undefined || contract.status === status),
  );
}

/**
 * Test-only: makes every in-process request (`app.request`, `app.fetch`) check its answer against the
 * route's documented response schema (from `@mc/contracts`). A 2xx JSON answer that does not parse
 * throws, naming the route and the zod issues, so the test that made the call fails where it made it.
 * Streams, files, redirects and compressed bodies are left alone. Production apps never install it.
 */
export function installResponseContract(app: OpenAPIHono<AppEnv>): void {
  let contracts: AnswerContract[] | undefined;
  const fetch = app.fetch;
  app.fetch = async (request, ...rest) => {
    const response = await fetch(request, ...rest);
    const type = response.headers.get('content-type') ?? '';
    if (response.status < 200 || response.status > 299 || !type.includes('json')) return response;
    if (request.method === 'HEAD' || response.headers.has('content-encoding')) return response;
    // The registry is read on the first answer: by then every router and its documentation is mounted.
    contracts ??= await contractsOf(app);
    const { pathname } = new URL(request.url);
    const contract = contractFor(contracts, request.method, pathname, response.status);
    if (!contract) return response;
    const text = await response.clone().text();
    if (text === '') return response; // a write answered without its rows (`Prefer: return=minimal`)
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined; // not JSON under a JSON content type: no schema accepts it
    }
    const result = contract.schema.safeParse(body);
    if (!result.success)
      throw new Error(
        `${request.method} ${pathname} answered ${response.status} outside its contract (${contract.method} ${contract.path}):\n` +
          z.prettifyError(result.error),
      );
    return response;
  };
}
