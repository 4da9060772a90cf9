import { exec, idSql, pickSql, type SeedContext } from './context.js';

/**
 * The status changes of each demo run, as the run engine records them (playbook_run_transitions), so a
 * seeded run's page shows its Timeline: created (by its requester) as scheduled, or as pending_approval
 * then scheduled by its approver (the person of its playbook_approvals row) when it has one; running (the runner); then the run's
 * final status at its end time — cancelled by its requester, the others by the runner. Times follow
 * the run's own columns (created, start + 5 s, end), so the Timeline agrees with the run's header.
 * `statuses` is the generator's status cycle: run r has status `statuses[1 + r % 10]`.
 */
export async function seedRunTransitions(ctx: SeedContext, runs: number, statuses: readonly string[]): Promise<void> {
  await exec(
    ctx,
    `INSERT INTO playbook_run_transitions (id, run_id, from_status, to_status, actor_id, created_at)
     SELECT ${idSql('transition', 'r * 10 + n')}, ${idSql('run', 'r')}, path[n - 1], path[n],
       CASE WHEN n = 1 OR path[n] = 'cancelled' THEN ${pickSql('$3::uuid[]', 'r')}
         WHEN path[n - 1] = 'pending_approval' THEN ${pickSql('$3::uuid[]', 'r + 1')} END,
       CASE WHEN n = 1 THEN at
         WHEN path[n - 1] = 'pending_approval' THEN at + interval '2 seconds'
         WHEN path[n] = 'running' THEN at + interval '5 seconds'
         WHEN path[n] = 'waiting' THEN at + interval '10 seconds'
         ELSE at + make_interval(secs => 20 + r % 300) END
     FROM generate_series(1, $4::int) AS r
     CROSS JOIN LATERAL (SELECT ($5::text[])[1 + r % 10] AS st,
       $2::timestamptz - make_interval(mins => (r::bigint * 211 % 43200)::int) AS at) AS v
     CROSS JOIN LATERAL (SELECT
       CASE WHEN st = 'pending_approval' THEN ARRAY['pending_approval']
         WHEN st = 'completed' AND r % 4 = 0 THEN ARRAY['pending_approval', 'scheduled'] ELSE ARRAY['scheduled'] END
       || CASE WHEN st IN ('scheduled', 'pending_approval') THEN ARRAY[]::text[]
            WHEN st IN ('cancelled', 'running') THEN ARRAY[st] ELSE ARRAY['running', st] END AS path) AS p
     CROSS JOIN LATERAL generate_subscripts(path, 1) AS n`,
    [ctx.now, ctx.people, runs, statuses],
  );
}
