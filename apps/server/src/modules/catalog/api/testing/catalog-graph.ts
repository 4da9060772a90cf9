import type { Database } from '@mc/db';

/** The items of {@link seedCatalogGraph} by their short names. */
export type CatalogGraph = Record<'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h', string>;

/**
 * A small catalog for the API tests, shaped to exercise every rule of the related-configs walk:
 *
 *     a (Namespace) ─hard→ b (Deployment) ─hard→ c (ReplicaSet) ─hard→ d (Pod) ─soft→ e (ConfigMap) ─soft→ a
 *                          b ─parent of→ f (Pod, linked only through parent_id)
 *                          d ─hard→ g (Secret, deleted) ─hard→ h (Secret)
 *
 * Parents: b←a, c←b, d←c, f←b. The soft edges close a cycle (a → … → e → a). Changes (one per item and
 * change type on fixed days), insights and tags come with it.
 */
export async function seedCatalogGraph(database: Database, now: Date): Promise<CatalogGraph> {
  const q = async (text: string, values: unknown[] = []) => (await database.pool.query(text, values)).rows;
  const item = async (
    name: string,
    type: string,
    health: string,
    extra: { parent?: string; deleted?: boolean; tags?: object; labels?: object } = {},
  ): Promise<string> => {
    const [row] = await q(
      `INSERT INTO config_items (name, type, config_class, health, status, parent_id, tags, labels, deleted_at)
       VALUES ($1, $2, split_part($2, '::', 2), $3, 'Running', $4, $5, $6, CASE WHEN $7 THEN now() END) RETURNING id`,
      [
        name,
        type,
        health,
        extra.parent ?? null,
        JSON.stringify(extra.tags ?? { namespace: 'shop', cluster: 'prod' }),
        JSON.stringify(extra.labels ?? { app: name }),
        extra.deleted ?? false,
      ],
    );
    return (row as { id: string }).id;
  };
  const a = await item('shop', 'Kubernetes::Namespace', 'healthy', { tags: { cluster: 'prod' } });
  const b = await item('web', 'Kubernetes::Deployment', 'healthy', { parent: a });
  const c = await item('web-5d9', 'Kubernetes::ReplicaSet', 'warning', { parent: b });
  const d = await item('web-5d9-x1', 'Kubernetes::Pod', 'unhealthy', { parent: c });
  const e = await item('web-config', 'Kubernetes::ConfigMap', 'healthy', {
    tags: { namespace: 'shop', cluster: 'dev' },
  });
  const f = await item('web-5d9-x2', 'Kubernetes::Pod', 'healthy', { parent: b });
  const g = await item('web-secret', 'Kubernetes::Secret', 'unknown', { deleted: true });
  const h = await item('web-secret-key', 'Kubernetes::Secret', 'healthy');
  await q(
    `INSERT INTO config_relationships (config_id, related_id, relation) VALUES
      ($1, $2, 'hard'), ($2, $3, 'hard'), ($3, $4, 'hard'), ($4, $5, 'uses'), ($5, $1, 'mounted-by'),
      ($4, $6, 'hard'), ($6, $7, 'hard')`,
    [a, b, c, d, e, g, h],
  );
  const hour = 3_600_000;
  const changes: [string, string, string, number][] = [
    [a, 'diff', 'info', 1],
    [b, 'UpdateDeployment', 'medium', 2],
    [b, 'diff', 'low', 30],
    [c, 'ScalingReplicaSet', 'low', 3],
    [d, 'BackOff', 'high', 4],
    [d, 'Killing', 'critical', 5],
    [e, 'diff', 'info', 6],
    [f, 'Pulled', 'info', 7],
    [g, 'diff', 'high', 8],
    [h, 'diff', 'medium', 100],
  ];
  for (const [id, type, severity, hoursAgo] of changes) {
    await q(
      `INSERT INTO config_changes (config_id, change_type, severity, summary, source, created_at)
       VALUES ($1::uuid, $2::text, $3, $2::text || ' on ' || $1::uuid::text, 'kubernetes', $4)`,
      [id, type, severity, new Date(now.getTime() - hoursAgo * hour).toISOString()],
    );
  }
  await q(
    `INSERT INTO config_analysis (config_id, analyzer, analysis_type, severity, status, message) VALUES
      ($1, 'pod-restarts', 'availability', 'high', 'open', 'restarting'),
      ($1, 'missing-limits', 'reliability', 'low', 'open', 'no limits'),
      ($2, 'missing-limits', 'reliability', 'low', 'resolved', 'limits set'),
      ($3, 'public-bucket', 'security', 'critical', 'open', 'exposed')`,
    [d, f, b],
  );
  return { a, b, c, d, e, f, g, h };
}
