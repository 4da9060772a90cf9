import { bulkLoad } from './bulk.js';
import { batchIdRange, exec, idSql, pickSql, type SeedContext } from './context.js';

/** Rows of check history generated per statement, so PGlite and PostgreSQL both keep memory flat. */
const STATUS_CHUNK_ROWS = 200_000;

const CHECK_TYPES = ['http', 'dns', 'postgres', 'tcp', 'kubernetes', 'tls', 'icmp', 'prometheus'];
const SERVICES = ['checkout', 'payments', 'search', 'auth', 'catalog', 'gateway', 'orders', 'billing', 'cart', 'media'];

/** Agent of canary `index`: most run locally, every fifth on a remote agent. */
function agentSql(index: string, agents: string): string {
  return `CASE WHEN (${index}) % 5 = 0 THEN ${pickSql(agents, `${index} / 5`)} ELSE '00000000-0000-0000-0000-000000000000'::uuid END`;
}

/** Canaries, checks (every seventh failing), their status history and the hourly and daily rollups. */
export async function seedHealth(ctx: SeedContext): Promise<void> {
  const { sizes, tag, people, agents } = ctx;
  if (sizes.checks === 0 && sizes.canaries === 0) return;
  await exec(
    ctx,
    `INSERT INTO canaries (id, agent_id, name, namespace, labels, spec, schedule, source, created_by)
     SELECT ${idSql('canary', 'g')}, ${agentSql('g', '$3::uuid[]')},
       (ARRAY['http', 'dns', 'database', 'kubernetes', 'tls', 'api'])[1 + g % 6] || '-checks-' || g || $4::text,
       (ARRAY['default', 'monitoring', 'payments', 'platform'])[1 + g % 4],
       jsonb_build_object('team', (ARRAY['platform', 'payments', 'sre'])[1 + g % 3], 'env', (ARRAY['prod', 'staging'])[1 + g % 2]),
       jsonb_build_object('schedule', '@every 1m', 'interval', 60), '@every 1m', 'UI', ${pickSql('$2::uuid[]', 'g')}
     FROM generate_series(1, $5::int) AS g`,
    [people, agents, tag, sizes.canaries],
  );
  await exec(
    ctx,
    `INSERT INTO checks (id, canary_id, agent_id, type, name, namespace, description, endpoint, icon, spec, labels, owner,
       severity, status, last_runtime, next_runtime, last_transition_time, created_at)
     SELECT ${idSql('check', 'g')}, ${idSql('canary', 'c')}, ${agentSql('c', '$7::uuid[]')}, t.type,
       s.svc || '-' || t.type || '-' || g, (ARRAY['default', 'monitoring', 'payments', 'platform'])[1 + c % 4],
       'Checks ' || s.svc || ' over ' || t.type, 'https://' || s.svc || '-' || g || '.demo.local/health', t.type,
       jsonb_build_object('name', s.svc || '-' || t.type || '-' || g, 'endpoint', 'https://' || s.svc || '-' || g || '.demo.local/health'),
       jsonb_build_object('env', (ARRAY['prod', 'staging'])[1 + g % 2], 'team', (ARRAY['platform', 'payments', 'sre'])[1 + g % 3],
         'region', (ARRAY['eu-west-1', 'us-east-1', 'ap-south-1'])[1 + g % 3], 'critical', (g % 4 = 0)::text),
       (ARRAY['platform', 'payments', 'sre'])[1 + g % 3], (ARRAY['info', 'low', 'medium', 'high', 'critical'])[1 + g % 5],
       CASE WHEN g % 7 = 0 THEN 'unhealthy' ELSE 'healthy' END, $2::timestamptz, $2::timestamptz + interval '1 minute',
       $2::timestamptz - make_interval(mins => (g % 180) + 5), $2::timestamptz - interval '30 days'
     FROM generate_series(1, $3::int) AS g
     CROSS JOIN LATERAL (SELECT 1 + (g - 1) % $4::int AS c) AS k
     CROSS JOIN LATERAL (SELECT ($5::text[])[1 + g % 8] AS type) AS t
     CROSS JOIN LATERAL (SELECT ($6::text[])[1 + (g / 8) % 10] AS svc) AS s`,
    [ctx.now, sizes.checks, sizes.canaries, CHECK_TYPES, SERVICES, agents],
  );
  await seedCheckStatuses(ctx);
}

async function seedCheckStatuses(ctx: SeedContext): Promise<void> {
  const { sizes } = ctx;
  const per = sizes.statusesPerCheck;
  if (per === 0 || sizes.checks === 0) return;
  const stepSeconds = (sizes.historyDays * 86_400) / per;
  const checksPerChunk = Math.max(1, Math.floor(STATUS_CHUNK_ROWS / per));
  await bulkLoad(ctx, 'check_results', sizes.checks * per, () => insertStatuses(ctx, checksPerChunk, stepSeconds));
  await seedRollups(ctx);
}

async function insertStatuses(ctx: SeedContext, checksPerChunk: number, stepSeconds: number): Promise<void> {
  const { sizes } = ctx;
  const per = sizes.statusesPerCheck;
  for (let first = 1; first <= sizes.checks; first += checksPerChunk) {
    const last = Math.min(sizes.checks, first + checksPerChunk - 1);
    await exec(
      ctx,
      // check_results is the compact table behind the check_statuses view (migration 0055).
      `INSERT INTO check_results (check_key, time, status, duration, message, error, details)
       SELECT k.result_key, ts, ok,
         (20 + random() * 300 + CASE WHEN g % 11 = 0 THEN 900 ELSE 0 END)::int,
         CASE WHEN ok THEN 'HTTP 200 OK' ELSE 'check failed' END,
         CASE WHEN ok THEN NULL ELSE (ARRAY['connection refused', 'timeout after 10s', 'HTTP 503 Service Unavailable', 'certificate expires in 3 days'])[1 + (g + s) % 4] END,
         jsonb_build_object('attempt', 1)
       FROM generate_series($3::int, $4::int) AS g
       JOIN checks k ON k.id = ${idSql('check', 'g')}
       CROSS JOIN generate_series(0, $5::int - 1) AS s
       CROSS JOIN LATERAL (SELECT $2::timestamptz - make_interval(secs => s * $6::float8) AS ts,
         CASE WHEN g % 7 = 0 THEN s > 2 + g % 5 ELSE (g * 31 + s * 17) % 50 <> 0 END AS ok) AS v`,
      [ctx.now, first, last, per, stepSeconds],
    );
  }
}

async function seedRollups(ctx: SeedContext): Promise<void> {
  const [low, high] = batchIdRange(ctx.prefix);
  for (const [table, unit] of [
    ['check_statuses_1h', 'hour'],
    ['check_statuses_1d', 'day'],
  ] as const) {
    await ctx.client.query(
      `INSERT INTO ${table} (check_id, created_at, total, passed, failed, duration)
       SELECT check_id, date_trunc('${unit}', time), count(*), count(*) FILTER (WHERE status), count(*) FILTER (WHERE NOT status),
         coalesce(sum(duration), 0)
       FROM check_statuses WHERE check_id BETWEEN $1::uuid AND $2::uuid
       GROUP BY 1, 2
       ON CONFLICT (check_id, created_at) DO NOTHING`,
      [low, high],
    );
  }
}
