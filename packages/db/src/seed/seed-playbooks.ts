import { exec, idSql, pickSql, type SeedContext } from './context.js';
import { configIdSql } from './seed-catalog.js';
import { seedRunTransitions } from './seed-run-transitions.js';

/** Demo playbooks: name, title, category, icon and the action types their spec lists. */
const PLAYBOOKS = [
  ['restart-deployment', 'Restart deployment', 'Kubernetes', 'kubernetes', 'exec'],
  ['scale-deployment', 'Scale deployment', 'Kubernetes', 'kubernetes', 'gitops'],
  ['reboot-ec2-instance', 'Reboot EC2 instance', 'AWS', 'aws', 'exec'],
  ['rollback-release', 'Roll back release', 'Delivery', 'github', 'github'],
  ['notify-on-call', 'Notify on-call', 'Communication', 'slack', 'notification'],
  ['run-health-query', 'Run health query', 'Database', 'postgres', 'sql'],
] as const;
const RUN_STATUSES = [
  'completed',
  'completed',
  'completed',
  'failed',
  'running',
  'pending_approval',
  'scheduled',
  'cancelled',
  'waiting',
  'timed_out',
];

/** Playbooks with parameters, runs against configs, checks and components, their actions, approvals and status changes. */
export async function seedPlaybooks(ctx: SeedContext): Promise<void> {
  const { sizes, tag, people, teams } = ctx;
  if (sizes.playbooks === 0) return;
  const names = PLAYBOOKS.map((p) => p[0]);
  await exec(
    ctx,
    `INSERT INTO playbooks (id, namespace, name, title, icon, description, category, spec, source, created_by)
     SELECT ${idSql('playbook', 'g')}, 'default', nm || CASE WHEN g > 6 THEN '-' || g ELSE '' END || $2::text, ($4::text[])[t],
       ($6::text[])[t], 'Demo playbook: ' || ($4::text[])[t], ($5::text[])[t],
       jsonb_build_object('title', ($4::text[])[t], 'icon', ($6::text[])[t], 'category', ($5::text[])[t],
         'configs', jsonb_build_array(jsonb_build_object('types', jsonb_build_array('Kubernetes::Deployment'))),
         'parameters', jsonb_build_array(jsonb_build_object('name', 'reason', 'label', 'Reason', 'type', 'text', 'default', 'demo'),
           jsonb_build_object('name', 'replicas', 'label', 'Replicas', 'type', 'text', 'default', '2')),
         'approval', CASE WHEN t = 2 THEN jsonb_build_object('approvers', jsonb_build_object('teams', jsonb_build_array('SRE'))) END,
         'actions', jsonb_build_array(jsonb_build_object('name', ($7::text[])[t], ($7::text[])[t], jsonb_build_object()))),
       'UI', ${pickSql('$8::uuid[]', 'g')}
     FROM generate_series(1, $9::int) AS g
     CROSS JOIN LATERAL (SELECT 1 + (g - 1) % 6 AS t) AS k
     CROSS JOIN LATERAL (SELECT ($3::text[])[t] AS nm) AS v`,
    [
      tag,
      names,
      PLAYBOOKS.map((p) => p[1]),
      PLAYBOOKS.map((p) => p[2]),
      PLAYBOOKS.map((p) => p[3]),
      PLAYBOOKS.map((p) => p[4]),
      people,
      sizes.playbooks,
    ],
  );
  const runs = sizes.playbookRuns;
  if (runs === 0) return;
  const config = sizes.configs > 0 ? configIdSql(`1 + (r * 11) % ${sizes.configs}`) : 'NULL::uuid';
  const check = sizes.checks > 0 ? idSql('check', `1 + r % ${sizes.checks}`) : 'NULL::uuid';
  await exec(
    ctx,
    `INSERT INTO playbook_runs (id, playbook_id, parent_id, status, start_time, scheduled_time, end_time, created_by,
       config_id, check_id, parameters, request, error, created_at, updated_at)
     SELECT ${idSql('run', 'r')}, ${idSql('playbook', '1 + (r - 1) % $4::int')},
       CASE WHEN r % 10 = 0 THEN ${idSql('run', 'r - 1')} END, st,
       CASE WHEN st NOT IN ('scheduled', 'pending_approval') THEN at + interval '5 seconds' END, at,
       CASE WHEN st IN ('completed', 'failed', 'cancelled', 'timed_out') THEN at + make_interval(secs => 20 + r % 300) END,
       ${pickSql('$3::uuid[]', 'r')}, CASE WHEN r % 3 <> 0 THEN ${config} END, CASE WHEN r % 3 = 0 THEN ${check} END,
       jsonb_build_object('reason', 'demo run ' || r, 'replicas', (1 + r % 4)::text), jsonb_build_object('source', 'demo'),
       CASE WHEN st = 'failed' THEN 'exit status 1: deployment not found' WHEN st = 'timed_out' THEN 'timed out after 30m' END, at, at
     FROM generate_series(1, $5::int) AS r
     CROSS JOIN LATERAL (SELECT ($6::text[])[1 + r % 10] AS st,
       $2::timestamptz - make_interval(mins => (r::bigint * 211 % 43200)::int) AS at) AS v
     ORDER BY r`,
    [ctx.now, people, sizes.playbooks, runs, RUN_STATUSES],
  );
  await exec(
    ctx,
    `INSERT INTO playbook_run_actions (id, playbook_run_id, name, status, retry_count, start_time, scheduled_time, end_time, result, error)
     SELECT ${idSql('action', 'r * 10 + a')}, ${idSql('run', 'r')}, (ARRAY['fetch-logs', 'apply', 'verify'])[a], ast, 0,
       at + make_interval(secs => 5 + a * 10), at, CASE WHEN ast IN ('completed', 'failed') THEN at + make_interval(secs => 10 + a * 10) END,
       CASE WHEN ast = 'completed' THEN jsonb_build_object('stdout', 'step ' || a || ' ok', 'exitCode', 0) END,
       CASE WHEN ast = 'failed' THEN 'exit status 1' END
     FROM generate_series(1, $2::int) AS r
     CROSS JOIN LATERAL generate_series(1, 1 + r % 3) AS a
     CROSS JOIN LATERAL (SELECT ($3::text[])[1 + r % 10] AS st,
       $4::timestamptz - make_interval(mins => (r::bigint * 211 % 43200)::int) AS at) AS v
     CROSS JOIN LATERAL (SELECT CASE WHEN st = 'completed' THEN 'completed'
       WHEN st = 'failed' AND a = 1 + r % 3 THEN 'failed' WHEN st = 'failed' THEN 'completed'
       WHEN st = 'running' THEN 'running' ELSE 'scheduled' END AS ast) AS s
     WHERE st NOT IN ('scheduled', 'pending_approval')`,
    [runs, RUN_STATUSES, ctx.now],
  );
  await exec(
    ctx,
    `INSERT INTO playbook_approvals (id, run_id, person_id, team_id)
     SELECT ${idSql('approval', 'r')}, ${idSql('run', 'r')}, CASE WHEN r % 2 = 0 THEN ${pickSql('$2::uuid[]', 'r + 1')} END,
       CASE WHEN r % 2 = 1 THEN ${pickSql('$3::uuid[]', 'r')} END
     FROM generate_series(1, $4::int) AS r WHERE ($5::text[])[1 + r % 10] = 'completed' AND r % 4 = 0`,
    [people, teams, runs, RUN_STATUSES],
  );
  await seedRunTransitions(ctx, runs, RUN_STATUSES);
}
