/**
 * playbook_runs, playbook_run_actions and playbook_approvals SQL. A status changes only from the
 * statuses a transition allows (`UPDATE … WHERE status = ANY(from)`), so two replicas or a cancel
 * racing the runner cannot both win.
 */
import type { PlaybookRunStatus } from '@mc/contracts';
import { type Executor, runQuery } from '../../jobs/index.js';

/** A playbook_runs row as the runner reads it. */
export interface PlaybookRunRow {
  id: string;
  playbook_id: string;
  status: PlaybookRunStatus;
  spec: Record<string, unknown>;
  parameters: Record<string, unknown> | null;
  /** The secret parameters' values, encrypted (secret-params.ts). */
  parameters_secret: string | null;
  check_id: string | null;
  config_id: string | null;
  component_id: string | null;
  created_by: string | null;
  start_time: string | null;
  timeout: string;
  error: string | null;
}

/** A playbook_run_actions row. */
export interface PlaybookRunActionRow {
  id: string;
  name: string;
  status: string;
  retry_count: number;
  result: Record<string, unknown> | null;
  error: string | null;
}

/** What a new run stores. */
export interface NewRun {
  playbookId: string;
  status: PlaybookRunStatus;
  spec: Record<string, unknown>;
  parameters: Record<string, unknown>;
  parametersSecret: string | null;
  request: Record<string, unknown>;
  checkId?: string;
  configId?: string;
  componentId?: string;
  createdBy: string | null;
  timeoutNs: bigint;
  /** The notification send-history row whose rule started the run (upstream's column). */
  notificationSendId?: string;
}

/** Inserts a run; answers its id. */
export async function insertRun(db: Executor, run: NewRun): Promise<string> {
  const [row] = await runQuery<{ id: string }>(
    db,
    `INSERT INTO playbook_runs (playbook_id, status, spec, parameters, request, check_id, config_id, component_id,
       created_by, timeout, parameters_secret, notification_send_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [
      run.playbookId,
      run.status,
      JSON.stringify(run.spec),
      JSON.stringify(run.parameters),
      JSON.stringify(run.request),
      run.checkId ?? null,
      run.configId ?? null,
      run.componentId ?? null,
      run.createdBy,
      run.timeoutNs.toString(),
      run.parametersSecret,
      run.notificationSendId ?? null,
    ],
  );
  if (!row) throw new Error('INSERT … RETURNING gave no row');
  await runQuery(db, 'INSERT INTO playbook_run_transitions (run_id, to_status, actor_id) VALUES ($1, $2, $3)', [
    row.id,
    run.status,
    run.createdBy,
  ]);
  return row.id;
}

/** A run by id. */
/**
 * Who last saved a playbook (null: the system): its runs resolve connections with that person's rights.
 * A run's playbook always exists (runs cascade with it).
 */
export async function playbookSaver(db: Executor, playbookId: string): Promise<string | null> {
  const [row] = await runQuery<{ saved_by: string | null }>(db, 'SELECT saved_by FROM playbooks WHERE id = $1', [
    playbookId,
  ]);
  return row?.saved_by ?? null;
}

export async function findRun(db: Executor, id: string): Promise<PlaybookRunRow | undefined> {
  const [row] = await runQuery<PlaybookRunRow>(db, 'SELECT * FROM playbook_runs WHERE id = $1', [id]);
  return row;
}

/**
 * Moves a run from one of `from` to `to` (with its start, end or error) and records the change in
 * playbook_run_transitions with its actor (null: the runner) in the same statement; false when it was
 * not in `from`. The row is locked first, so the recorded `from_status` is the one replaced.
 */
export async function transitionRun(
  db: Executor,
  id: string,
  from: readonly PlaybookRunStatus[],
  to: PlaybookRunStatus,
  fields: { start?: boolean; end?: boolean; error?: string; actorId?: string | null } = {},
): Promise<boolean> {
  const rows = await runQuery<{ id: string }>(
    db,
    `WITH old AS (SELECT id, status FROM playbook_runs WHERE id = $1 AND status = ANY($2::text[]) FOR UPDATE),
     moved AS (
       UPDATE playbook_runs r SET status = $3::text,
           start_time = CASE WHEN $4 THEN COALESCE(r.start_time, now()) ELSE r.start_time END,
           end_time = CASE WHEN $5 THEN now() ELSE r.end_time END,
           error = COALESCE($6, r.error)
         FROM old WHERE r.id = old.id
         RETURNING r.id, old.status AS from_status),
     logged AS (
       INSERT INTO playbook_run_transitions (run_id, from_status, to_status, actor_id)
       SELECT id, from_status, $3::text, $7::uuid FROM moved WHERE from_status IS DISTINCT FROM $3::text)
     SELECT id FROM moved`,
    [id, [...from], to, fields.start === true, fields.end === true, fields.error ?? null, fields.actorId ?? null],
  );
  return rows.length > 0;
}

/** The actions of a run in the order they started. */
export async function actionsOf(db: Executor, runId: string): Promise<PlaybookRunActionRow[]> {
  return runQuery<PlaybookRunActionRow>(
    db,
    'SELECT id, name, status, retry_count, result, error FROM playbook_run_actions WHERE playbook_run_id = $1 ORDER BY start_time, id',
    [runId],
  );
}

/** Starts an action row (status running). */
export async function startAction(db: Executor, runId: string, name: string, retryCount: number): Promise<string> {
  const [row] = await runQuery<{ id: string }>(
    db,
    `INSERT INTO playbook_run_actions (playbook_run_id, name, status, retry_count, start_time)
     VALUES ($1, $2, 'running', $3, now()) RETURNING id`,
    [runId, name, retryCount],
  );
  if (!row) throw new Error('INSERT … RETURNING gave no row');
  return row.id;
}

/** Ends an action row with its status, output and error. */
export async function finishAction(
  db: Executor,
  id: string,
  status: string,
  result: Record<string, unknown> | null,
  error: string | null,
): Promise<void> {
  await runQuery(
    db,
    'UPDATE playbook_run_actions SET status = $2, result = $3, error = $4, end_time = now() WHERE id = $1',
    [id, status, result === null ? null : JSON.stringify(result), error],
  );
}

/** Records one approval (a person's or a team's) once. */
export async function insertApproval(db: Executor, runId: string, approver: { personId?: string; teamId?: string }) {
  await runQuery(
    db,
    `INSERT INTO playbook_approvals (run_id, person_id, team_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
    [runId, approver.personId ?? null, approver.teamId ?? null],
  );
}

/** The approvals of a run. */
export async function approvalsOf(db: Executor, runId: string) {
  return runQuery<{ person_id: string | null; team_id: string | null }>(
    db,
    'SELECT person_id, team_id FROM playbook_approvals WHERE run_id = $1',
    [runId],
  );
}

/** A person by id or email, with the ids and names of their teams. */
export async function personWithTeams(db: Executor, personId: string) {
  const [row] = await runQuery<{ id: string; email: string | null; teams: { id: string; name: string }[] }>(
    db,
    `SELECT p.id, p.email,
        COALESCE((SELECT json_agg(json_build_object('id', t.id, 'name', t.name)) FROM team_members m
                   JOIN teams t ON t.id = m.team_id AND t.deleted_at IS NULL WHERE m.person_id = p.id), '[]') AS teams
       FROM people p WHERE p.id = $1`,
    [personId],
  );
  return row;
}

const RESOURCE_SQL = {
  check:
    'SELECT id, name, type, namespace, labels, NULL::jsonb AS tags FROM checks WHERE id = $1 AND deleted_at IS NULL',
  config: 'SELECT id, name, type, namespace, labels, tags FROM config_items WHERE id = $1 AND deleted_at IS NULL',
  component:
    'SELECT id, name, type, namespace, labels, NULL::jsonb AS tags FROM components WHERE id = $1 AND deleted_at IS NULL',
} as const;

/** A live check, config item or component by id, with what selectors and templates read. */
export async function findResource(db: Executor, kind: keyof typeof RESOURCE_SQL, id: string) {
  const [row] = await runQuery<{
    id: string;
    name: string | null;
    type: string | null;
    namespace: string | null;
    labels: Record<string, string> | null;
    tags: Record<string, string> | null;
  }>(db, RESOURCE_SQL[kind], [id]);
  return row;
}

/** A live playbook as `/playbook/list` answers it. */
export interface ListedPlaybookRow {
  id: string;
  name: string;
  title: string;
  icon: string | null;
  description: string | null;
  category: string;
  spec: Record<string, unknown>;
}

/** The ids of the live playbooks in list order (category, title), at most `limit`; no spec is read. */
export async function livePlaybookIds(db: Executor, limit: number): Promise<string[]> {
  const rows = await runQuery<{ id: string }>(
    db,
    'SELECT id FROM playbooks WHERE deleted_at IS NULL ORDER BY category, title, id LIMIT $1',
    [limit],
  );
  return rows.map((row) => row.id);
}

/** The selector list under `selectorKey` (`checks`, `configs`, `components`) of each playbook of `ids`. */
export async function playbookSelectors(db: Executor, selectorKey: string, ids: readonly string[]) {
  return runQuery<{ id: string; selectors: unknown }>(
    db,
    'SELECT id, spec -> $1::text AS selectors FROM playbooks WHERE id = ANY($2::uuid[])',
    [selectorKey, ids],
  );
}

/** The live playbooks of `ids`, in list order. */
export async function listedPlaybooks(db: Executor, ids: readonly string[]) {
  return runQuery<ListedPlaybookRow>(
    db,
    `SELECT id, name, title, icon, description, category, spec FROM playbooks
      WHERE deleted_at IS NULL AND id = ANY($1::uuid[]) ORDER BY category, title, id`,
    [ids],
  );
}

/** Ids of the people and teams an approval list names (by id, email or name). */
export async function resolveApprovers(db: Executor, people: readonly string[], teams: readonly string[]) {
  const personIds = await runQuery<{ entry: string; id: string }>(
    db,
    `SELECT e.entry, p.id FROM unnest($1::text[]) AS e(entry)
       JOIN people p ON (p.id::text = e.entry OR p.email = e.entry OR p.name = e.entry) AND p.deleted_at IS NULL`,
    [[...people]],
  );
  const teamIds = await runQuery<{ entry: string; id: string }>(
    db,
    `SELECT e.entry, t.id FROM unnest($1::text[]) AS e(entry)
       JOIN teams t ON (t.id::text = e.entry OR t.name = e.entry) AND t.deleted_at IS NULL`,
    [[...teams]],
  );
  return { personIds, teamIds };
}
