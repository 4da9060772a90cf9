import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/request-context.js';
import { readAsCaller } from './read-as-caller.js';
import type { RestRequest, RestService } from './rest.service.js';

/** Items answered per kind when the request names no limit, and the most it may name (upstream's). */
export const RESOURCE_SEARCH_DEFAULT_LIMIT = 100;
export const RESOURCE_SEARCH_MAX_LIMIT = 1000;

/** The agent id of resources of this server (no agent), which `agent: "local"` names. */
const LOCAL_AGENT = '00000000-0000-0000-0000-000000000000';

/**
 * One selector of a kind: the subset of upstream's ResourceSelector this server answers. `search` is
 * plain text matched against the name (case-insensitive, contains); upstream's query grammar in it
 * (`name=x type=y`) is refused with a 400, as is any other selector field (strict object).
 */
const selectorSchema = z.strictObject({
  id: z.guid({ message: 'id must be a UUID' }).optional(),
  name: z.string().max(255).optional(),
  namespace: z.string().max(255).optional(),
  agent: z
    .union([z.literal('all'), z.literal('local'), z.guid({ message: 'agent must be all, local or an agent id' })])
    .optional(),
  types: z.array(z.string().max(255)).max(50).optional(),
  search: z
    .string()
    .max(255)
    .refine(
      (text) => !/[=<>:]/.test(text),
      'search takes plain text here (name contains); the query grammar is not supported',
    )
    .optional(),
});

/** `POST /api/resources/search` body (001 §7): selectors for checks, components and configs, and a limit. */
export const resourceSearchSchema = z.strictObject({
  limit: z
    .number()
    .int()
    .min(0)
    .max(RESOURCE_SEARCH_MAX_LIMIT, `limit must be at most ${RESOURCE_SEARCH_MAX_LIMIT}`)
    .optional(),
  checks: z.array(selectorSchema).max(20).optional(),
  components: z.array(selectorSchema).max(20).optional(),
  configs: z.array(selectorSchema).max(20).optional(),
});

type Selector = z.infer<typeof selectorSchema>;
type Kind = 'checks' | 'components' | 'configs';

/** Where each kind is read through the data API, and the columns a selected resource carries. */
const SOURCES: Readonly<Record<Kind, { table: string; select: string }>> = {
  checks: { table: 'checks', select: 'id,agent_id,icon,name,namespace,type,tags:labels,status' },
  components: { table: 'components', select: 'id,agent_id,icon,name,namespace,type,tags:labels,health,status' },
  configs: { table: 'config_items', select: 'id,agent_id,icon,name,namespace,type,tags,health,status' },
};

/** A PostgREST list value, quoted so commas and parentheses stay inside it. */
const quoted = (value: string) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;

function queryOf(kind: Kind, selector: Selector, limit: number): URLSearchParams {
  const q = new URLSearchParams({ select: SOURCES[kind].select, order: 'name', limit: String(limit) });
  if (selector.id) q.append('id', `eq.${selector.id}`);
  if (selector.name) q.append('name', `eq.${selector.name}`);
  if (selector.namespace) q.append('namespace', `eq.${selector.namespace}`);
  if (selector.types?.length) q.append('type', `in.(${selector.types.map(quoted).join(',')})`);
  if (selector.agent && selector.agent !== 'all') {
    q.append('agent_id', `eq.${selector.agent === 'local' ? LOCAL_AGENT : selector.agent}`);
  }
  if (selector.search?.trim()) q.append('name', `ilike.*${selector.search.trim().replaceAll('*', '')}*`);
  return q;
}

interface Row {
  id: string;
  agent_id: string;
  icon: string | null;
  name: string | null;
  namespace: string | null;
  type: string | null;
  tags: Record<string, string> | null;
  health?: string | null;
  status?: string | null;
}

/** A row as upstream's SelectedResource: a check's health is healthy or unhealthy from its status. */
function selected(kind: Kind, row: Row) {
  const health = kind === 'checks' ? (row.status === 'healthy' ? 'healthy' : 'unhealthy') : row.health;
  return {
    id: row.id,
    agent: row.agent_id,
    ...(row.icon ? { icon: row.icon } : {}),
    name: row.name ?? '',
    namespace: row.namespace ?? '',
    type: row.type ?? '',
    ...(row.tags && Object.keys(row.tags).length > 0 ? { tags: row.tags } : {}),
    ...(health ? { health } : {}),
    ...(kind !== 'checks' && row.status ? { status: row.status } : {}),
  };
}

/**
 * Resource search (001 §7, upstream `POST /resources/search`): each selector of each kind is one read
 * through the data API as the caller — so the permission of the kind, deny rows and row scopes apply
 * exactly as on `/api/db` (a kind the caller may not read refuses the request with its status) — and
 * a kind's items are the union of its selectors' (by id, in name order), at most `limit` (default 100).
 */
export async function searchResources(
  rest: RestService,
  body: unknown,
  actor: Actor,
  requestId: string,
): Promise<Partial<Record<Kind, ReturnType<typeof selected>[]>>> {
  const parsed = resourceSearchSchema.safeParse(body ?? {});
  if (!parsed.success) {
    throw new AppError(
      'bad_request',
      parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '),
    );
  }
  const limit = parsed.data.limit || RESOURCE_SEARCH_DEFAULT_LIMIT;
  const answer: Partial<Record<Kind, ReturnType<typeof selected>[]>> = {};
  for (const kind of ['checks', 'components', 'configs'] as const) {
    const selectors = parsed.data[kind];
    if (!selectors?.length) continue;
    const found = new Map<string, ReturnType<typeof selected>>();
    for (const selector of selectors) {
      const req: RestRequest = {
        method: 'GET',
        name: SOURCES[kind].table,
        search: queryOf(kind, selector, limit),
        header: () => undefined,
        body: async () => '',
        actor,
        requestId,
      };
      const out = await readAsCaller(rest, req);
      for (const row of JSON.parse(out.body ?? '[]') as Row[]) found.set(row.id, selected(kind, row));
    }
    const items = [...found.values()].sort((a, b) => a.name.localeCompare(b.name)).slice(0, limit);
    if (items.length > 0) answer[kind] = items;
  }
  return answer;
}
