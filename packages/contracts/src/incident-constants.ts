// The incident enums, limits and labels, apart from the zod schemas in incidents.ts: the console's
// incident pages read these without bringing zod into their first load.
import { capitalise } from './text-case.js';

/** Incident statuses (spec 000 §4); a new incident defaults to {@link DEFAULT_INCIDENT_STATUS}. */
export const INCIDENT_STATUSES = ['new', 'open', 'investigating', 'mitigated', 'resolved', 'closed'] as const;
/** One incident status. */
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];
/** What a new incident starts as (spec 000 §4). */
export const DEFAULT_INCIDENT_STATUS: IncidentStatus = 'open';

/** Incident severities, the superset of both spec documents (spec README), mildest first. */
export const INCIDENT_SEVERITIES = ['info', 'warning', 'low', 'medium', 'high', 'critical', 'blocker'] as const;
/** One incident severity. */
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];
/** Numeric severity codes 0–4 as the display maps them (spec 001 §4). */
export const SEVERITY_CODES: readonly IncidentSeverity[] = ['low', 'medium', 'high', 'blocker', 'critical'];

/** Incident types (spec 001 §4). */
export const INCIDENT_TYPES = [
  'cost',
  'availability',
  'performance',
  'security',
  'integration',
  'compliance',
  'technicalDebt',
  'reliability',
] as const;
/** One incident type. */
export type IncidentType = (typeof INCIDENT_TYPES)[number];

/** Hypothesis statuses (spec 000 §4), most to least likely. */
export const HYPOTHESIS_STATUSES = ['proven', 'likely', 'possible', 'unlikely', 'improbable', 'disproven'] as const;
/** One hypothesis status. */
export type HypothesisStatus = (typeof HYPOTHESIS_STATUSES)[number];
/** The hypothesis tree levels: a root has factors, a factor has solutions (spec 000 §4). */
export const HYPOTHESIS_TYPES = ['root', 'factor', 'solution'] as const;
/** One hypothesis level. */
export type HypothesisType = (typeof HYPOTHESIS_TYPES)[number];

/** Evidence types (spec 000 §4). */
export const EVIDENCE_TYPES = [
  'log',
  'config',
  'topology',
  'check',
  'config_analysis',
  'config_change',
  'comment',
] as const;
/** One evidence type. */
export type EvidenceType = (typeof EVIDENCE_TYPES)[number];
/** The link column an evidence type needs (log and comment evidence need none). */
export const EVIDENCE_LINK_COLUMN: Readonly<Partial<Record<EvidenceType, EvidenceLinkColumn>>> = {
  config: 'config_id',
  topology: 'component_id',
  check: 'check_id',
  config_analysis: 'config_analysis_id',
  config_change: 'config_change_id',
};
/** The columns that link evidence to a resource. */
export const EVIDENCE_LINK_COLUMNS = [
  'config_id',
  'config_change_id',
  'config_analysis_id',
  'component_id',
  'check_id',
] as const;
/** One evidence link column. */
export type EvidenceLinkColumn = (typeof EVIDENCE_LINK_COLUMNS)[number];

/** Responder kinds: a person or a team (spec 000 §3). */
export const RESPONDER_TYPES = ['person', 'team'] as const;

/** incident_histories types: every incident event name of spec 000 §4. */
export const INCIDENT_HISTORY_TYPES = [
  'incident.created',
  'responder.created',
  'evidence.created',
  'incident.status_updated',
  'evidence.done_definition_added',
  'incident_status.updated',
  'responder.commented',
  'hypothesis.created',
  'hypothesis.status_updated',
] as const;
/** One history type. */
export type IncidentHistoryType = (typeof INCIDENT_HISTORY_TYPES)[number];

/** Event-queue names the incident area emits for notifications (upstream mission-control event names). */
export const INCIDENT_EVENTS = {
  created: 'incident.created',
  responderAdded: 'incident.responder.added',
  responderRemoved: 'incident.responder.removed',
  commentAdded: 'incident.comment.added',
  /** Followed by the new status: `incident.status.mitigated`. */
  statusPrefix: 'incident.status.',
} as const;

/** Default page size of the incident list (spec 001 §9 table default). */
export const INCIDENT_PAGE_SIZE = 50;
/** Largest page of the incident list. */
export const INCIDENT_MAX_PAGE_SIZE = 500;
/** Columns the incident list sorts by. */
export const INCIDENT_SORT_COLUMNS = [
  'created_at',
  'updated_at',
  'title',
  'severity',
  'status',
  'type',
  'incident_id',
] as const;

/** Accepts a severity name in any case or a numeric code 0–4 and returns the stored name (or the input). */
export function normalizeSeverity(value: unknown): unknown {
  if (typeof value === 'number' && Number.isInteger(value)) return SEVERITY_CODES[value] ?? value;
  if (typeof value !== 'string') return value;
  if (/^[0-4]$/.test(value.trim())) return SEVERITY_CODES[Number(value.trim())];
  return value.trim().toLowerCase();
}

/** The display label of a severity value or code ("Low", "Critical"). */
export function severityLabel(value: string | number): string {
  const name = normalizeSeverity(value);
  return typeof name === 'string' ? capitalise(name) : String(value);
}

/** "Unknown incident status 'x'. Expected one of: new, open, …" — the 400 message for any bad enum value. */
export function unknownValueMessage(what: string, value: unknown, allowed: readonly string[]): string {
  return `Unknown ${what} '${String(value)}'. Expected one of: ${allowed.join(', ')}`;
}

/** Longest incident or hypothesis title the API accepts. */
export const INCIDENT_TITLE_MAX = 500;

/** The messages of incident input rules, shared by the API's schemas and the console's forms. */
export const INCIDENT_INPUT_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: `Title is too long (${INCIDENT_TITLE_MAX} characters at most)`,
  commentRequired: 'Comment is required',
  commentTooLong: 'Comment is too long (20,000 characters at most)',
  descriptionTooLong: 'Description is too long (20,000 characters at most)',
} as const;
