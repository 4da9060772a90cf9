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
import { parseLabelSelector } from './links.repo.js';
import { readAncestors, readBadgeCounts, readTree, type TreeRow } from './topology-tree.repo.js';

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
  for (const { level, ...row } of rows) {
    const node: TopologyComponent = { ...row, components: [] };
    byId.set(row.id, node);
    if (level === 0) top.push(node);
    else byId.get(row.parent_id ?? '')?.components?.push(node);
  }
  return top;
}

/** The topology reader of one database. */
export function topologyTree(database: Database) {
  const db = database.db;
  return {
    async read(query: TopologyQuery): Promise<TopologyResponse> {
      const labels = parseLabelSelector(query.labels).equals;
      const rows = await readTree(db, {
        id: query.id,
        topologyId: query.topologyId,
        depth: query.depth,
        includeHidden: query.hidden === 'true',
        filters: { statuses: query.status, types: query.type, owner: query.owner, team: query.team, labels },
      });
      if (query.id && rows.length === 0) throw new AppError('not_found', `Component '${query.id}' not found`);
      const cardLevel = query.id ? 1 : 0;
      const cards = rows.filter((row) => row.level === cardLevel || row.level === 0);
      const first = rows[0];
      // Badges and breadcrumbs are independent reads: sent together.
      const [badges, parents] = await Promise.all([
        readBadgeCounts(
          db,
          cards.map((row) => row.id),
        ),
        query.id && first ? readAncestors(db, first.path) : Promise.resolve([]),
      ]);
      for (const row of cards) {
        const counts = badges.get(row.id);
        if (counts) row.summary = { ...(row.summary ?? {}), ...counts };
      }
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
