import { bulkLoad } from './bulk.js';
import { exec, idSql, pickSql, type SeedContext } from './context.js';
import { configIdSql } from './seed-catalog.js';

/** Demo rules: name, the events they listen to (as a Postgres array literal) and a CEL filter. */
const RULES = [
  ['check-failures', '{check.failed}', "check.severity in ['high', 'critical']"],
  ['config-unhealthy', '{config.unhealthy,config.warning}', "config.type.startsWith('Kubernetes')"],
  ['incident-created', '{incident.created}', ''],
  ['component-health', '{component.unhealthy}', ''],
  ['playbook-failed', '{playbook.run.failed}', ''],
  ['aws-cost', '{config.warning}', "config.type.startsWith('AWS')"],
] as const;
const SEND_STATUSES = [
  'sent',
  'sent',
  'sent',
  'sent',
  'error',
  'silenced',
  'repeat-interval',
  'inhibited',
  'pending',
  'skipped',
];

/** Notification rules to people, teams, a playbook or a Slack connection; silences; the send history. */
export async function seedNotifications(ctx: SeedContext): Promise<void> {
  const { sizes, tag, people, teams } = ctx;
  const rules = sizes.notifications;
  if (rules > 0) {
    const playbook = sizes.playbooks > 0 ? idSql('playbook', '1') : 'NULL::uuid';
    await exec(
      ctx,
      `INSERT INTO notifications (id, name, namespace, events, title, template, filter, person_id, team_id, playbook_id,
         custom_services, repeat_interval, group_by, source, created_by, error, error_at)
       SELECT ${idSql('notification', 'g')}, ($2::text[])[t] || CASE WHEN g > 6 THEN '-' || g ELSE '' END || $5::text, 'default',
         ($3::text[])[t]::text[], 'Demo: ' || ($2::text[])[t], '{{ .summary }}', nullif(($4::text[])[t], ''),
         CASE WHEN g % 4 = 1 THEN ${pickSql('$6::uuid[]', 'g')} END, CASE WHEN g % 4 = 2 THEN ${pickSql('$7::uuid[]', 'g')} END,
         CASE WHEN g % 4 = 3 THEN ${playbook} END,
         CASE WHEN g % 4 = 0 OR (g % 4 = 3 AND ${sizes.playbooks === 0}) THEN jsonb_build_array(jsonb_build_object('name', 'slack',
           'connection', 'connection://default/slack-demo')) END,
         (ARRAY['1h', '4h', NULL])[1 + g % 3], ARRAY['resource'], 'UI', ${pickSql('$6::uuid[]', 'g')},
         CASE WHEN g = 5 THEN 'slack: channel_not_found' END, CASE WHEN g = 5 THEN now() - interval '2 hours' END
       FROM generate_series(1, $8::int) AS g
       CROSS JOIN LATERAL (SELECT 1 + (g - 1) % 6 AS t) AS k`,
      [RULES.map((r) => r[0]), RULES.map((r) => r[1]), RULES.map((r) => r[2]), tag, people, teams, rules],
    );
  }
  await seedSilences(ctx);
  if (rules === 0 || sizes.sendHistory === 0) return;
  const resource =
    sizes.checks > 0
      ? idSql('check', `1 + h % ${sizes.checks}`)
      : sizes.configs > 0
        ? configIdSql('1')
        : idSql('notification', '1');
  await bulkLoad(ctx, 'notification_send_history', sizes.sendHistory, () =>
    exec(
      ctx,
      `INSERT INTO notification_send_history (id, notification_id, source_event, resource_id, resource_health, resource_status,
       status, body, count, first_observed, retries, person_id, team_id, error, duration_millis, created_at)
     SELECT ${idSql('send', 'h')}, ${idSql('notification', 'n')}, ev, ${resource},
       CASE WHEN h % 3 = 0 THEN 'unhealthy' ELSE 'healthy' END, CASE WHEN h % 3 = 0 THEN 'Failing' ELSE 'Passing' END, st,
       CASE WHEN st = 'sent' THEN 'Check ' || h || ' changed state' END, 1 + h % 3, at, CASE WHEN st = 'error' THEN 2 ELSE 0 END,
       CASE WHEN n % 4 = 1 THEN ${pickSql('$3::uuid[]', 'n')} END, CASE WHEN n % 4 = 2 THEN ${pickSql('$4::uuid[]', 'n')} END,
       CASE WHEN st = 'error' THEN (ARRAY['slack: channel_not_found', 'smtp: connection refused'])[1 + h % 2] END,
       40 + (h * 37) % 900, at
     FROM generate_series(1, $5::int) AS h
     CROSS JOIN LATERAL (SELECT 1 + (h - 1) % $6::int AS n, ($7::text[])[1 + h % 10] AS st,
       $2::timestamptz - make_interval(mins => (h::bigint * 53 % 43200)::int) AS at) AS v
     CROSS JOIN LATERAL (SELECT (ARRAY['check.failed', 'config.unhealthy', 'incident.created', 'component.unhealthy',
       'playbook.run.failed', 'config.warning'])[1 + (n - 1) % 6] AS ev) AS e`,
      [ctx.now, people, teams, sizes.sendHistory, rules, SEND_STATUSES],
    ),
  );
}

async function seedSilences(ctx: SeedContext): Promise<void> {
  const { sizes, people } = ctx;
  if (sizes.silences === 0) return;
  const check = sizes.checks > 0 ? idSql('check', `1 + g % ${sizes.checks}`) : 'NULL::uuid';
  const canary = sizes.canaries > 0 ? idSql('canary', '1') : 'NULL::uuid';
  const config = sizes.configs > 0 ? configIdSql(`1 + g % ${sizes.configs}`) : 'NULL::uuid';
  const component = sizes.components > 0 && sizes.topologies > 0 ? idSql('component', '1') : 'NULL::uuid';
  await exec(
    ctx,
    `INSERT INTO notification_silences (id, name, namespace, description, "from", until, recursive, check_id, config_id,
       component_id, canary_id, filter, source, created_by, deleted_at)
     SELECT ${idSql('silence', 'g')}, 'demo-silence-' || g || $4::text, 'default', 'Maintenance window ' || g,
       $2::timestamptz - interval '1 hour', CASE WHEN g % 4 = 0 THEN NULL ELSE $2::timestamptz + make_interval(hours => 2 * g) END,
       g % 3 = 0, CASE WHEN g % 4 = 1 THEN ${check} END, CASE WHEN g % 4 = 2 THEN ${config} END,
       CASE WHEN g % 4 = 3 THEN ${component} END, CASE WHEN g % 4 = 0 THEN ${canary} END,
       CASE WHEN g % 5 = 0 THEN 'check.type == "http"' END, 'UI', ${pickSql('$3::uuid[]', 'g')},
       CASE WHEN g % 7 = 0 THEN $2::timestamptz - interval '1 day' END
     FROM generate_series(1, $5::int) AS g`,
    [ctx.now, people, ctx.tag, sizes.silences],
  );
}
