/**
 * canary-checker's transformed checks (checks/common.go `transform`, pkg.TransformedCheckResult): the
 * named entries a check's `transform` returned, read as checks of their own. Each entry takes the parent's
 * type, description and icon unless it names its own, the canary's namespace unless it names one, and
 * upstream's defaults: `pass` false, `duration` 0. Its `detail` becomes the stored details; `deletedAt`
 * retires it; `transformDeleteStrategy` (else the parent's) says what its disappearance records.
 * `start`, `data` and `displayType` are read by upstream for its own templating and display only.
 */
import type { CheckMetric } from '../../../platform/metrics/check-metrics.js';
import type { CheckResult } from '../check-types/check-context.js';
import type { TransformedCheck } from '../expressions/check-expressions.js';
import { transformedMetrics } from '../expressions/check-metric-values.js';

/** What a transformed check records when a later run of its parent no longer returns it. */
export type TransformDeleteStrategy = 'MarkHealthy' | 'MarkUnhealthy' | 'Ignore';

/** One entry read as a check: its row's fields, its run's result and its metrics. */
export interface TransformedEntry {
  /** A uuid the entry names itself by (upstream's `id`): the check's id when it is first stored. */
  id?: string;
  type: string;
  name: string;
  namespace: string;
  description: string | null;
  icon: string | null;
  endpoint: string | null;
  labels: Record<string, string> | null;
  deleteStrategy?: TransformDeleteStrategy;
  deletedAt?: Date;
  result: CheckResult;
  metrics: CheckMetric[];
}

/** The parent check as the entries need it. */
export interface TransformParent {
  type: string;
  name: string;
  spec: unknown;
  canary_namespace: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STRATEGIES = new Set<string>(['MarkHealthy', 'MarkUnhealthy', 'Ignore']);

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

function stringMap(value: unknown): Record<string, string> | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) if (typeof item === 'string') out[key] = item;
  return out;
}

function strategyOf(value: unknown): TransformDeleteStrategy | undefined {
  // One of the three names (checked).
  return typeof value === 'string' && STRATEGIES.has(value) ? (value as TransformDeleteStrategy) : undefined;
}

function detailsOf(detail: unknown): Record<string, unknown> {
  if (detail === undefined || detail === null) return {};
  // A map (checked) is the details as is; anything else is kept under `detail`.
  return typeof detail === 'object' && !Array.isArray(detail) ? (detail as Record<string, unknown>) : { detail };
}

function dateOf(value: unknown): Date | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function entryOf(item: TransformedCheck, parent: TransformParent): TransformedEntry {
  // The parent's spec was validated at save; its description, icon and strategy are optional strings.
  const spec = (parent.spec ?? {}) as { description?: unknown; icon?: unknown; transformDeleteStrategy?: unknown };
  const duration = typeof item.duration === 'number' && item.duration >= 0 ? Math.round(item.duration) : 0;
  const result: CheckResult = {
    status: item.pass === true ? 'healthy' : 'unhealthy',
    duration,
    message: text(item.message) ?? '',
    details: detailsOf(item.detail),
  };
  const error = text(item.error);
  if (error) result.error = error;
  if (item.invalid === true) result.invalid = true;
  let metrics: CheckMetric[] = [];
  if (item.metrics !== undefined) {
    const found = transformedMetrics(item.metrics);
    if ('error' in found) Object.assign(result, { status: 'unhealthy', message: found.error, error: found.error });
    else metrics = found.metrics;
  }
  const id = text(item.id);
  const deleteStrategy = strategyOf(item.transformDeleteStrategy) ?? strategyOf(spec.transformDeleteStrategy);
  const deletedAt = dateOf(item.deletedAt);
  return {
    ...(id && UUID.test(id) ? { id: id.toLowerCase() } : {}),
    type: text(item.type) ?? parent.type,
    name: item.name,
    namespace: text(item.namespace) ?? parent.canary_namespace,
    description: text(item.description) ?? text(spec.description) ?? null,
    icon: text(item.icon) ?? text(spec.icon) ?? null,
    endpoint: text(item.endpoint) ?? null,
    labels: stringMap(item.labels),
    ...(deleteStrategy ? { deleteStrategy } : {}),
    ...(deletedAt ? { deletedAt } : {}),
    result,
    metrics,
  };
}

/**
 * The entries as checks, one per type and name (a later entry of the same name wins, as its row would be
 * written last upstream), and the entries that cannot be one: an entry named as its parent check (upstream
 * refuses that transform too).
 */
export function transformedEntries(
  items: readonly TransformedCheck[],
  parent: TransformParent,
): { entries: TransformedEntry[]; problems: string[] } {
  const byKey = new Map<string, TransformedEntry>();
  const problems: string[] = [];
  for (const item of items) {
    const entry = entryOf(item, parent);
    if (entry.type === parent.type && entry.name === parent.name) {
      problems.push(`transform entry '${entry.name}' has the name of its own check`);
      continue;
    }
    byKey.set(`${entry.type}\u0000${entry.name}`, entry);
  }
  return { entries: [...byKey.values()], problems };
}
