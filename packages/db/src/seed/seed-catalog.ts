import { bulkLoad } from './bulk.js';
import { planConfigLevels } from './config-levels.js';
import { exec, idSql, pickSql, type SeedContext } from './context.js';

const SERVICES = ['checkout', 'payments', 'search', 'auth', 'catalog', 'gateway', 'orders', 'billing', 'cart', 'media'];
const CHANGE_TYPES = [
  'diff',
  'UpdateDeployment',
  'ScalingReplicaSet',
  'Pulled',
  'BackOff',
  'Killing',
  'RunInstances',
  'ModifyDBInstance',
  'PutBucketPolicy',
  'Healthy',
  'Unhealthy',
  'CreateInstance',
];
const ANALYZERS = [
  'pod-restarts',
  'image-not-latest',
  'public-bucket',
  'unencrypted-volume',
  'idle-instance',
  'missing-limits',
];
const ANALYSIS_TYPES = [
  'availability',
  'compliance',
  'cost',
  'integration',
  'other',
  'performance',
  'recommendation',
  'reliability',
  'security',
  'technical_debt',
];

/** SQL id of global config index `index` (1-based). */
export function configIdSql(index: string): string {
  return idSql('config', index);
}

/** Scrapers, the config tree, changes, analysis and relationships. */
export async function seedCatalog(ctx: SeedContext): Promise<void> {
  const { sizes, tag, people } = ctx;
  await exec(
    ctx,
    `INSERT INTO config_scrapers (id, name, namespace, description, spec, source, created_by)
     SELECT ${idSql('scraper', 'g')}, (ARRAY['kubernetes-demo', 'aws-demo', 'file-demo'])[g] || $2::text, 'default',
       (ARRAY['Scrapes the demo clusters', 'Scrapes the demo AWS accounts', 'Reads demo files'])[g],
       (ARRAY['{"kubernetes": [{"clusterName": "demo"}]}', '{"aws": [{"regions": ["eu-west-1"]}]}', '{"file": [{"paths": ["demo/*.yaml"]}]}'])[g]::jsonb,
       'UI', ${pickSql('$3::uuid[]', 'g')}
     FROM generate_series(1, 3) AS g`,
    [tag, people],
  );
  await bulkLoad(ctx, 'config_items', sizes.configs, () => seedConfigItems(ctx));
  const n = sizes.configs;
  if (n === 0) return;
  await bulkLoad(ctx, 'config_changes', sizes.changes, () =>
    exec(
      ctx,
      `INSERT INTO config_changes (id, config_id, change_type, severity, source, summary, patches, diff, details, fingerprint,
       external_created_by, created_by, created_at, first_observed, count)
     SELECT ${idSql('change', 'g')}, ${configIdSql('c')}, ct, sev,
       CASE WHEN c % 3 = 0 THEN 'AWS::CloudTrail' ELSE 'kubernetes' END, ct || ' on item ' || c,
       CASE WHEN ct = 'diff' THEN jsonb_build_object('spec', jsonb_build_object('replicas', 1 + g % 5)) END,
       CASE WHEN ct = 'diff' THEN '- replicas: ' || (g % 5) || E'\\n+ replicas: ' || (1 + g % 5) END,
       jsonb_build_object('reason', ct, 'index', g), md5(ct || c), CASE WHEN g % 4 = 0 THEN 'ci-bot@demo.local' END,
       CASE WHEN g % 9 = 0 THEN ${pickSql('$3::uuid[]', 'g')} END, at, at, 1 + (g % 17 = 0)::int * 2
     FROM generate_series(1, $4::int) AS g
     CROSS JOIN LATERAL (SELECT 1 + ((g::bigint * 7919) % $5::int)::int AS c, ($6::text[])[1 + g % 12] AS ct,
       (ARRAY['info', 'info', 'low', 'medium', 'high', 'critical'])[1 + (g / 3) % 6] AS sev,
       $2::timestamptz - make_interval(mins => (g::bigint * 37 % 43200)::int) AS at) AS v`,
      [ctx.now, people, sizes.changes, n, CHANGE_TYPES],
    ),
  );
  await bulkLoad(ctx, 'config_analysis', sizes.analysis, () =>
    exec(
      ctx,
      `INSERT INTO config_analysis (id, config_id, scraper_id, analyzer, analysis_type, severity, summary, status, message,
       analysis, source, first_observed, last_observed)
     SELECT ${idSql('analysis', 'g')}, ${configIdSql('1 + ((g::bigint * 104729) % $3::int)::int')}, ${idSql('scraper', '1 + g % 2')},
       ($4::text[])[1 + g % 6], ($5::text[])[1 + g % 10], (ARRAY['info', 'low', 'medium', 'high', 'critical'])[1 + g % 5],
       ($4::text[])[1 + g % 6] || ' finding', (ARRAY['open', 'open', 'open', 'resolved', 'silenced'])[1 + g % 5],
       'Finding ' || g || ' from ' || ($4::text[])[1 + g % 6], jsonb_build_object('rule', ($4::text[])[1 + g % 6]), 'demo',
       $2::timestamptz - make_interval(days => 1 + g % 20), $2::timestamptz - make_interval(hours => g % 48)
     FROM generate_series(1, $6::int) AS g
     ON CONFLICT (config_id, analyzer) DO NOTHING`,
      [ctx.now, n, ANALYZERS, ANALYSIS_TYPES, sizes.analysis],
    ),
  );
  if (n > 1) {
    await exec(
      ctx,
      `INSERT INTO config_relationships (config_id, related_id, relation, scraper_id)
       SELECT ${configIdSql('g')}, ${configIdSql('1 + (g + $2::int / 2) % $2::int')},
         (ARRAY['uses', 'runs-on', 'depends-on'])[1 + g % 3], ${idSql('scraper', '1')}
       FROM generate_series(1, $3::int) AS g`,
      [n, Math.min(sizes.configRelationships, n)],
    );
  }
}

async function seedConfigItems(ctx: SeedContext): Promise<void> {
  const levels = planConfigLevels(ctx.sizes.configs);
  const byKind = new Map(levels.map((level) => [level.kind, level]));
  for (const level of levels) {
    if (level.count === 0) continue;
    const parent = level.parent ? byKind.get(level.parent) : undefined;
    const parentJoin =
      parent && parent.count > 0
        ? `JOIN config_items p ON p.id = ${configIdSql(`${parent.offset} + 1 + (g - 1) % ${parent.count}`)}`
        : 'CROSS JOIN (SELECT NULL::uuid AS id, NULL::text AS path, NULL::jsonb AS tags, NULL::text AS name) AS p';
    const cost = level.costly
      ? `round((0.001 + (g % 50) * 0.0007)::numeric, 4), round((1.5 + (g % 50))::numeric, 4),
         round((10 + (g % 50) * 7)::numeric, 4), round((40 + (g % 50) * 30)::numeric, 4)`
      : 'NULL, NULL, NULL, NULL';
    await exec(
      ctx,
      `INSERT INTO config_items (id, scraper_id, parent_id, path, config_class, type, name, description, status, health, ready,
         external_id, config, source, labels, tags, cost_per_minute, cost_total_1d, cost_total_7d, cost_total_30d,
         created_at, updated_at, deleted_at, delete_reason)
       SELECT ${configIdSql(`${level.offset} + g`)}, ${idSql('scraper', String(level.scraper))}, p.id,
         CASE WHEN p.id IS NULL THEN '' ELSE concat_ws('.', nullif(p.path, ''), p.id::text) END,
         $4::text, $5::text, ${level.name}, $5::text || ' ' || g, ($6::text[])[1 + hi], h, h = 'healthy',
         ARRAY[$5::text || '/' || g || $7::text], ${level.config}, 'demo',
         jsonb_build_object('app', svc, 'tier', (ARRAY['frontend', 'backend', 'data'])[1 + g % 3]), ${level.tags}, ${cost},
         $2::timestamptz - make_interval(days => 1 + g % 60), $2::timestamptz - make_interval(mins => g % 1440),
         CASE WHEN g % 50 = 0 THEN $2::timestamptz - interval '1 day' END, CASE WHEN g % 50 = 0 THEN 'demo: removed' END
       FROM generate_series(1, $3::int) AS g
       CROSS JOIN LATERAL (SELECT ($8::text[])[1 + g % 10] AS svc,
         CASE WHEN g % 13 = 0 THEN 2 WHEN g % 7 = 0 THEN 1 ELSE 0 END AS hi) AS k
       CROSS JOIN LATERAL (SELECT CASE WHEN g % 31 = 0 THEN 'unknown' ELSE (ARRAY['healthy', 'warning', 'unhealthy'])[1 + hi] END AS h) AS hh
       ${parentJoin}`,
      [ctx.now, level.count, level.configClass, level.type, level.statuses, ctx.tag, SERVICES],
    );
  }
}
