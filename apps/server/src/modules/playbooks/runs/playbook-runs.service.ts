/**
 * Playbook runs: which playbooks apply to a resource and with which parameters, starting a run
 * (parameters checked with the 001 §5 rules, approval gate, queued on the job queue in the same
 * transaction), approving and cancelling. The run itself executes in run-playbook.job.ts.
 */
import {
  type PlaybookParameter,
  type PlaybookRunRequest,
  type PlaybookRunStatus,
  playbookParamsProblems,
} from '@mc/contracts';
import type { Database } from '@mc/db';
import { type AuditContext, actorPersonId, auditedTransaction } from '../../../platform/audit.js';
import type { Config } from '../../../platform/config.js';
import { AppError } from '../../../platform/errors.js';
import { linearPatternTest } from '../../../platform/linear-regex.js';
import { type ResourceReach, resourceVisible } from '../../../platform/resource-visibility.js';
import { enqueue } from '../../jobs/index.js';
import { findRunArtifact } from '../actions/artifacts.repo.js';
import { ACTION_KINDS } from '../actions/registry.js';
import { actionTypeOf, type PlaybookSpec, playbookSpecSchema } from '../playbook-document.js';
import { findPlaybook } from '../playbooks.repo.js';
import { applicablePlaybooks } from './applicable-playbooks.js';
import { approvalState } from './approval.js';
import { durationMs } from './duration.js';
import {
  approvalsOf,
  findResource,
  findRun,
  insertApproval,
  insertRun,
  personWithTeams,
  resolveApprovers,
  transitionRun,
} from './playbook-runs.repo.js';
import { appliesNowhere, appliesTo, type SelectableResource } from './resource-selector.js';
import { runPlaybookJob } from './run-playbook.job.js';
import { sealSecretParams } from './secret-params.js';

/** What started a run besides its requester, recorded on the run (never taken from a request body). */
export interface RunOrigin {
  /** The notification send-history row whose rule runs the playbook (`playbook_runs.notification_send_id`). */
  notificationSendId?: string;
}

/** A resource named by a request: at most one of check_id, component_id, config_id. */
export interface ResourceRef {
  check_id?: string;
  component_id?: string;
  config_id?: string;
}

const NS_PER_MS = 1_000_000n;
const DEFAULT_RUN_TIMEOUT_MS = 30 * 60_000;

/**
 * The resource a request names, or a 404 — also when the caller may not read it (`reach`), with the same
 * message, so a hidden id is indistinguishable from a missing one and no playbook reaches it.
 */
async function resourceOf(
  db: Database,
  ref: ResourceRef,
  reach: ResourceReach,
): Promise<SelectableResource | undefined> {
  const given = (['check', 'config', 'component'] as const).filter((k) => ref[`${k}_id`] !== undefined);
  if (given.length > 1) throw new AppError('bad_request', 'Give at most one of check_id, component_id, config_id');
  const kind = given[0];
  if (!kind) return undefined;
  const id = ref[`${kind}_id`] ?? '';
  const row = await findResource(db.db, kind, id);
  if (!row || !(await resourceVisible(db.db, reach, kind, id)))
    throw new AppError('not_found', `The ${kind} ${id} was not found`);
  return {
    kind,
    id: row.id,
    name: row.name ?? '',
    type: row.type,
    namespace: row.namespace,
    labels: row.labels ?? {},
    tags: row.tags ?? {},
  };
}

/**
 * The run, or a 404 — also when it runs on a resource the caller may not read (`reach`), with the same
 * message, so approving or cancelling is no way to act on, or learn of, a hidden resource.
 */
async function visibleRun(db: Database, runId: string, reach: ResourceReach) {
  const run = await findRun(db.db, runId);
  const target = run?.component_id
    ? ({ kind: 'component', id: run.component_id } as const)
    : run?.config_id
      ? ({ kind: 'config', id: run.config_id } as const)
      : run?.check_id
        ? ({ kind: 'check', id: run.check_id } as const)
        : undefined;
  if (!run || (target && !(await resourceVisible(db.db, reach, target.kind, target.id))))
    throw new AppError('not_found', `Playbook run ${runId} was not found`);
  return run;
}

async function playbookSpec(db: Database, id: string) {
  const playbook = await findPlaybook(db.db, id);
  if (!playbook) throw new AppError('not_found', `Playbook ${id} was not found`);
  const parsed = playbookSpecSchema.safeParse(playbook.spec);
  if (!parsed.success) throw new AppError('bad_request', `Playbook ${playbook.name} has an invalid spec`);
  return { playbook, spec: parsed.data };
}

function mustApply(spec: PlaybookSpec, name: string, resource: SelectableResource | undefined): void {
  const raw = spec as unknown as Record<string, unknown>; // the loose spec keeps the selector keys
  if (resource ? appliesTo(raw, resource) : appliesNowhere(raw)) return;
  throw new AppError(
    'bad_request',
    resource
      ? `Playbook ${name} does not apply to the ${resource.kind} ${resource.name}`
      : `Playbook ${name} runs on a resource: give check_id, component_id or config_id`,
  );
}

function mustBeBuilt(spec: PlaybookSpec): void {
  for (const action of spec.actions) {
    const type = actionTypeOf(action);
    if (typeof type !== 'string') continue;
    const kind = ACTION_KINDS[type];
    if (!kind) throw new AppError('bad_request', `Action ${action.name}: the ${type} action type is not built yet`);
    const disabled = kind.disabledReason?.();
    if (disabled) throw new AppError('bad_request', `Action ${action.name}: ${disabled}`);
  }
}

/**
 * Starts a run on a resource the requester may read (`reach`; a hidden one is a 404): 400 with the
 * parameter problems, else queued (or waiting for approval) in the same transaction as its row.
 */
async function startRun(
  database: Database,
  config: Config | undefined,
  request: PlaybookRunRequest,
  ctx: AuditContext,
  reach: ResourceReach,
  origin: RunOrigin,
): Promise<{ run_id: string }> {
  const { playbook, spec } = await playbookSpec(database, request.id);
  const resource = await resourceOf(database, request, reach);
  mustApply(spec, playbook.name, resource);
  mustBeBuilt(spec);
  const params = request.params ?? {};
  const problems = playbookParamsProblems(spec.parameters ?? [], params, linearPatternTest);
  if (Object.keys(problems).length > 0) {
    const words = Object.entries(problems).map(([name, problem]) => `${name}: ${problem}`);
    throw new AppError('bad_request', `Invalid parameters: ${words.join('; ')}`, problems);
  }
  const values = Object.fromEntries((spec.parameters ?? []).map((p) => [p.name, params[p.name] ?? p.default ?? null]));
  const { stored, sealed } = sealSecretParams(spec.parameters ?? [], values, config);
  const masked = sealSecretParams(spec.parameters ?? [], params, config).stored;
  const status: PlaybookRunStatus = spec.approval ? 'pending_approval' : 'scheduled';
  const timeoutMs = durationMs(spec.timeout) ?? DEFAULT_RUN_TIMEOUT_MS;
  return auditedTransaction(database, ctx, async (tx) => {
    const runId = await insertRun(tx.db, {
      playbookId: playbook.id,
      status,
      spec: playbook.spec,
      parameters: stored,
      parametersSecret: sealed,
      request: { ...request, params: masked },
      checkId: request.check_id,
      configId: request.config_id,
      componentId: request.component_id,
      createdBy: actorPersonId(ctx),
      timeoutNs: BigInt(timeoutMs) * NS_PER_MS,
      notificationSendId: origin.notificationSendId,
    });
    if (status === 'scheduled') await enqueue(tx.db, runPlaybookJob, { run_id: runId }, { singletonKey: runId });
    return {
      value: { run_id: runId },
      audit: {
        action: 'playbook.run',
        target: 'playbook_runs',
        ids: [runId],
        after: { status, playbook_id: playbook.id },
      },
    };
  });
}

/** Approves a run waiting for approval as one of its approvers (not its requester); schedules it once satisfied. */
async function approveRun(
  database: Database,
  runId: string,
  ctx: AuditContext,
  reach: ResourceReach,
): Promise<{ run_id: string; status: PlaybookRunStatus }> {
  const run = await visibleRun(database, runId, reach);
  if (run.status !== 'pending_approval') {
    throw new AppError('conflict', `Playbook run ${runId} is ${run.status}, not waiting for approval`);
  }
  const personId = actorPersonId(ctx);
  if (!personId) throw new AppError('forbidden', 'Only a person can approve a playbook run');
  const approval = playbookSpecSchema.shape.approval.parse(run.spec.approval);
  if (!approval) throw new AppError('conflict', `Playbook run ${runId} needs no approval`);
  const person = await personWithTeams(database.db, personId);
  const listed = await resolveApprovers(database.db, approval.approvers.people ?? [], approval.approvers.teams ?? []);
  const mine = {
    person: listed.personIds.some((p) => p.id === personId),
    teams: listed.teamIds.filter((t) => person?.teams.some((m) => m.id === t.id)).map((t) => t.id),
  };
  if (!mine.person && mine.teams.length === 0) {
    throw new AppError('forbidden', 'You are not an approver of this playbook run');
  }
  if (run.created_by === personId) {
    throw new AppError('forbidden', 'The requester cannot approve their own playbook run');
  }
  return auditedTransaction(database, ctx, async (tx) => {
    if (mine.person) await insertApproval(tx.db, runId, { personId });
    for (const teamId of mine.teams) await insertApproval(tx.db, runId, { teamId });
    const given = await approvalsOf(tx.db, runId);
    let status: PlaybookRunStatus = 'pending_approval';
    if (approvalState(approval.type, listed, given) === 'approved') {
      if (await transitionRun(tx.db, runId, ['pending_approval'], 'scheduled', { actorId: personId })) {
        await enqueue(tx.db, runPlaybookJob, { run_id: runId }, { singletonKey: runId });
        status = 'scheduled';
      }
    }
    return {
      value: { run_id: runId, status },
      audit: {
        action: 'playbook.approve',
        target: 'playbook_runs',
        ids: [runId],
        after: { approved_by: personId, status },
      },
    };
  });
}

/**
 * The service of the playbook run endpoints. `config` locates the server's secret key for secret
 * parameters (without it: the configuration of the process environment).
 */
export function playbookRunsService(database: Database, config?: Config) {
  return {
    /**
     * Playbooks applicable to a resource the caller may read (`reach`) (000 §7 `/playbook/list`), bounded
     * and yielding so no list holds the HTTP thread (applicable-playbooks.ts).
     */
    async listFor(ref: ResourceRef, reach: ResourceReach) {
      return applicablePlaybooks(database.db, await resourceOf(database, ref, reach));
    },

    /** The parameters of a playbook for a resource the caller may read (000 §7 `POST /playbook/{id}/params`). */
    async paramsFor(id: string, ref: ResourceRef, reach: ResourceReach): Promise<{ params: PlaybookParameter[] }> {
      const { playbook, spec } = await playbookSpec(database, id);
      mustApply(spec, playbook.name, await resourceOf(database, ref, reach));
      return { params: spec.parameters ?? [] };
    },

    /**
     * Starts a run on a resource the requester may read (`reach`; a hidden one is a 404): 400 with the
     * parameter problems, else queued (or waiting for approval). `origin` links a run a notification rule
     * started to its send-history row.
     */
    async run(
      request: PlaybookRunRequest,
      ctx: AuditContext,
      reach: ResourceReach,
      origin: RunOrigin = {},
    ): Promise<{ run_id: string }> {
      return startRun(database, config, request, ctx, reach, origin);
    },

    /**
     * Approves a run waiting for approval, on a resource the approver may read (`reach`); schedules it
     * once the approval is satisfied.
     */
    async approve(
      runId: string,
      ctx: AuditContext,
      reach: ResourceReach,
    ): Promise<{ run_id: string; status: PlaybookRunStatus }> {
      return approveRun(database, runId, ctx, reach);
    },

    /** An artifact of a run (the route has checked the run is visible); 404 when the run has no such artifact. */
    async artifact(runId: string, artifactId: string) {
      const artifact = await findRunArtifact(database, runId, artifactId);
      if (!artifact) throw new AppError('not_found', 'Artifact not found');
      return artifact;
    },

    /**
     * Cancels a run not yet finished, on a resource the caller may read (`reach`); a running action is
     * stopped by the runner within a second.
     */
    async cancel(
      runId: string,
      ctx: AuditContext,
      reach: ResourceReach,
    ): Promise<{ run_id: string; status: PlaybookRunStatus }> {
      const run = await visibleRun(database, runId, reach);
      const open = ['pending_approval', 'scheduled', 'running'] as const;
      return auditedTransaction(database, ctx, async (tx) => {
        if (!(await transitionRun(tx.db, runId, open, 'cancelled', { end: true, actorId: actorPersonId(ctx) }))) {
          throw new AppError('conflict', `Playbook run ${runId} is ${run.status} and cannot be cancelled`);
        }
        return {
          value: { run_id: runId, status: 'cancelled' as const },
          audit: { action: 'playbook.cancel', target: 'playbook_runs', ids: [runId], after: { status: 'cancelled' } },
        };
      });
    },
  };
}
