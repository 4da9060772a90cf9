import type pg from 'pg';
import type { BenchCall } from './bench-client.js';
import { CHANGE_TYPES, itemId, kindRanges } from './seed-catalog.js';

/** Depth of the related-configs walks (issue 32 item 4). */
export const RELATED_DEPTH = 5;

/** One measured case of the catalog bench: the console's call through HTTP and its naive query. */
export interface Scenario {
  name: string;
  /** p99 bar in ms; none for a case measured only to be read beside another. */
  target?: number;
  /** p99 bar in ms at the bench's concurrency (10 callers: issue 32 item 4). */
  concurrentTarget?: number;
  /** Reads what the calls need (ids of the items walked from) before the timing starts. */
  prepare?: (pool: pg.Pool) => Promise<void>;
  api: (i: number) => BenchCall;
  naive: { label: string; run: (pool: pg.Pool, i: number) => Promise<unknown> };
}

/** The catalog list and the changes search, against their page-and-count queries. */
function listScenarios(): Scenario[] {
  const types = ['Kubernetes::Pod', 'Kubernetes::Deployment', 'Kubernetes::ReplicaSet', 'AWS::EC2::Instance'];
  const healths = ['healthy', 'unhealthy', 'warning', 'unknown'];
  const listFilter = (i: number) => [types[i % types.length] ?? '', healths[(i >> 2) % healths.length] ?? ''];
  const severities = ['high', 'medium', 'critical'];
  const changeFilter = (i: number) => ({
    type: CHANGE_TYPES[i % CHANGE_TYPES.length] ?? 'diff',
    severity: severities[i % 3] ?? 'high',
  });
  const ranks = ['critical', 'high', 'medium', 'low', 'info'];
  const atLeast = (s: string) => ranks.slice(0, ranks.indexOf(s) + 1);
  const listSelect =
    'id,name,type,config_class,icon,status,health,tags,labels,created_at,updated_at,deleted_at,cost_total_30d,changes,analysis';
  return [
    {
      name: 'catalog list: type + health, by name, 100, exact count (the console’s query)',
      target: 50,
      concurrentTarget: 150,
      api: (i) => {
        const [type, health] = listFilter(i);
        return {
          method: 'GET',
          // the console asks for the exact total (get-config-list.ts: count: true)
          headers: { Prefer: 'count=exact' },
          path: `/api/db/configs?select=${listSelect}&type=in.(${encodeURIComponent(`"${type}"`)})&health=in.(${health})&order=name.asc.nullslast,id.asc&limit=100&offset=0`,
        };
      },
      naive: {
        label: 'the same page and count through node-postgres',
        run: (pool, i) =>
          Promise.all([
            pool.query(
              `SELECT ${listSelect} FROM configs WHERE type = $1 AND health = $2 AND deleted_at IS NULL ORDER BY name, id LIMIT 100`,
              listFilter(i),
            ),
            pool.query(
              'SELECT count(*) FROM config_items WHERE type = $1 AND health = $2 AND deleted_at IS NULL',
              listFilter(i),
            ),
          ]),
      },
    },
    {
      name: 'changes search: type + severity + last 24 h, page of 50 with total',
      target: 50,
      concurrentTarget: 150,
      api: (i) => ({ method: 'POST', path: '/api/catalog/changes', body: { ...changeFilter(i), from: 'now-24h' } }),
      naive: {
        label: 'page and count over the changes joined to items through node-postgres',
        run: (pool, i) => {
          const { type, severity } = changeFilter(i);
          const params = [type, atLeast(severity), new Date(Date.now() - 86_400_000).toISOString()];
          const from = `FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
            WHERE cc.change_type = $1 AND cc.severity = ANY($2::text[]) AND cc.created_at > $3 AND ci.deleted_at IS NULL`;
          return Promise.all([
            pool.query(
              `SELECT cc.id, cc.config_id, ci.name, ci.type, cc.change_type, cc.severity, cc.summary, cc.created_at ${from} ORDER BY cc.created_at DESC LIMIT 50`,
              params,
            ),
            pool.query(`SELECT cc.change_type, count(*) ${from} GROUP BY 1`, params),
          ]);
        },
      },
    },
  ];
}

/** Related configs at RELATED_DEPTH from namespaces and nodes, against upstream's recursive CTE. */
function relatedScenarios(items: number): Scenario[] {
  const ranges = Object.fromEntries(kindRanges(items).map((k) => [k.class, k]));
  const pick = (kind: string, i: number) => {
    const range = ranges[kind];
    if (!range) throw new Error(kind);
    return range.from + ((i * 7919) % range.count);
  };
  const idOf = async (pool: pg.Pool, n: number) =>
    (await pool.query<{ id: string }>(`SELECT ${itemId('$1::int')} AS id`, [n])).rows[0]?.id ?? '';
  const naiveRelated = (direction: 'outgoing' | 'incoming') => `
    WITH RECURSIVE walk (src, dst, depth) AS (
      SELECT r.config_id, r.related_id, 1 FROM config_relationships r
      WHERE ${direction === 'outgoing' ? 'r.config_id' : 'r.related_id'} = $1 AND r.deleted_at IS NULL
      UNION ALL
      SELECT r.config_id, r.related_id, w.depth + 1 FROM config_relationships r JOIN walk w
        ON ${direction === 'outgoing' ? 'r.config_id = w.dst' : 'r.related_id = w.src'}
      WHERE w.depth < ${RELATED_DEPTH} AND r.deleted_at IS NULL
    ) CYCLE ${direction === 'outgoing' ? 'dst' : 'src'} SET is_cycle USING trail
    SELECT ci.id, ci.name, ci.type, ci.health, ci.status, ci.tags FROM config_items ci
    WHERE ci.deleted_at IS NULL AND ci.id IN (SELECT ${direction === 'outgoing' ? 'dst' : 'src'} FROM walk UNION SELECT $1::uuid)`;
  // the columns the console's Relationships tab asks for (apps/web/src/features/catalog/api/get-related-configs.ts)
  const relatedSelect = 'id,name,type,health,status,depth,direction,related_ids,deleted_at';
  const related = (
    name: string,
    kind: string,
    filter: 'all' | 'incoming',
    direction: 'outgoing' | 'incoming',
    select: string | null = relatedSelect,
  ): Scenario => {
    const ids: string[] = [];
    return {
      name,
      target: select ? 50 : undefined,
      concurrentTarget: select ? 150 : undefined,
      prepare: async (pool: pg.Pool) => {
        if (ids.length === 0) for (let i = 0; i < 50; i++) ids.push(await idOf(pool, pick(kind, i)));
      },
      api: (i: number) => ({
        method: 'GET',
        path: `/api/db/rpc/related_configs_recursive?config_id=${ids[i % ids.length]}&type_filter=${filter}&max_depth=${RELATED_DEPTH}${select ? `&select=${select}` : ''}`,
      }),
      naive: {
        label: `recursive CTE with CYCLE over every path (upstream's shape), ${direction} only`,
        run: (pool: pg.Pool, i: number) => pool.query(naiveRelated(direction), [ids[i % ids.length]]),
      },
    };
  };
  const relatedNamespace = related(
    `related configs: a namespace, all directions, depth ${RELATED_DEPTH} (the console’s columns)`,
    'Namespace',
    'all',
    'outgoing',
  );
  const relatedNamespaceFull = related(
    `related configs: a namespace, all directions, depth ${RELATED_DEPTH}, all 24 columns (no target)`,
    'Namespace',
    'all',
    'outgoing',
    null,
  );
  const relatedNode = related(
    `related configs: a node, incoming, depth ${RELATED_DEPTH} (the console’s columns)`,
    'Node',
    'incoming',
    'incoming',
  );
  return [relatedNamespace, relatedNamespaceFull, relatedNode];
}

/** The option lists and the summary counters, against SELECT DISTINCT and GROUP BY. */
function optionScenarios(): Scenario[] {
  const option = (name: string, path: string, naive: string): Scenario => ({
    name: `option list: ${name}`,
    target: 20,
    concurrentTarget: 150,
    api: () => ({ method: 'GET', path }),
    naive: { label: naive, run: (pool) => pool.query(naive) },
  });
  return [
    option(
      'types',
      '/api/db/config_types?order=type',
      'SELECT DISTINCT type FROM config_items WHERE deleted_at IS NULL ORDER BY 1',
    ),
    option(
      'tags',
      '/api/db/config_tags?order=key,value',
      'SELECT DISTINCT t.key, t.value FROM config_items, jsonb_each_text(tags) t WHERE deleted_at IS NULL ORDER BY 1, 2',
    ),
    option(
      'labels of one key',
      '/api/db/config_labels?key=eq.app&order=value',
      "SELECT DISTINCT labels ->> 'app' FROM config_items WHERE deleted_at IS NULL AND labels ? 'app' ORDER BY 1",
    ),
    option(
      'change types',
      '/api/db/change_types?order=change_type',
      'SELECT DISTINCT change_type FROM config_changes ORDER BY 1',
    ),
    option(
      'analyzers',
      '/api/db/config_analysis_analyzers?order=analyzer',
      "SELECT DISTINCT analyzer FROM config_analysis WHERE status = 'open' ORDER BY 1",
    ),
    {
      name: 'summary by type (counters)',
      target: 50,
      concurrentTarget: 150,
      api: () => ({ method: 'POST', path: '/api/catalog/summary', body: {} }),
      naive: {
        label: 'GROUP BY type, health over the items',
        run: (pool) =>
          pool.query('SELECT type, health, count(*) FROM config_items WHERE deleted_at IS NULL GROUP BY 1, 2'),
      },
    },
  ];
}

/** Every case, in the order they are measured and printed. */
export function scenarios(items: number): Scenario[] {
  return [...listScenarios(), ...relatedScenarios(items), ...optionScenarios()];
}
