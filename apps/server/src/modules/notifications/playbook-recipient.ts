/**
 * A playbook as a rule's recipient: instead of a message, the rule runs a playbook on the event's
 * resource (check, catalog item or component) with the rule's parameters, through the playbooks
 * module's run service (given at the composition root as playbook-runs-port.ts) — so the run obeys every rule of `POST /api/playbook/run` (the playbook applies
 * to the resource, parameters, action types, approval). Checked when the rule is saved: the playbook
 * exists, runs on the kinds of the rule's events, takes the given parameters, and the author may run it.
 */
import {
  NOTIFICATION_EVENTS,
  type NotificationDocument,
  PLAYBOOK_RECIPIENT_KINDS,
  type PlaybookParameter,
  playbookParameterSchema,
  playbookParamsProblems,
} from '@mc/contracts';
import type { Database } from '@mc/db';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { linearPatternTest } from '../../platform/linear-regex.js';
import type { HistoryRow } from './history.repo.js';
import { livePlaybook, runStartedBy } from './playbook-recipient.repo.js';
import { startRulePlaybookRun } from './playbook-runs-port.js';
import type { RuleRow } from './rules.repo.js';
import type { Sql } from './sql.js';
import { renderTemplate } from './templates.js';

/** Whether the rule's author may run a playbook (`playbook:run` on it); asked when a rule is saved. */
export type MayRunPlaybook = (playbookId: string) => Promise<boolean>;

const SELECTOR_KEY = { check: 'checks', config: 'configs', component: 'components' } as const;
const KIND_WORDS: Record<string, string> = {
  check: 'checks',
  config: 'catalog items',
  component: 'components',
  incident: 'incidents',
  playbook_run: 'playbook runs',
};
type RunnableKind = (typeof PLAYBOOK_RECIPIENT_KINDS)[number];

const parametersSchema = z.array(playbookParameterSchema);
const isRunnable = (kind: string): kind is RunnableKind =>
  (PLAYBOOK_RECIPIENT_KINDS as readonly string[]).includes(kind);
const isTemplate = (value: unknown): boolean => typeof value === 'string' && value.includes('{{');

/**
 * The id of the playbook a rule document names, after every save-time check: 400 for an unknown
 * playbook, an event it cannot run on, or bad parameters; 403 when the author may not run it.
 */
export async function resolvePlaybookRecipient(
  db: Sql,
  doc: NotificationDocument,
  mayRun: MayRunPlaybook,
): Promise<string> {
  const ref = doc.spec.to.playbook ?? '';
  const playbook = await livePlaybook(db, ref);
  if (!playbook) throw new AppError('bad_request', `to.playbook: no playbook '${ref}'`);
  for (const event of doc.spec.events) {
    const kind: string = NOTIFICATION_EVENTS[event];
    if (!isRunnable(kind)) {
      throw new AppError(
        'bad_request',
        `to.playbook: a playbook runs on a check, catalog item or component; ${event} is about ${KIND_WORDS[kind] ?? kind}`,
      );
    }
    const selectors = playbook.spec?.[SELECTOR_KEY[kind]];
    if (!Array.isArray(selectors) || selectors.length === 0) {
      throw new AppError(
        'bad_request',
        `to.playbook: playbook ${playbook.name} does not run on ${KIND_WORDS[kind]} (no ${SELECTOR_KEY[kind]} selector), so it cannot answer ${event}`,
      );
    }
  }
  const parsed = parametersSchema.safeParse(playbook.spec?.parameters ?? []);
  const parameters: PlaybookParameter[] = parsed.success ? parsed.data : [];
  const given = doc.spec.to.params ?? {};
  const unknown = Object.keys(given).filter((name) => !parameters.some((p) => p.name === name));
  if (unknown.length > 0) {
    throw new AppError('bad_request', `to.params: playbook ${playbook.name} has no parameter ${unknown.join(', ')}`);
  }
  // A placeholder is only known when the event arrives; the run checks the rendered value then.
  const problems = Object.entries(playbookParamsProblems(parameters, given, linearPatternTest)).filter(
    ([name]) => !isTemplate(given[name]),
  );
  if (problems.length > 0) {
    throw new AppError(
      'bad_request',
      `to.params: ${problems.map(([name, problem]) => `${name}: ${problem}`).join('; ')}`,
    );
  }
  if (!(await mayRun(playbook.id))) {
    throw new AppError('forbidden', `You do not have permission to run playbook ${playbook.name}`);
  }
  return playbook.id;
}

/** The rule's playbook parameters with their placeholders rendered over the event's variables. */
export function renderPlaybookParams(rule: RuleRow, env: Record<string, unknown>): Record<string, unknown> {
  const to = rule.properties?.to as { params?: Record<string, unknown> } | undefined; // the stored `to` of the document
  return Object.fromEntries(
    Object.entries(to?.params ?? {}).map(([name, value]) => [
      name,
      typeof value === 'string' ? renderTemplate(value, env) : value,
    ]),
  );
}

/** The system actor a history row's run is started (and audited) as: one per row. */
export const playbookActorName = (historyId: string): string => `notification:${historyId}`;

/**
 * Runs the rule's playbook for history row `row`, the run linked to the row (`notification_send_id`);
 * answers the run's id. Exactly once per row: the run
 * and its audit row (actor `notification:<row id>`) commit together, so a retry after a crash finds
 * the run it started instead of starting a second one. A refusal of the run service (the playbook no
 * longer applies, a parameter breaks a rule) is an {@link AppError} that no retry can fix.
 */
export async function runRulePlaybook(database: Database, row: HistoryRow, rule: RuleRow): Promise<string> {
  const actor = { kind: 'system', name: playbookActorName(row.id) } as const;
  const started = await runStartedBy(database.pool, actor.name);
  if (started) return started;
  const kind: string = NOTIFICATION_EVENTS[row.source_event as keyof typeof NOTIFICATION_EVENTS] ?? '';
  if (!isRunnable(kind) || !rule.playbook_id) {
    throw new AppError('bad_request', `A playbook cannot run on the resource of ${row.source_event}`);
  }
  const params = row.payload?.params;
  return startRulePlaybookRun(
    database,
    {
      id: rule.playbook_id,
      check_id: kind === 'check' ? row.resource_id : undefined,
      config_id: kind === 'config' ? row.resource_id : undefined,
      component_id: kind === 'component' ? row.resource_id : undefined,
      params: params && typeof params === 'object' ? (params as Record<string, unknown>) : {}, // written by the consumer
    },
    actor.name,
    row.id,
  );
}
