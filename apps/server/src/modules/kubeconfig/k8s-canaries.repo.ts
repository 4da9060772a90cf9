import type { Database } from '@mc/db';

/** A canary with the roll-up of its checks, as the Kubernetes-style API shows it. */
export interface K8sCanaryRow {
  id: string;
  name: string;
  namespace: string;
  labels: Record<string, string> | null;
  annotations: Record<string, string> | null;
  spec: Record<string, unknown>;
  source: string | null;
  created_at: Date;
  updated_at: Date;
  checks: number;
  healthy: number;
  unhealthy: number;
  last_runtime: Date | null;
}

/** Where a page of the list starts: after this namespace and name. */
export interface K8sCursor {
  namespace: string;
  name: string;
}

const SELECT = `SELECT c.id, c.name, c.namespace, c.labels, c.annotations, c.spec, c.source, c.created_at, c.updated_at,
    coalesce(k.checks, 0)::int AS checks, coalesce(k.healthy, 0)::int AS healthy,
    coalesce(k.unhealthy, 0)::int AS unhealthy, k.last_runtime
  FROM canaries c
  LEFT JOIN LATERAL (
    SELECT count(*) AS checks, count(*) FILTER (WHERE status = 'healthy') AS healthy,
      count(*) FILTER (WHERE status = 'unhealthy') AS unhealthy, max(last_runtime) AS last_runtime
    FROM checks WHERE canary_id = c.id AND deleted_at IS NULL
  ) k ON true
  WHERE c.deleted_at IS NULL`;

/** SQL of the read-only Kubernetes-style canaries API (kubeconfig module). */
export function k8sCanariesRepo(database: Database) {
  return {
    /**
     * One page of live canaries in (namespace, name) order, optionally in one namespace and carrying
     * every given label; asks for one row more than `limit` so the caller knows whether a page follows.
     */
    async list(options: {
      namespace?: string;
      name?: string;
      labels: Record<string, string>;
      after?: K8sCursor;
      limit: number;
    }): Promise<K8sCanaryRow[]> {
      const where: string[] = [];
      const values: unknown[] = [];
      const bind = (value: unknown) => {
        values.push(value);
        return `$${values.length}`;
      };
      if (options.namespace !== undefined) where.push(`c.namespace = ${bind(options.namespace)}`);
      if (options.name !== undefined) where.push(`c.name = ${bind(options.name)}`);
      if (Object.keys(options.labels).length > 0)
        where.push(`c.labels @> ${bind(JSON.stringify(options.labels))}::jsonb`);
      if (options.after) {
        where.push(`(c.namespace, c.name) > (${bind(options.after.namespace)}, ${bind(options.after.name)})`);
      }
      const text = `${SELECT}${where.map((clause) => ` AND ${clause}`).join('')}
        ORDER BY c.namespace, c.name, c.id LIMIT ${bind(options.limit + 1)}`;
      const { rows } = await database.pool.query<K8sCanaryRow>(text, values);
      return rows;
    },
    /** The live canary of a namespace by name (the newest when several sources hold the same name). */
    async get(namespace: string, name: string): Promise<K8sCanaryRow | undefined> {
      const { rows } = await database.pool.query<K8sCanaryRow>(
        `${SELECT} AND c.namespace = $1 AND c.name = $2 ORDER BY c.updated_at DESC LIMIT 1`,
        [namespace, name],
      );
      return rows[0];
    },
  };
}
