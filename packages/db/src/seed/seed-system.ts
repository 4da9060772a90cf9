import { bulkLoad } from './bulk.js';
import { exec, idSql, pickSql, type SeedContext } from './context.js';

/** Demo connections: type, URL and user name only; no passwords or certificates are ever generated. */
const CONNECTIONS = [
  ['postgres-demo', 'postgres', 'postgres://db.demo.local:5432/app', 'app'],
  ['prometheus-demo', 'prometheus', 'http://prometheus.demo.local:9090', null],
  ['slack-demo', 'slack', 'slack://demo-channel', null],
  ['http-demo', 'http', 'https://api.demo.local', 'svc-demo'],
  ['aws-demo', 'aws', null, null],
  ['github-demo', 'github', 'https://github.com/demo-org', null],
  ['email-demo', 'email', 'smtp://mail.demo.local:587', 'alerts'],
  ['kubernetes-demo', 'kubernetes', null, null],
] as const;

/** Upstream's job names, the resource type they report on and the seed kind of that resource's id. */
const JOBS = [
  ['SyncCanaryJob', 'canary', 'canary'],
  ['ConfigScraper', 'config_scraper', 'scraper'],
  ['TopologyRun', 'topology', 'topology'],
  ['PlaybookRun', 'playbook', 'playbook'],
  ['CleanupSoftDeletedChecks', null, null],
  ['AggregateCheckStatuses1h', null, null],
] as const;

const EVENTS = [
  'check.failed',
  'check.passed',
  'config.unhealthy',
  'incident.created',
  'playbook.run.failed',
  'notification.send',
];

/**
 * Connections, properties, integrations, permissions, job history and the event queue. No log backend: one
 * would name a log server that does not run here, and the console would offer it as searchable (the
 * built-in backend serves the server's own lines).
 */
export async function seedSystem(ctx: SeedContext): Promise<void> {
  const { sizes, tag, people, teams } = ctx;
  await exec(
    ctx,
    `INSERT INTO connections (id, name, namespace, type, url, username, properties, insecure_tls, source, created_by)
     SELECT ${idSql('connection', 'g')}, ($2::text[])[g] || $6::text, 'default', ($3::text[])[g], ($4::text[])[g], ($5::text[])[g],
       jsonb_build_object('demo', true), false, 'UI', ${pickSql('$7::uuid[]', 'g')}
     FROM generate_series(1, cardinality($2::text[])) AS g`,
    [
      CONNECTIONS.map((c) => c[0]),
      CONNECTIONS.map((c) => c[1]),
      CONNECTIONS.map((c) => c[2]),
      CONNECTIONS.map((c) => c[3]),
      tag,
      people,
    ],
  );
  await ctx.client.query(
    `INSERT INTO properties (name, value) VALUES ('check.status.retention.days', '30'), ('playbook.run.timeout', '30m'),
       ('notification.send.retries', '3') ON CONFLICT (name) DO NOTHING`,
  );
  await exec(
    ctx,
    `INSERT INTO integrations (id, name, namespace, description, integration_type, spec, source, created_by)
     SELECT ${idSql('integration', 'g')}, (ARRAY['kubernetes-demo', 'aws-demo', 'topology-demo'])[g] || $2::text, 'default',
       'Demo integration', (ARRAY['scraper', 'scraper', 'topology'])[g], jsonb_build_object('demo', true), 'UI', ${pickSql('$3::uuid[]', 'g')}
     FROM generate_series(1, 3) AS g`,
    [tag, people],
  );
  await exec(
    ctx,
    `INSERT INTO permissions (id, name, namespace, description, action, deny, subject, subject_type, person_id, team_id, object,
       source, created_by, created_at)
     SELECT ${idSql('permission', 'g')}, 'demo-permission-' || g || $2::text, 'default', 'Demo: ' || act || ' on ' || obj, act,
       g % 9 = 0, CASE WHEN g % 2 = 0 THEN ${pickSql('$3::uuid[]', 'g')}::text ELSE ${pickSql('$4::uuid[]', 'g')}::text END,
       CASE WHEN g % 2 = 0 THEN 'person' ELSE 'team' END, CASE WHEN g % 2 = 0 THEN ${pickSql('$3::uuid[]', 'g')} END,
       CASE WHEN g % 2 = 1 THEN ${pickSql('$4::uuid[]', 'g')} END, obj, 'UI', ${pickSql('$3::uuid[]', '0')},
       now() - make_interval(days => g)
     FROM generate_series(1, 12) AS g
     CROSS JOIN LATERAL (SELECT (ARRAY['read', 'create', 'update', 'delete', 'playbook:run'])[1 + g % 5] AS act,
       (ARRAY['canaries', 'catalog', 'incident', 'playbooks', 'connection', 'topology'])[1 + g % 6] AS obj) AS v`,
    [tag, people, teams],
  );
  await seedJobHistory(ctx);
  await exec(
    ctx,
    `INSERT INTO event_queue (id, event_id, name, properties, error, attempts, last_attempt, priority, created_at)
     SELECT ${idSql('event', 'g')}, ${idSql('event-id', 'g')}, ($2::text[])[1 + g % 6],
       jsonb_build_object('id', ${idSql('event-id', 'g')}, 'batch', $1::text, 'seq', g),
       CASE WHEN g % 4 = 0 THEN 'connection refused' END, CASE WHEN g % 4 = 0 THEN 1 + g % 3 ELSE 0 END,
       CASE WHEN g % 4 = 0 THEN now() - make_interval(mins => g) END, 100 - g % 3 * 10, now() - make_interval(mins => 2 * g)
     FROM generate_series(1, $3::int) AS g`,
    [EVENTS, sizes.events],
  );
}

async function seedJobHistory(ctx: SeedContext): Promise<void> {
  const { sizes } = ctx;
  if (sizes.jobHistory === 0) return;
  const counts: Record<string, number> = {
    canary: sizes.canaries,
    scraper: 3,
    topology: sizes.topologies,
    playbook: sizes.playbooks,
  };
  const typeCases: string[] = [];
  const idCases: string[] = [];
  JOBS.forEach(([, type, kind], i) => {
    const count = kind ? (counts[kind] ?? 0) : 0;
    if (!type || !kind || count === 0) return;
    typeCases.push(`WHEN ${i + 1} THEN '${type}'`);
    idCases.push(`WHEN ${i + 1} THEN (${idSql(kind, `1 + g % ${count}`)})::text`);
  });
  const caseOf = (cases: string[]) => (cases.length > 0 ? `CASE j ${cases.join(' ')} END` : 'NULL');
  await bulkLoad(ctx, 'job_history', sizes.jobHistory, () =>
    exec(
      ctx,
      `INSERT INTO job_history (id, name, success_count, error_count, details, hostname, duration_millis, resource_type, resource_id,
       status, time_start, time_end, created_at)
     SELECT ${idSql('job', 'g')}, ($2::text[])[j], CASE WHEN st = 'FAILED' THEN 0 ELSE 1 + g % 40 END,
       CASE WHEN st = 'SUCCESS' THEN 0 ELSE 1 + g % 3 END,
       CASE WHEN st = 'SUCCESS' THEN jsonb_build_object('summary', jsonb_build_object('added', g % 5, 'updated', g % 7))
         ELSE jsonb_build_object('errors', jsonb_build_array('timeout talking to the API server'),
           'scrape_summary', jsonb_build_object('skipped', g % 4)) END,
       'mission-control-0', dur, ${caseOf(typeCases)}, ${caseOf(idCases)}, st, at, at + make_interval(secs => dur / 1000.0), at
     FROM generate_series(1, $3::int) AS g
     CROSS JOIN LATERAL (SELECT 1 + g % 6 AS j, (ARRAY['SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS',
       'FAILED', 'WARNING', 'SUCCESS'])[1 + (g / 6) % 10] AS st, 50 + (g::bigint * 131 % 20000)::int AS dur,
       $4::timestamptz - make_interval(secs => (g::bigint * 97 % 2592000)::int) AS at) AS v`,
      [JOBS.map((job) => job[0]), sizes.jobHistory, ctx.now],
    ),
  );
}
