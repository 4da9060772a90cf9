/**
 * What a run's page shows besides the run row: who requested it, every status change with its time and
 * actor, and the approvals given — names joined here so the page needs no read of people or teams.
 */
import { type Executor, runQuery } from '../../jobs/index.js';

/** A person or team as the run page names it. */
export interface NamedRef {
  id: string;
  name: string;
}

/** One status change of a run; `actor` null means the runner (no person). */
export interface RunTransition {
  from_status: string | null;
  to_status: string;
  at: string;
  actor: NamedRef | null;
}

/** One approval of a run, by a person or on behalf of a team. */
export interface RunApproval {
  at: string;
  person: NamedRef | null;
  team: NamedRef | null;
}

const PERSON = (alias: string) =>
  `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('id', ${alias}.id, 'name', COALESCE(NULLIF(${alias}.name, ''), ${alias}.email, ${alias}.id::text)) END`;

/** The requester of a run (null when the run was started by no person, or the person is gone). */
export async function requesterOf(db: Executor, runId: string): Promise<NamedRef | null | undefined> {
  const [row] = await runQuery<{ requester: NamedRef | null }>(
    db,
    `SELECT ${PERSON('p')} AS requester FROM playbook_runs r LEFT JOIN people p ON p.id = r.created_by WHERE r.id = $1`,
    [runId],
  );
  return row ? row.requester : undefined;
}

/** The status changes of a run, oldest first. */
export async function transitionsOf(db: Executor, runId: string): Promise<RunTransition[]> {
  return runQuery<RunTransition>(
    db,
    `SELECT t.from_status, t.to_status, t.created_at AS at, ${PERSON('p')} AS actor
       FROM playbook_run_transitions t LEFT JOIN people p ON p.id = t.actor_id
      WHERE t.run_id = $1 ORDER BY t.created_at, t.id`,
    [runId],
  );
}

/** The approvals of a run, oldest first. */
export async function namedApprovalsOf(db: Executor, runId: string): Promise<RunApproval[]> {
  return runQuery<RunApproval>(
    db,
    `SELECT a.created_at AS at, ${PERSON('p')} AS person,
        CASE WHEN t.id IS NULL THEN NULL ELSE json_build_object('id', t.id, 'name', t.name) END AS team
       FROM playbook_approvals a LEFT JOIN people p ON p.id = a.person_id LEFT JOIN teams t ON t.id = a.team_id
      WHERE a.run_id = $1 ORDER BY a.created_at, a.id`,
    [runId],
  );
}
