import { exec, idSql, pickSql, type SeedContext } from './context.js';
import { configIdSql } from './seed-catalog.js';

/**
 * Topologies with a component tree (one root per topology, groups, then leaves), and the links the
 * topology and health screens read: component ↔ component, component ↔ config, check ↔ component and check ↔ config.
 */
export async function seedTopology(ctx: SeedContext): Promise<void> {
  const { sizes, tag, people } = ctx;
  const topologies = sizes.topologies;
  if (topologies === 0) return;
  await exec(
    ctx,
    `INSERT INTO topologies (id, name, namespace, labels, source, spec, schedule, created_by)
     SELECT ${idSql('topology', 'g')}, (ARRAY['demo-kubernetes', 'demo-aws', 'demo-services'])[1 + (g - 1) % 3] || '-' || g || $2::text,
       'default', jsonb_build_object('env', 'demo'), 'UI',
       jsonb_build_object('type', 'Topology', 'icon', 'kubernetes', 'components', jsonb_build_array()), '@every 5m', ${pickSql('$3::uuid[]', 'g')}
     FROM generate_series(1, $4::int) AS g`,
    [tag, people, topologies],
  );
  const total = Math.max(sizes.components, topologies);
  const groups = Math.min(total - topologies, Math.max(topologies, Math.floor(total * 0.2)));
  const leaves = total - topologies - groups;
  const levels = [
    { first: 1, count: topologies, parent: null as null | { first: number; count: number }, type: 'Topology' },
    { first: topologies + 1, count: groups, parent: { first: 1, count: topologies }, type: 'Namespace' },
    {
      first: topologies + groups + 1,
      count: leaves,
      parent: { first: topologies + 1, count: groups },
      type: 'Service',
    },
  ];
  for (const level of levels) {
    if (level.count === 0) continue;
    const join = level.parent
      ? `JOIN components p ON p.id = ${idSql('component', `${level.parent.first} + (g - $2::int) % ${level.parent.count}`)}`
      : 'CROSS JOIN (SELECT NULL::uuid AS id, NULL::text AS path, NULL::uuid AS topology_id) AS p';
    const topologyId = level.parent ? 'p.topology_id' : idSql('topology', 'g');
    const config = sizes.configs > 0 && level.parent ? configIdSql(`1 + (g * 13) % ${sizes.configs}`) : 'NULL::uuid';
    await exec(
      ctx,
      `INSERT INTO components (id, topology_id, external_id, parent_id, config_id, name, topology_type, namespace, labels, status,
         status_reason, health, description, icon, type, owner, properties, path, summary, is_leaf, created_at)
       SELECT ${idSql('component', 'g')}, ${topologyId}, 'demo/' || g || $4::text, p.id, ${config},
         CASE WHEN p.id IS NULL THEN 'Demo topology ' || g ELSE (ARRAY['checkout', 'payments', 'search', 'auth', 'catalog', 'gateway'])[1 + g % 6] || '-' || g END,
         'demo', 'default', jsonb_build_object('tier', (ARRAY['frontend', 'backend', 'data'])[1 + g % 3]),
         st, CASE WHEN st <> 'healthy' THEN 'Pods not ready' END, st, 'Demo component ' || g, $5::text, $5::text,
         (ARRAY['platform', 'payments', 'sre'])[1 + g % 3], jsonb_build_array(jsonb_build_object('name', 'replicas', 'text', (1 + g % 4)::text)),
         CASE WHEN p.id IS NULL THEN '' ELSE concat_ws('.', nullif(p.path, ''), p.id::text) END,
         jsonb_build_object('healthy', (st = 'healthy')::int, 'unhealthy', (st = 'unhealthy')::int, 'warning', (st = 'warning')::int,
           'checks', jsonb_build_object('healthy', 2, 'unhealthy', (st = 'unhealthy')::int)),
         $6::boolean, $7::timestamptz - interval '20 days'
       FROM generate_series($2::int, $3::int) AS g
       CROSS JOIN LATERAL (SELECT CASE WHEN g % 11 = 0 THEN 'unhealthy' WHEN g % 5 = 0 THEN 'warning' ELSE 'healthy' END AS st) AS s
       ${join}`,
      [level.first, level.first + level.count - 1, tag, level.type, level === levels[2], ctx.now],
    );
  }
  await seedLinks(ctx, { topologies, groups, leaves });
}

async function seedLinks(
  ctx: SeedContext,
  shape: { topologies: number; groups: number; leaves: number },
): Promise<void> {
  const { sizes } = ctx;
  const firstLeaf = shape.topologies + shape.groups + 1;
  if (shape.leaves > 1) {
    await exec(
      ctx,
      `INSERT INTO component_relationships (component_id, relationship_id, selector_id, relationship_path)
       SELECT ${idSql('component', 'g')}, ${idSql('component', 'g + 1')}, 'demo', 'depends-on'
       FROM generate_series($2::int, $3::int) AS g`,
      [firstLeaf, firstLeaf + shape.leaves - 2],
    );
  }
  const linked = shape.groups + shape.leaves;
  if (sizes.configs > 0 && linked > 0) {
    await exec(
      ctx,
      `INSERT INTO config_component_relationships (component_id, config_id, selector_id)
       SELECT ${idSql('component', 'g')}, ${configIdSql('1 + (g * 13) % $3::int')}, 'demo'
       FROM generate_series($2::int, $2::int + $4::int - 1) AS g`,
      [shape.topologies + 1, sizes.configs, linked],
    );
  }
  if (sizes.checks === 0) return;
  if (linked > 0) {
    await exec(
      ctx,
      `INSERT INTO check_component_relationships (component_id, check_id, canary_id, selector_id)
       SELECT ${idSql('component', `$2::int + (c - 1) % $3::int`)}, ${idSql('check', 'c')}, ${idSql('canary', '1 + (c - 1) % $5::int')}, 'demo'
       FROM generate_series(1, $4::int) AS c`,
      [shape.topologies + 1, linked, Math.min(sizes.checks, linked * 3), sizes.canaries],
    );
  }
  if (sizes.configs > 0) {
    await exec(
      ctx,
      `INSERT INTO check_config_relationships (config_id, check_id, canary_id, selector_id)
       SELECT ${configIdSql('1 + (c * 17) % $2::int')}, ${idSql('check', 'c')}, ${idSql('canary', '1 + (c - 1) % $4::int')}, 'demo'
       FROM generate_series(1, $3::int) AS c WHERE c % 2 = 0`,
      [sizes.configs, sizes.checks, sizes.canaries],
    );
  }
}
