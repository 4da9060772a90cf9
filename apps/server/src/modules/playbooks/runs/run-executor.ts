/**
 * The run engine: the actions of a run in order, each a playbook_run_actions row with its status,
 * start, end, output and error. Fields are rendered from the parameters, the resource and earlier
 * outputs (template.ts); an action's `if` is rendered too and skips it when it gives false, 0 or
 * nothing. Each action has its timeout and retries; a cancel of the run aborts the running action
 * (polled every {@link CANCEL_POLL_MS}); the run's own timeout ends it as timed_out. What an action
 * passes to `ctx.log` is the run's live log (run-log-writer.ts); the values of secret parameters and of
 * secret-looking env entries are replaced by `***` in that log and in the stored output.
 */
import type { Database } from '@mc/db';
import { type Config, loadConfig } from '../../../platform/config.js';
import { deadline } from '../../../platform/deadline.js';
import type { JobResult } from '../../jobs/index.js';
import type { ActionKind, ActionRun } from '../actions/action-kind.js';
import { ACTION_KINDS } from '../actions/registry.js';
import { actionTypeOf, type PlaybookAction, type PlaybookSpec, playbookSpecSchema } from '../playbook-document.js';
import { redactDeep, redactSecrets } from '../secret-redaction.js';
import { durationMs } from './duration.js';
import {
  actionsOf,
  findResource,
  findRun,
  finishAction,
  type PlaybookRunRow,
  playbookSaver,
  startAction,
  transitionRun,
} from './playbook-runs.repo.js';
import { type ActionLog, RunLogWriter } from './run-log-writer.js';
import { openSecretParams } from './secret-params.js';
import { renderFields, renderTemplate, type TemplateData } from './template.js';

/** How often a running action looks for a cancel of its run. */
export const CANCEL_POLL_MS = 250;
const DEFAULT_ACTION_TIMEOUT_MS = 5 * 60_000;
const MAX_ERROR_CHARS = 4096;

type Outcome =
  | { ok: true; output: Record<string, unknown> }
  | { ok: false; status: string; error: string; output?: Record<string, unknown> };

/** The output a failed action still produced (an exec's stdout and stderr), if its error carries one. */
function outputOf(error: unknown): Record<string, unknown> | undefined {
  if (typeof error !== 'object' || error === null || !('output' in error)) return undefined;
  const { output } = error;
  return typeof output === 'object' && output !== null ? (output as Record<string, unknown>) : undefined; // set by the action
}

/** Env names whose values are treated as secrets in logs and outputs. */
const SECRET_ENV_NAME = /secret|token|password|passwd|credential|api_?key|private/i;

/** The values of a run's secret parameters (type secret), hidden from its logs and outputs. */
function secretParams(spec: PlaybookSpec, params: Record<string, unknown>): string[] {
  return (spec.parameters ?? [])
    .filter((p) => p.type === 'secret')
    .map((p) => params[p.name])
    .filter((v): v is string => typeof v === 'string' && v.length > 0);
}

/** Secret-looking `env` values of an action's rendered fields (an exec's TOKEN=…). */
function secretEnv(fields: unknown): string[] {
  if (typeof fields !== 'object' || fields === null || !('env' in fields)) return [];
  const { env } = fields;
  if (typeof env !== 'object' || env === null) return [];
  return Object.entries(env)
    .filter(([name, value]) => SECRET_ENV_NAME.test(name) && typeof value === 'string' && value.length > 0)
    .map(([, value]) => String(value));
}

function message(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_CHARS);
}

async function templateData(
  database: Database,
  run: PlaybookRunRow,
  params: Record<string, unknown>,
): Promise<TemplateData> {
  const data: TemplateData = { params, run: { id: run.id }, outputs: {} };
  for (const kind of ['check', 'config', 'component'] as const) {
    const id = run[`${kind}_id`];
    if (id) data[kind] = (await findResource(database.db, kind, id)) ?? {};
  }
  return data;
}

/** The resource a run is on, if any. */
function resourceOf(run: PlaybookRunRow): ActionRun['resource'] {
  if (run.config_id) return { kind: 'config', id: run.config_id };
  if (run.component_id) return { kind: 'component', id: run.component_id };
  if (run.check_id) return { kind: 'check', id: run.check_id };
  return undefined;
}

/** Aborts when the run is no longer running (cancelled) or past its deadline, or the job's signal aborts. */
function watchRun(database: Database, runId: string, deadline: number, outer: AbortSignal) {
  const controller = new AbortController();
  let reason: 'cancelled' | 'timed_out' | 'shutdown' | undefined;
  const stop = (why: typeof reason) => {
    reason ??= why;
    controller.abort(new Error(why));
  };
  const onOuter = () => stop('shutdown');
  outer.addEventListener('abort', onOuter, { once: true });
  const timer = setInterval(async () => {
    if (Date.now() > deadline) return stop('timed_out');
    const run = await findRun(database.db, runId).catch(() => undefined);
    if (run && run.status !== 'running') stop('cancelled');
  }, CANCEL_POLL_MS);
  return {
    signal: controller.signal,
    reason: () => reason,
    close() {
      clearInterval(timer);
      outer.removeEventListener('abort', onOuter);
    },
  };
}

/** What an attempt needs besides its fields: the database, the configuration and where it runs. */
interface AttemptDeps {
  database: Database;
  config: Config;
  run: ActionRun;
  savedBy: string | null;
}

async function attempt(
  deps: AttemptDeps,
  kind: ActionKind,
  fields: unknown,
  timeoutMs: number,
  runSignal: AbortSignal,
  log: ActionLog,
  secrets: readonly string[],
): Promise<Outcome> {
  const limit = deadline(timeoutMs, runSignal);
  const signal = limit.signal;
  try {
    const parsed = kind.schema.safeParse(fields);
    if (!parsed.success) {
      const words = parsed.error.issues.map((i) => `${i.path.join('.') || kind.type}: ${i.message}`);
      return { ok: false, status: 'failed', error: `Invalid ${kind.type} action: ${words.join('; ')}` };
    }
    return {
      ok: true,
      output: await kind.run(parsed.data, {
        ...deps,
        signal,
        log: log.log,
        redact: (text) => redactSecrets(text, secrets),
      }),
    };
  } catch (error) {
    if (limit.timedOut) {
      return { ok: false, status: 'timed_out', error: `Timed out after ${timeoutMs} ms` };
    }
    return {
      ok: false,
      status: runSignal.aborted ? 'cancelled' : 'failed',
      error: message(error),
      output: outputOf(error),
    };
  } finally {
    limit.dispose();
  }
}

async function runAction(
  deps: { database: Database; config: Config; run: PlaybookRunRow; savedBy: string | null },
  action: PlaybookAction,
  data: TemplateData,
  runSignal: AbortSignal,
  logs: { writer: RunLogWriter; secrets: readonly string[] },
): Promise<Outcome | 'skipped'> {
  const { database } = deps;
  const runId = deps.run.id;
  const type = actionTypeOf(action);
  const kind = typeof type === 'string' ? ACTION_KINDS[type] : undefined;
  if (action.if !== undefined) {
    const verdict = renderTemplate(action.if, data).trim().toLowerCase();
    if (['', 'false', '0'].includes(verdict)) {
      const id = await startAction(database.db, runId, action.name, 0);
      await finishAction(database.db, id, 'skipped', null, null);
      return 'skipped';
    }
  }
  const tries = 1 + (action.retry?.limit ?? 0);
  const pause = durationMs(action.retry?.duration) ?? 0;
  let outcome: Outcome = { ok: false, status: 'failed', error: 'not run' };
  for (let n = 0; n < tries; n += 1) {
    if (n > 0 && pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    if (runSignal.aborted) break;
    const id = await startAction(database.db, runId, action.name, n);
    if (!kind || typeof type !== 'string') {
      outcome = { ok: false, status: 'failed', error: `The action type of ${action.name} is not built yet` };
    } else {
      let fields: unknown;
      let secrets = logs.secrets;
      let actionLog: ActionLog | undefined;
      try {
        fields = renderFields(action[type], data);
        secrets = [...logs.secrets, ...secretEnv(fields)];
        actionLog = logs.writer.forAction(id, action.name, secrets);
        const run: ActionRun = { id: runId, actionId: id, resource: resourceOf(deps.run) };
        outcome = await attempt(
          { database, config: deps.config, run, savedBy: deps.savedBy },
          kind,
          fields,
          durationMs(action.timeout) ?? DEFAULT_ACTION_TIMEOUT_MS,
          runSignal,
          actionLog,
          secrets,
        );
      } catch (error) {
        outcome = { ok: false, status: 'failed', error: message(error) };
      } finally {
        await actionLog?.end();
      }
      outcome = redactDeep(outcome, secrets);
    }
    await finishAction(
      database.db,
      id,
      outcome.ok ? 'completed' : outcome.status,
      outcome.output ?? null,
      outcome.ok ? null : outcome.error,
    );
    if (outcome.ok || outcome.status === 'cancelled') break;
  }
  return outcome;
}

/**
 * Executes (or resumes) a run; the job's history row counts its actions. `config` is the server's (the
 * job passes its own); callers without one (tests) get the defaults, secrets then coming from the
 * environment's MC_SECRET_KEY.
 */
export async function executeRun(
  database: Database,
  runId: string,
  signal: AbortSignal,
  config: Config = loadConfig({}),
): Promise<JobResult> {
  const run = await findRun(database.db, runId);
  if (!run || !['scheduled', 'running'].includes(run.status)) return { status: 'SKIPPED' };
  if (!(await transitionRun(database.db, runId, ['scheduled', 'running'], 'running', { start: true }))) {
    return { status: 'SKIPPED' };
  }
  const spec = playbookSpecSchema.parse(run.spec);
  let secretValues: Record<string, string>;
  try {
    secretValues = openSecretParams(run.parameters_secret, config);
  } catch {
    const error = 'The secret parameters of this run cannot be decrypted with the server key';
    await transitionRun(database.db, runId, ['running'], 'failed', { end: true, error });
    return { status: 'WARNING', errorCount: 1, details: { errors: [error] } };
  }
  const params = { ...run.parameters, ...secretValues };
  const savedBy = await playbookSaver(database.db, run.playbook_id);
  const data = await templateData(database, run, params);
  const outputs = data.outputs as Record<string, unknown>; // built just above as an object
  const done = await actionsOf(database.db, runId);
  const started = (await findRun(database.db, runId))?.start_time;
  const deadline = new Date(started ?? Date.now()).getTime() + Number(BigInt(run.timeout) / 1_000_000n);
  const logs = { writer: await RunLogWriter.open(database, runId), secrets: secretParams(spec, params) };
  const watch = watchRun(database, runId, deadline, signal);
  let completed = 0;
  try {
    for (const action of spec.actions) {
      const before = done.filter((a) => a.name === action.name);
      if (before.some((a) => a.status === 'completed')) {
        outputs[action.name] = before.find((a) => a.status === 'completed')?.result ?? {};
        completed += 1;
        continue;
      }
      if (before.some((a) => a.status === 'skipped')) continue;
      const interrupted = before.find((a) => a.status === 'running');
      if (interrupted) {
        await finishAction(database.db, interrupted.id, 'failed', null, 'Interrupted by a server restart');
        if (!action.idempotent) {
          const error = `Action ${action.name} was interrupted by a server restart and is not declared idempotent`;
          await transitionRun(database.db, runId, ['running'], 'failed', { end: true, error });
          return { status: 'WARNING', errorCount: 1, details: { errors: [error] } };
        }
      }
      const outcome = await runAction({ database, config, run, savedBy }, action, data, watch.signal, logs);
      if (outcome === 'skipped') continue;
      if (!outcome.ok) {
        const why = watch.reason();
        if (why === 'cancelled') return { status: 'SUCCESS', details: { summary: 'cancelled' } };
        if (why === 'shutdown') throw new Error('Shutting down: the run resumes on the next attempt');
        const status = why === 'timed_out' ? 'timed_out' : 'failed';
        const error = `Action ${action.name}: ${outcome.error}`;
        await transitionRun(database.db, runId, ['running'], status, { end: true, error });
        return { status: 'WARNING', successCount: completed, errorCount: 1, details: { errors: [error] } };
      }
      outputs[action.name] = outcome.output;
      completed += 1;
    }
    await transitionRun(database.db, runId, ['running'], 'completed', { end: true });
    return { successCount: completed };
  } finally {
    watch.close();
  }
}
