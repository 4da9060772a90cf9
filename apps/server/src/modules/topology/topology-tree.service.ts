/**
 * `GET /canary/api/topology` (000 §7, upstream's answer keys): the components as a tree to the asked
 * depth, the card level filtered by status, type, owner, team and labels, hidden components left out
 * unless asked, the card level's open incident and insight counts merged into each summary, the
 * ancestors of the asked component for breadcrumbs, and the values the filters offer.
 */
import {
  COMPONENT_STATUSES,
  type TopologyComponent,
  type TopologyQuery,
  type TopologyResponse,
  topologyQuerySchema,
} from '@mc/contracts';
import type { Database } from '@mc/db';
import { AppError } from '../../platform/errors.js';
import { type ComponentVisibility, EVERY_COMPONENT } from './component-visibility.js';
import { parseLabelSelector } from './links.repo.js';
import { applyStatusExpression } from './status-expressions.js';
import {
  readAncestors,
  readChildVisibility,
  readReasonsThroughHidden,
  readTree,
  type TreeRow,
} from './topology-tree.repo.js';

/** Parses the query string; 400 naming the bad parameter. */
export function parseTopologyQuery(query: Record<string, string>): TopologyQuery {
  const parsed = topologyQuerySchema.safeParse(query);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('bad_request', `${issue?.path.join('.') || 'query'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

function assemble(rows: readonly TreeRow[]): TopologyComponent[] {
  const byId = new Map<string, TopologyComponent>();
  const top: TopologyComponent[] = [];
  for (const {
    level,
    badge_incidents: _incidents,
    badge_insights: _insights,
    status_expr: _status,
    health_expr: _health,
    ...row
  } of rows) {
    const node: TopologyComponent = { ...row, components: [] };
    byId.set(row.id, node);
    if (level === 0) top.push(node);
    else byId.get(row.parent_id ?? '')?.components?.push(node);
  }
  return top;
}

const STATUS_KEYS = ['healthy', 'unhealthy', 'warning', 'unknown'] as const;

/**
 * For a caller with deny rows: children counts without the children they may not read, and a reason
 * that leads through such a child replaced, so neither the counts nor the text give the hidden part away.
 * The status stays: the component itself is visible and really is in that state.
 */
async function hideDeniedChildren(db: Database['db'], rows: TreeRow[], visibility: ComponentVisibility): Promise<void> {
  if (visibility.denied.length === 0 || rows.length === 0) return;
  const ids = rows.map((row) => row.id);
  const [children, throughHidden] = await Promise.all([
    readChildVisibility(db, ids, visibility),
    readReasonsThroughHidden(db, ids, visibility),
  ]);
  const byParent = new Map<string, typeof children>();
  for (const child of children) byParent.set(child.parent_id, [...(byParent.get(child.parent_id) ?? []), child]);
  for (const row of rows) {
    if (throughHidden.has(row.id)) row.status_reason = `a component you may not read is ${row.status}`;
    const own = byParent.get(row.id) ?? [];
    if (own.every((child) => child.visible)) continue;
    const counts: Record<string, number> = { healthy: 0, unhealthy: 0, warning: 0, unknown: 0 };
    for (const child of own) {
      if (!child.visible) continue;
      const key = (STATUS_KEYS as readonly string[]).includes(child.status) ? child.status : 'unknown';
      counts[key] = (counts[key] ?? 0) + 1;
    }
    row.summary = { ...(row.summary ?? {}), ...counts };
  }
}

/** The topology reader of one database. */
export function topologyTree(database: Database) {
  const db = database.db;
  return {
    /** The tree as `visibility` allows (default: every component — callers inside the server). */
    async read(query: TopologyQuery, visibility: ComponentVisibility = EVERY_COMPONENT): Promise<TopologyResponse> {
      const labels = parseLabelSelector(query.labels).equals;
      // The tree (with its cards' badges) and the breadcrumbs are independent reads: sent together.
      const [rows, parents] = await Promise.all([
        readTree(db, {
          visibility,
          id: query.id,
          topologyId: query.topologyId,
          depth: query.depth,
          includeHidden: query.hidden === 'true',
          filters: { statuses: query.status, types: query.type, owner: query.owner, team: query.team, labels },
        }),
        query.id ? readAncestors(db, query.id, visibility) : Promise.resolve([]),
      ]);
      if (query.id && rows.length === 0) throw new AppError('not_found', `Component '${query.id}' not found`);
      await hideDeniedChildren(db, rows, visibility);
      for (const row of rows) {
        if (row.badge_incidents === null || row.badge_insights === null) continue;
        row.summary = { ...(row.summary ?? {}), incidents: row.badge_incidents, insights: row.badge_insights };
      }
      for (const row of rows) applyStatusExpression(row);
      const tags: Record<string, Set<string>> = {};
      for (const row of rows) {
        for (const [key, value] of Object.entries(row.labels ?? {})) {
          const values = tags[key] ?? new Set<string>();
          values.add(String(value));
          tags[key] = values;
        }
      }
      return {
        components: assemble(rows),
        parents,
        healthStatuses: [...COMPONENT_STATUSES],
        teams: [...new Set(rows.flatMap((row) => (row.owner ? [row.owner] : [])))].sort(),
        tags: Object.fromEntries(Object.entries(tags).map(([key, values]) => [key, [...values].sort()])),
        types: [...new Set(rows.flatMap((row) => (row.type ? [row.type] : [])))].sort(),
      };
    },
  };
}
