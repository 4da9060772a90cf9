/**
 * What happens to one event under one rule, in upstream's order: the rule's filter, a silence, an
 * inhibiting parent failure, wait-for, the repeat interval, grouping — then a message to send. Each
 * outcome is one send-history row; only `pending` and `evaluating-waitfor` rows go on to the sender.
 */
import { createHash } from 'node:crypto';
import { type NotificationSendStatus, parseDurationMs } from '@mc/contracts';
import { evaluateExpression } from '../health/index.js';
import { type EventResource, heldObject, isFailureEvent, kindOfEvent } from './event-resources.js';
import { variablesFor } from './filter-variables.js';
import { lastDelivered, parentFailure } from './history.repo.js';
import { type Ancestors, ancestorsOf } from './relations.repo.js';
import type { RuleRow } from './rules.repo.js';
import { type SilenceScope, silenceCovers } from './silence-match.js';
import type { Sql } from './sql.js';
import { DEFAULT_TEMPLATES, renderTemplate } from './templates.js';

/** How long a parent's failure inhibits its children when the rule sets no repeat interval. */
export const DEFAULT_INHIBITION_WINDOW_MS = 60 * 60_000;
/** How long a group collects a burst when the rule sets no group-by interval. */
export const DEFAULT_GROUP_WINDOW_MS = 60_000;

/** The outcome for one rule. */
export interface Decision {
  status: NotificationSendStatus;
  title: string;
  body: string;
  silencedBy?: string;
  /** Held by a maintenance window (status `silenced`, no silence row). */
  maintenanceWindowId?: string;
  parentId?: string;
  notBefore?: Date;
  /** Set when the rule groups: the group's id (a hash of the rule and the group-by values). */
  groupId?: string;
  error?: string;
}

/** Lazily loaded ancestors of the resource (silences and inhibitions share them). */
export type AncestorsOf = () => Promise<Ancestors>;

/** A memo of {@link ancestorsOf} for one resource (for an SLO: of its check or component, which holds match). */
export function ancestorsMemo(db: Sql, resource: EventResource): AncestorsOf {
  const object = heldObject(resource);
  let memo: Promise<Ancestors> | undefined;
  return () => {
    memo ??= ancestorsOf(db, object.kind, object.id, resource.env);
    return memo;
  };
}

/** True when the rule's filter accepts the event; a failing filter is an error recorded on the rule. */
export function filterAccepts(rule: RuleRow, resource: EventResource): { ok: boolean; error?: string } {
  if (!rule.filter) return { ok: true };
  try {
    return { ok: evaluateExpression(rule.filter, variablesFor(rule.filter, resource.env)) === true };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** The title and body of a rule's message about `resource`. */
export function renderMessage(rule: RuleRow, event: string, resource: EventResource): { title: string; body: string } {
  const defaults = DEFAULT_TEMPLATES[kindOfEvent(event) ?? resource.kind];
  return {
    title: renderTemplate(rule.title ?? defaults.title, resource.env).trim() || event,
    body: renderTemplate(rule.template ?? defaults.body, resource.env).trim(),
  };
}

/** What holds messages: a silence, or a maintenance window under way (`maintenance`). */
export type Hold = SilenceScope & { id: string; maintenance?: boolean };

/** The first silence covering the resource, if any. */
export async function coveringSilence<S extends Hold>(
  silences: readonly S[],
  resource: EventResource,
  ancestors: AncestorsOf,
): Promise<S | undefined> {
  if (silences.length === 0) return undefined;
  const known = await ancestors();
  return silences.find((silence) => silenceCovers(silence, resource, known));
}

/** The repeat interval of a rule in ms (0 when none). */
export const repeatMs = (rule: RuleRow): number =>
  rule.repeat_interval ? (parseDurationMs(rule.repeat_interval) ?? 0) : 0;

function groupKey(rule: RuleRow, resource: EventResource): string | undefined {
  if (!rule.group_by?.length) return undefined;
  const values = rule.group_by.map((path) => {
    let value: unknown = resource.env;
    for (const part of path.split('.')) {
      value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined; // JSON walk
    }
    return JSON.stringify(value ?? null);
  });
  const hash = createHash('sha1')
    .update(`${rule.id}\n${values.join('\n')}`)
    .digest('hex');
  return `${hash.slice(0, 8)}-${hash.slice(8, 12)}-5${hash.slice(13, 16)}-a${hash.slice(17, 20)}-${hash.slice(20, 32)}`;
}

/** Decides the outcome of `event` about `resource` under `rule` at `now`. Undefined: the filter refuses it. */
export async function decide(
  db: Sql,
  rule: RuleRow,
  event: string,
  resource: EventResource,
  silences: readonly Hold[],
  ancestors: AncestorsOf,
  now: Date,
): Promise<Decision | undefined> {
  const filter = filterAccepts(rule, resource);
  if (!filter.ok) return filter.error ? { status: 'skipped', title: event, body: '', error: filter.error } : undefined;
  const message = renderMessage(rule, event, resource);
  const silence = await coveringSilence(silences, resource, ancestors);
  if (silence?.maintenance) return { ...message, status: 'silenced', maintenanceWindowId: silence.id };
  if (silence) return { ...message, status: 'silenced', silencedBy: silence.id };
  if (rule.inhibitions?.length && isFailureEvent(event)) {
    const known = await ancestors();
    const window = repeatMs(rule) || DEFAULT_INHIBITION_WINDOW_MS;
    const parent = await parentFailure(
      db,
      rule.id,
      [...known.components, ...known.configs],
      new Date(now.getTime() - window),
    );
    if (parent) return { ...message, status: 'inhibited', parentId: parent.id };
  }
  const waitFor = Number(rule.wait_for ?? 0);
  if (waitFor > 0)
    return { ...message, status: 'evaluating-waitfor', notBefore: new Date(now.getTime() + waitFor * 1000) };
  const repeat = repeatMs(rule);
  if (repeat > 0 && (await lastDelivered(db, rule.id, resource.id, event, new Date(now.getTime() - repeat)))) {
    return { ...message, status: 'repeat-interval' };
  }
  const groupId = groupKey(rule, resource);
  if (groupId) {
    const window = Number(rule.group_by_interval ?? 0) * 1000 || DEFAULT_GROUP_WINDOW_MS;
    return { ...message, status: 'pending', groupId, notBefore: new Date(now.getTime() + window) };
  }
  return { ...message, status: 'pending' };
}
