import { bulkLoad } from './bulk.js';
import { exec, idSql, pickSql, type SeedContext } from './context.js';
import { configIdSql } from './seed-catalog.js';

const TITLES = [
  'Checkout latency above SLO',
  'Payments API returning 503',
  'Search index lagging',
  'Login failures spike',
  'Database connections exhausted',
  'Certificate about to expire',
  'Cost spike in eu-west-1',
  'Pods crash looping after deploy',
  'DNS resolution failing',
  'Queue backlog growing',
];
const COMMENTS = [
  'Looking into it.',
  'Rolled back the last deploy.',
  'Error rate is dropping.',
  'Paging the database team.',
  'Root cause found: connection pool too small.',
  'Monitoring for another 30 minutes.',
  'Customer impact confirmed.',
  'Dashboards attached.',
  'Fix deployed to staging.',
  'Closing after verification.',
];
const STATUSES = ['open', 'open', 'investigating', 'mitigated', 'resolved', 'closed'];
const SEVERITIES = ['low', 'medium', 'high', 'critical', 'blocker'];
const TYPES = [
  'availability',
  'performance',
  'cost',
  'security',
  'integration',
  'compliance',
  'technicalDebt',
  'reliability',
];
const HYPOTHESIS_STATUSES = ['possible', 'likely', 'proven', 'unlikely', 'improbable', 'disproven'];

/** When incident `index` was opened: spread over the last 90 days, computable from the index alone. */
function openedSql(index: string): string {
  return `($2::timestamptz - make_interval(mins => ((${index})::bigint * 7919 % 129600)::int))`;
}

/**
 * Incidents with responders, a hypothesis tree (root, factor for every second, solution for every fourth),
 * evidence linking checks and configs, comments spread over the incidents, and history rows.
 */
export async function seedIncidents(ctx: SeedContext): Promise<void> {
  const { sizes, people, teams } = ctx;
  const n = sizes.incidents;
  if (n === 0) return;
  await bulkLoad(ctx, 'incidents', n, () =>
    exec(
      ctx,
      `INSERT INTO incidents (id, title, description, type, status, severity, created_by, commander_id, communicator_id,
       acknowledged, resolved, closed, created_at, updated_at)
     SELECT ${idSql('incident', 'g')}, ($4::text[])[1 + g % 10], 'Opened from the demo data set (#' || g || ').',
       ($5::text[])[1 + g % 8], st, ($6::text[])[1 + (g / 2) % 5], ${pickSql('$3::uuid[]', 'g')},
       ${pickSql('$3::uuid[]', 'g + 3')}, CASE WHEN g % 3 = 0 THEN ${pickSql('$3::uuid[]', 'g + 4')} END,
       CASE WHEN st <> 'open' THEN at + interval '5 minutes' END, CASE WHEN st IN ('resolved', 'closed') THEN at + interval '2 hours' END,
       CASE WHEN st = 'closed' THEN at + interval '1 day' END, at, at + interval '10 minutes'
     FROM generate_series(1, $8::int) AS g
     CROSS JOIN LATERAL (SELECT ${openedSql('g')} AS at, ($7::text[])[1 + g % 6] AS st) AS v
     ORDER BY g`,
      [ctx.now, people, TITLES, TYPES, SEVERITIES, STATUSES, n],
    ),
  );
  await bulkLoad(ctx, 'responders', n, () =>
    exec(
      ctx,
      `INSERT INTO responders (id, incident_id, type, index, person_id, team_id, created_by, acknowledged, created_at)
     SELECT ${idSql('responder', 'g')}, ${idSql('incident', 'g')}, 'person', 1, ${pickSql('$3::uuid[]', 'g + 4')}, NULL,
       ${pickSql('$3::uuid[]', 'g')}, ${openedSql('g')} + interval '3 minutes', ${openedSql('g')} + interval '1 minute'
     FROM generate_series(1, $5::int) AS g
     UNION ALL
     SELECT ${idSql('team-responder', 'g')}, ${idSql('incident', 'g')}, 'team', 2, NULL, ${pickSql('$4::uuid[]', 'g')},
       ${pickSql('$3::uuid[]', 'g')}, NULL, ${openedSql('g')} + interval '2 minutes'
     FROM generate_series(3, $5::int, 3) AS g`,
      [ctx.now, people, teams, n],
    ),
  );
  await bulkLoad(ctx, 'hypotheses', 2 * n, () => seedHypotheses(ctx));
  await bulkLoad(ctx, 'comments', sizes.comments, () =>
    exec(
      ctx,
      `INSERT INTO comments (id, incident_id, hypothesis_id, responder_id, comment, external_created_by, created_by, created_at, updated_at)
     SELECT ${idSql('comment', 'j')}, ${idSql('incident', 'i')}, CASE WHEN j % 3 = 0 THEN ${idSql('hypothesis', 'i')} END,
       CASE WHEN j % 2 = 0 THEN ${idSql('responder', 'i')} END, ($4::text[])[1 + j % 10],
       CASE WHEN j % 10 = 0 THEN 'slack:U0' || (j % 97) END, ${pickSql('$3::uuid[]', 'j')}, at, at
     FROM generate_series(1, $5::int) AS j
     CROSS JOIN LATERAL (SELECT 1 + (j - 1) % $6::int AS i) AS k
     CROSS JOIN LATERAL (SELECT ${openedSql('i')} + make_interval(mins => 5 + ((j - 1) / $6::int) * 7) AS at) AS v`,
      [ctx.now, people, COMMENTS, sizes.comments, n],
    ),
  );
  await bulkLoad(ctx, 'incident_histories', 3 * n, () =>
    exec(
      ctx,
      `INSERT INTO incident_histories (id, incident_id, type, description, hypothesis_id, created_by, created_at)
     SELECT ${idSql('history', 'g')}, ${idSql('incident', 'g')}, 'incident.created', 'Incident created', NULL,
       ${pickSql('$3::uuid[]', 'g')}, ${openedSql('g')}
     FROM generate_series(1, $4::int) AS g
     UNION ALL
     SELECT ${idSql('history-h', 'g')}, ${idSql('incident', 'g')}, 'hypothesis.created', 'Hypothesis added', ${idSql('hypothesis', 'g')},
       ${pickSql('$3::uuid[]', 'g')}, ${openedSql('g')} + interval '4 minutes'
     FROM generate_series(1, $4::int) AS g
     UNION ALL
     SELECT ${idSql('history-s', 'g')}, ${idSql('incident', 'g')}, 'incident.status_updated', 'Status changed to ' || ($5::text[])[1 + g % 6],
       NULL, ${pickSql('$3::uuid[]', 'g + 3')}, ${openedSql('g')} + interval '30 minutes'
     FROM generate_series(1, $4::int) AS g WHERE ($5::text[])[1 + g % 6] <> 'open'`,
      [ctx.now, people, n, STATUSES],
    ),
  );
}

async function seedHypotheses(ctx: SeedContext): Promise<void> {
  const { sizes, people } = ctx;
  const n = sizes.incidents;
  await exec(
    ctx,
    `INSERT INTO hypotheses (id, incident_id, parent_id, type, title, status, owner, created_by, created_at)
     SELECT ${idSql('hypothesis', 'g')}, ${idSql('incident', 'g')}, NULL, 'root', 'Recent deploy broke it', ($4::text[])[1 + g % 6],
       ${idSql('responder', 'g')}, ${pickSql('$3::uuid[]', 'g')}, ${openedSql('g')} + interval '4 minutes'
     FROM generate_series(1, $5::int) AS g
     UNION ALL
     SELECT ${idSql('hypothesis-f', 'g')}, ${idSql('incident', 'g')}, ${idSql('hypothesis', 'g')}, 'factor', 'Connection pool too small',
       ($4::text[])[1 + (g + 1) % 6], NULL, ${pickSql('$3::uuid[]', 'g')}, ${openedSql('g')} + interval '6 minutes'
     FROM generate_series(2, $5::int, 2) AS g`,
    [ctx.now, people, HYPOTHESIS_STATUSES, n],
  );
  await exec(
    ctx,
    `INSERT INTO hypotheses (id, incident_id, parent_id, type, title, status, created_by, created_at)
     SELECT ${idSql('hypothesis-s', 'g')}, ${idSql('incident', 'g')}, ${idSql('hypothesis-f', 'g')}, 'solution', 'Raise the pool size',
       'possible', ${pickSql('$3::uuid[]', 'g')}, ${openedSql('g')} + interval '8 minutes'
     FROM generate_series(4, $4::int, 4) AS g`,
    [ctx.now, people, n],
  );
  const leaves = Math.max(sizes.components, sizes.topologies) - sizes.topologies;
  const kinds = [
    sizes.checks > 0 ? 'check' : 'log',
    sizes.configs > 0 ? 'config' : 'log',
    sizes.topologies > 0 && leaves > 0 ? 'topology' : 'log',
  ];
  const check = sizes.checks > 0 ? idSql('check', `1 + g % ${sizes.checks}`) : 'NULL::uuid';
  const config = sizes.configs > 0 ? configIdSql(`1 + (g * 7) % ${sizes.configs}`) : 'NULL::uuid';
  const component = leaves > 0 ? idSql('component', `${sizes.topologies + 1} + g % ${leaves}`) : 'NULL::uuid';
  await exec(
    ctx,
    `INSERT INTO evidences (id, hypothesis_id, description, type, evidence, config_id, check_id, component_id,
       definition_of_done, done, created_by, created_at)
     SELECT ${idSql('evidence', 'g')}, ${idSql('hypothesis', 'g')},
       CASE t WHEN 'check' THEN 'Failing check' WHEN 'config' THEN 'Changed config' WHEN 'topology' THEN 'Degraded component'
         ELSE 'Error log excerpt' END, t, jsonb_build_object('note', 'demo evidence ' || g),
       CASE WHEN t = 'config' THEN ${config} END, CASE WHEN t = 'check' THEN ${check} END,
       CASE WHEN t = 'topology' THEN ${component} END, g % 6 = 0, g % 12 = 0,
       ${pickSql('$3::uuid[]', 'g')}, ${openedSql('g')} + interval '9 minutes'
     FROM generate_series(2, $4::int, 2) AS g
     CROSS JOIN LATERAL (SELECT ($5::text[])[1 + (g / 2) % 3] AS t) AS v`,
    [ctx.now, people, n, kinds],
  );
}
