import type pg from 'pg';

/** Sizes of the catalog benchmark's data set (issue 13 acceptance). */
export interface CatalogBenchSizes {
  items: number;
  changes: number;
  analysis: number;
}

/** The item ranges of the Kubernetes-and-AWS shaped catalog (offsets into 1..items). */
export const KINDS = [
  { type: 'Kubernetes::Namespace', class: 'Namespace', share: 500 / 250_000 },
  { type: 'Kubernetes::Deployment', class: 'Deployment', share: 10_000 / 250_000 },
  { type: 'Kubernetes::ReplicaSet', class: 'ReplicaSet', share: 20_000 / 250_000 },
  { type: 'Kubernetes::Pod', class: 'Pod', share: 100_000 / 250_000 },
  { type: 'Kubernetes::Service', class: 'Service', share: 10_000 / 250_000 },
  { type: 'Kubernetes::ConfigMap', class: 'ConfigMap', share: 10_000 / 250_000 },
  { type: 'Kubernetes::Secret', class: 'Secret', share: 10_000 / 250_000 },
  { type: 'Kubernetes::Node', class: 'Node', share: 1_000 / 250_000 },
  { type: 'AWS::EC2::Instance', class: 'VirtualMachine', share: 44_250 / 250_000 },
  { type: 'AWS::EBS::Volume', class: 'Volume', share: 44_250 / 250_000 },
] as const;

/** Change types of the seeded changes (upstream's common ones). */
export const CHANGE_TYPES = [
  'diff',
  'UpdateDeployment',
  'ScalingReplicaSet',
  'Pulled',
  'BackOff',
  'Killing',
  'RunInstances',
  'ModifyVolume',
  'Healthy',
  'Unhealthy',
  'Scheduled',
  'Created',
];

/** Changes inserted by one statement of the seed. */
const CHANGES_PER_STATEMENT = 1_000_000;

/** Per kind: its first and last item number. */
export function kindRanges(items: number) {
  let next = 1;
  return KINDS.map((kind, index) => {
    const count = index === KINDS.length - 1 ? items - next + 1 : Math.round(kind.share * items);
    const range = { ...kind, from: next, to: next + count - 1, count };
    next += count;
    return range;
  });
}

/** The SQL uuid of item number `expr` (deterministic, spread like random ids). */
export const itemId = (expr: string) => `md5('bench-item-' || (${expr}))::uuid`;

/**
 * Seeds the catalog with server-side INSERT … SELECT generate_series (no rows cross the wire): items in a
 * namespace → deployment → replica set → pod tree (parent_id) with services, config maps, secrets, nodes
 * and AWS instances and volumes; ~2 relationships per item (the tree's hard edges, pods on nodes, services
 * selecting pods, pods using config maps and secrets, nodes on instances, instances with volumes);
 * changes over the last 30 days; insights. The triggers that keep the option counters run as they do in
 * production (statement-level, one pass per statement). Large tables are loaded with their secondary
 * indexes dropped and rebuilt after, as pg_restore does; a table that already holds rows is kept (a seed
 * interrupted and started again resumes). Returns the number of relationships.
 */
export async function seedCatalog(pool: pg.Pool, sizes: CatalogBenchSizes): Promise<number> {
  const r = Object.fromEntries(kindRanges(sizes.items).map((k) => [k.class, k]));
  const ns = r.Namespace;
  const dep = r.Deployment;
  const rs = r.ReplicaSet;
  const pod = r.Pod;
  const svc = r.Service;
  const cm = r.ConfigMap;
  const sec = r.Secret;
  const node = r.Node;
  const ec2 = r.VirtualMachine;
  const ebs = r.Volume;
  if (!ns || !dep || !rs || !pod || !svc || !cm || !sec || !node || !ec2 || !ebs) throw new Error('kind ranges');
  // the namespace (1-based) of an item of a namespaced kind, from its offset k within its kind
  const nsOf = (k: string) => `(1 + ((${k}) - 1) % ${ns.count})`;
  const kindCase = (field: 'type' | 'class') =>
    `CASE ${kindRanges(sizes.items)
      .map((k) => `WHEN g <= ${k.to} THEN '${field === 'type' ? k.type : k.class}'`)
      .join(' ')} END`;
  const parentOf = (g: string) => `CASE
    WHEN ${g} BETWEEN ${dep.from} AND ${dep.to} THEN ${nsOf(`${g} - ${dep.from} + 1`)}
    WHEN ${g} BETWEEN ${rs.from} AND ${rs.to} THEN ${dep.from} + (${g} - ${rs.from}) % ${dep.count}
    WHEN ${g} BETWEEN ${pod.from} AND ${pod.to} THEN ${rs.from} + (${g} - ${pod.from}) % ${rs.count}
    WHEN ${g} BETWEEN ${svc.from} AND ${sec.to} THEN ${nsOf(`(${g} - ${svc.from}) % ${svc.count} + 1`)}
    END`;
  const namespace = `CASE WHEN g <= ${ns.to} THEN g
    WHEN g BETWEEN ${dep.from} AND ${pod.to} THEN ${nsOf(`(g - ${dep.from}) % ${dep.count} + 1`)}
    WHEN g BETWEEN ${svc.from} AND ${sec.to} THEN ${nsOf(`(g - ${svc.from}) % ${svc.count} + 1`)} END`;
  await bulk(pool, 'config_items', (client) =>
    client.query(`
      INSERT INTO config_items (id, parent_id, config_class, type, name, status, health, ready, tags, labels, config,
        source, created_at, updated_at)
      SELECT ${itemId('g')}, CASE WHEN p IS NOT NULL THEN ${itemId('p')} END, ${kindCase('class')}, ${kindCase('type')},
        lower(${kindCase('class')}) || '-' || lpad(g::text, 6, '0'),
        (ARRAY['Running', 'Running', 'Running', 'Pending', 'Failed'])[1 + g % 5],
        (ARRAY['healthy', 'healthy', 'unhealthy', 'warning', 'unknown'])[1 + (g / 5) % 5], g % 3 <> 0,
        CASE WHEN n IS NULL THEN jsonb_build_object('account', 'acct-' || (g % 7))
             ELSE jsonb_build_object('namespace', 'ns-' || n, 'cluster', 'cluster-' || (n % 5)) END,
        jsonb_build_object('app', 'app-' || (g % 1000), 'team', (ARRAY['blue', 'green', 'red'])[1 + g % 3]),
        jsonb_build_object('spec', jsonb_build_object('replicas', g % 5, 'image', 'registry/app:' || (g % 97))),
        'bench', now() - make_interval(days => g % 90), now() - make_interval(mins => g % 1440)
      FROM generate_series(1, ${sizes.items}) g
      CROSS JOIN LATERAL (SELECT ${parentOf('g')} AS p, ${namespace} AS n) k`),
  );
  const rels = `
    -- the tree's hard edges (as upstream stores parent → child)
    SELECT ${itemId(parentOf('x'))} AS a, ${itemId('x')} AS b, 'hard' AS rel
      FROM generate_series(${dep.from}, ${pod.to}) x
    UNION ALL -- pods run on nodes
    SELECT ${itemId('x')}, ${itemId(`${node.from} + (x * 7) % ${node.count}`)}, 'runs-on'
      FROM generate_series(${pod.from}, ${pod.to}) x
    UNION ALL -- a service selects the pods of its deployment (2 replica sets × 5 pods)
    SELECT ${itemId(`${svc.from} + s`)}, ${itemId(`${pod.from} + ((s + j * ${dep.count}) % ${rs.count}) + i * ${rs.count}`)}, 'selects'
      FROM generate_series(0, ${svc.count - 1}) s, generate_series(0, 1) j,
           generate_series(0, ${Math.floor(pod.count / rs.count) - 1}) i
      WHERE ${pod.from} + ((s + j * ${dep.count}) % ${rs.count}) + i * ${rs.count} <= ${pod.to}
    UNION ALL -- pods use a config map of their namespace, every fourth one a secret
    SELECT ${itemId('x')}, ${itemId(`${cm.from} + (x - ${pod.from}) % ${cm.count}`)}, 'uses'
      FROM generate_series(${pod.from}, ${pod.to}) x
    UNION ALL
    SELECT ${itemId('x')}, ${itemId(`${sec.from} + (x - ${pod.from}) % ${sec.count}`)}, 'uses'
      FROM generate_series(${pod.from}, ${pod.to}, 4) x
    UNION ALL -- nodes are instances; instances have volumes
    SELECT ${itemId(`${node.from} + x`)}, ${itemId(`${ec2.from} + x`)}, 'hard'
      FROM generate_series(0, ${Math.min(node.count, ec2.count) - 1}) x
    UNION ALL
    SELECT ${itemId(`${ec2.from} + x`)}, ${itemId(`${ebs.from} + x`)}, 'hard'
      FROM generate_series(0, ${Math.min(ec2.count, ebs.count) - 1}) x`;
  await bulk(pool, 'config_relationships', (client) =>
    client.query(`INSERT INTO config_relationships (config_id, related_id, relation)
      SELECT DISTINCT ON (a, b, rel) a, b, rel FROM (${rels}) e`),
  );
  await bulk(pool, 'config_changes', async (client) => {
    // in slices of a million: each statement's counter trigger joins its slice, not 10,000,000 rows at once
    for (let low = 1; low <= sizes.changes; low += CHANGES_PER_STATEMENT)
      await client.query(
        `INSERT INTO config_changes (config_id, change_type, severity, source, summary, diff, fingerprint, created_at,
           first_observed)
         SELECT ${itemId(`1 + (g::bigint * 7919) % ${sizes.items}`)}, ($1::text[])[1 + g % 12],
           (ARRAY['info', 'info', 'low', 'medium', 'high', 'critical'])[1 + (g / 12) % 6], 'kubernetes',
           ($1::text[])[1 + g % 12] || ' #' || g,
           CASE WHEN g % 12 = 0 THEN '- replicas: ' || (g % 5) || E'\\n+ replicas: ' || (1 + g % 5) END,
           md5(g::text), at, at
         FROM generate_series($2::int, $3::int) g
         CROSS JOIN LATERAL (SELECT now() - make_interval(secs => (g::bigint * 1297) % 2592000) AS at) t`,
        [CHANGE_TYPES, low, Math.min(sizes.changes, low + CHANGES_PER_STATEMENT - 1)],
      );
  });
  await bulk(pool, 'config_analysis', (client) =>
    client.query(
      `INSERT INTO config_analysis (config_id, analyzer, analysis_type, severity, status, message, first_observed,
         last_observed)
       SELECT ${itemId(`1 + (g::bigint * 104729) % ${sizes.items}`)},
         (ARRAY['pod-restarts', 'image-not-latest', 'public-bucket', 'unencrypted-volume', 'idle-instance', 'missing-limits'])[1 + g % 6],
         (ARRAY['availability', 'security', 'cost', 'reliability', 'performance'])[1 + g % 5],
         (ARRAY['info', 'low', 'medium', 'high', 'critical'])[1 + g % 5],
         (ARRAY['open', 'open', 'open', 'resolved'])[1 + g % 4], 'finding ' || g, now() - interval '3 days', now()
       FROM generate_series(1, ${sizes.analysis}) g
       ON CONFLICT DO NOTHING`,
    ),
  );
  for (const table of [
    'config_items',
    'config_relationships',
    'config_changes',
    'config_analysis',
    'catalog_option_counts',
  ])
    await pool.query(`VACUUM ANALYZE ${table}`);
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM config_relationships');
  return rows[0]?.n ?? 0;
}

/**
 * Loads a table with its secondary indexes dropped and rebuilt after, in one transaction (pg_restore's
 * way: one sorted build instead of millions of random inserts).
 */
async function bulk(pool: pg.Pool, table: string, load: (client: pg.PoolClient) => Promise<unknown>): Promise<void> {
  const client = await pool.connect();
  try {
    const { rows: filled } = await client.query<{ any: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${table}) AS any`);
    // a seed interrupted and started again keeps the tables it finished (each is loaded in one transaction)
    if (filled[0]?.any) return;
    await client.query('BEGIN');
    // the option counters' statement triggers join the whole transition table to the items: in memory, not
    // spilled to disk in 4 MB pieces (1,000,000 items and 10,000,000 changes)
    await client.query("SET LOCAL work_mem = '512MB'");
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition FROM pg_index i
       WHERE i.indrelid = $1::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
      [table],
    );
    for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
    await load(client);
    await client.query('SET maintenance_work_mem = 262144');
    for (const index of indexes) await client.query(index.definition);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
