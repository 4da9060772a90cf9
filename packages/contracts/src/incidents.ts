import { z } from 'zod';
import { LINK_TO_INCIDENT } from './incident-link-texts.js';
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

function enumOf<T extends readonly [string, ...string[]]>(what: string, values: T) {
  return z.enum(values, { error: (issue) => unknownValueMessage(what, issue.input, values) });
}

/** Schemas of single enum values, each failing with {@link unknownValueMessage}. */
export const incidentStatusSchema = enumOf('incident status', INCIDENT_STATUSES);
export const incidentSeveritySchema = z.preprocess(normalizeSeverity, enumOf('incident severity', INCIDENT_SEVERITIES));
export const incidentTypeSchema = enumOf('incident type', INCIDENT_TYPES);
export const hypothesisStatusSchema = enumOf('hypothesis status', HYPOTHESIS_STATUSES);
export const hypothesisTypeSchema = enumOf('hypothesis type', HYPOTHESIS_TYPES);
export const evidenceTypeSchema = enumOf('evidence type', EVIDENCE_TYPES);

const id = z.guid({ error: 'Must be a valid id' });
const title = z.string().trim().min(1, 'Title is required').max(500);

/** `POST /api/incidents`. */
export const createIncidentSchema = z.strictObject({
  title,
  description: z.string().max(20000).default(''),
  type: incidentTypeSchema,
  severity: incidentSeveritySchema,
  status: incidentStatusSchema.default(DEFAULT_INCIDENT_STATUS),
  commander_id: id.nullish(),
  communicator_id: id.nullish(),
});
/** A create-incident body. */
export type CreateIncident = z.input<typeof createIncidentSchema>;

/** `PATCH /api/incidents/{id}`: any subset of the editable fields. */
export const updateIncidentSchema = z.strictObject({
  title: title.optional(),
  description: z.string().max(20000).optional(),
  type: incidentTypeSchema.optional(),
  severity: incidentSeveritySchema.optional(),
  status: incidentStatusSchema.optional(),
  commander_id: id.nullish(),
  communicator_id: id.nullish(),
});
/** An update-incident body. */
export type UpdateIncident = z.input<typeof updateIncidentSchema>;

/** `POST /api/incidents/{id}/hypotheses`: new ones default to root and possible. */
export const createHypothesisSchema = z.strictObject({
  title,
  type: hypothesisTypeSchema.default('root'),
  status: hypothesisStatusSchema.default('possible'),
  parent_id: id.nullish(),
});
/** A create-hypothesis body. */
export type CreateHypothesis = z.input<typeof createHypothesisSchema>;

/** `PATCH /api/incidents/{id}/hypotheses/{hid}`: edited in place. */
export const updateHypothesisSchema = z.strictObject({
  title: title.optional(),
  status: hypothesisStatusSchema.optional(),
});

const linkFields = {
  config_id: id.nullish(),
  config_change_id: id.nullish(),
  config_analysis_id: id.nullish(),
  component_id: id.nullish(),
  check_id: id.nullish(),
};

/** `POST /api/incidents/{id}/evidences`. */
export const createEvidenceSchema = z.strictObject({
  hypothesis_id: id,
  description: z.string().max(20000).default(''),
  type: evidenceTypeSchema,
  evidence: z.record(z.string(), z.unknown()).nullish(),
  properties: z.record(z.string(), z.unknown()).nullish(),
  definition_of_done: z.boolean().default(false),
  done: z.boolean().default(false),
  script: z.string().max(20000).nullish(),
  ...linkFields,
});
/** A create-evidence body. */
export type CreateEvidence = z.input<typeof createEvidenceSchema>;

/** `PATCH /api/incidents/{id}/evidences/{eid}`: the done toggles, description and script. */
export const updateEvidenceSchema = z.strictObject({
  description: z.string().max(20000).optional(),
  definition_of_done: z.boolean().optional(),
  done: z.boolean().optional(),
  script: z.string().max(20000).nullish(),
});

/** `POST /api/incidents/{id}/comments`: on the incident, or on one of its hypotheses. */
export const createCommentSchema = z.strictObject({
  comment: z.string().trim().min(1, 'Comment is required').max(20000),
  hypothesis_id: id.nullish(),
});

/** `POST /api/incidents/{id}/responders`: exactly one of person_id or team_id. */
export const addResponderSchema = z
  .strictObject({ person_id: id.optional(), team_id: id.optional() })
  .refine((body) => (body.person_id ? 1 : 0) + (body.team_id ? 1 : 0) === 1, {
    error: 'A responder is a person or a team: give exactly one of person_id or team_id',
  });

/**
 * `POST /api/incidents/link`: the link-to-incident flow as one call (spec 001 §3 payload, §4 order).
 * Either `incident_id` of an existing incident, or `incident` to create one.
 */
export const linkEvidenceSchema = z
  .strictObject({
    incident_id: id.nullish(),
    incident: z
      .strictObject({
        title,
        description: z.string().max(20000).default(''),
        type: incidentTypeSchema,
        severity: incidentSeveritySchema,
      })
      .nullish(),
    hypothesisId: id.nullish(),
    type: evidenceTypeSchema,
    description: z.string().max(20000).default(''),
    evidence: z.record(z.string(), z.unknown()).nullish(),
    ...linkFields,
  })
  .refine((body) => !!body.incident_id !== !!body.incident, { error: LINK_TO_INCIDENT.messages.incident });
/** A link-to-incident body. */
export type LinkEvidence = z.input<typeof linkEvidenceSchema>;

/** `POST /api/incidents/link` answer: where the evidence went. */
export interface LinkEvidenceResult {
  incident_id: string;
  incident_number: string;
  hypothesis_id: string;
  evidence_id: string;
}

const csv = <T extends readonly [string, ...string[]]>(what: string, values: T) =>
  z
    .string()
    .transform((raw) =>
      raw
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    )
    .pipe(z.array(enumOf(what, values)));

/** `GET /api/incidents` query: filters (comma lists), time range, paging and sorting. */
export const listIncidentsQuerySchema = z.object({
  status: csv('incident status', INCIDENT_STATUSES).optional(),
  severity: z
    .string()
    .transform((raw) => raw.split(',').map((v) => normalizeSeverity(v.trim())))
    .pipe(z.array(enumOf('incident severity', INCIDENT_SEVERITIES)))
    .optional(),
  type: csv('incident type', INCIDENT_TYPES).optional(),
  commander: id.optional(),
  search: z.string().max(200).optional(),
  from: z.iso.datetime({ offset: true, error: 'from must be an ISO date-time' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'to must be an ISO date-time' }).optional(),
  sortBy: enumOf('sort column', INCIDENT_SORT_COLUMNS).default('created_at'),
  sortOrder: z.enum(['asc', 'desc'], { error: "sortOrder must be 'asc' or 'desc'" }).default('desc'),
  pageIndex: z.coerce.number().int().min(0, 'pageIndex must be 0 or more').default(0),
  pageSize: z.coerce.number().int().min(1).max(INCIDENT_MAX_PAGE_SIZE).default(INCIDENT_PAGE_SIZE),
});
/** Parsed list query. */
export type ListIncidentsQuery = z.output<typeof listIncidentsQuerySchema>;

/** A person or team as shown beside an incident. */
export interface IncidentPerson {
  id: string;
  name: string;
  avatar: string | null;
  type?: 'person' | 'team';
  /** On a responder: the responders row (to remove it). */
  responder_id?: string;
}

/** One row of `incident_summary` (upstream view shape) and of the incident list. */
export interface IncidentSummary {
  id: string;
  incident_id: string;
  title: string;
  description: string;
  severity: IncidentSeverity;
  type: IncidentType;
  status: IncidentStatus;
  created_at: string;
  updated_at: string;
  commander: IncidentPerson | null;
  communicator: IncidentPerson | null;
  responders: IncidentPerson[];
  commenters: IncidentPerson[];
}

/** `GET /api/incidents` answer. */
export interface IncidentPage {
  data: IncidentSummary[];
  total: number;
}

/** A hypothesis as the detail page shows it. */
export interface IncidentHypothesisView {
  id: string;
  incident_id: string;
  parent_id: string | null;
  type: HypothesisType;
  title: string;
  status: HypothesisStatus;
  created_at: string;
  updated_at: string;
  created_by: IncidentPerson | null;
}

/** The resource an evidence links to, as it is now (spec 000 §3; issue 7 item 3). */
export type EvidenceResource =
  | {
      kind: 'check';
      id: string;
      name: string;
      type: string;
      status: string | null;
      last_runtime: string | null;
      deleted: boolean;
      uptime: { passed: number; failed: number };
    }
  | {
      kind: 'config';
      id: string;
      name: string | null;
      type: string;
      health: string | null;
      status: string | null;
      deleted: boolean;
    }
  | {
      kind: 'config_change';
      id: string;
      change_type: string | null;
      summary: string | null;
      severity: string | null;
      diff: string | null;
      created_at: string;
      config_id: string;
      config_name: string | null;
      config_type: string | null;
    }
  | {
      kind: 'config_analysis';
      id: string;
      analyzer: string;
      message: string | null;
      severity: string | null;
      status: string | null;
      config_id: string;
      config_name: string | null;
    }
  | { kind: 'component'; id: string; name: string; status: string; health: string | null; deleted: boolean };

/** An evidence row with its live resource. */
export interface IncidentEvidenceView {
  id: string;
  hypothesis_id: string;
  description: string;
  type: EvidenceType;
  evidence: Record<string, unknown> | null;
  properties: Record<string, unknown> | null;
  config_id: string | null;
  config_change_id: string | null;
  config_analysis_id: string | null;
  component_id: string | null;
  check_id: string | null;
  definition_of_done: boolean;
  done: boolean;
  script: string | null;
  created_at: string;
  created_by: IncidentPerson | null;
  resource: EvidenceResource | null;
}

/** A comment with its author. */
export interface IncidentCommentView {
  id: string;
  incident_id: string;
  hypothesis_id: string | null;
  responder_id: string | null;
  comment: string;
  external_created_by: string | null;
  created_at: string;
  created_by: IncidentPerson | null;
}

/** One timeline entry (incident_histories) with who and when. */
export interface IncidentHistoryView {
  id: string;
  type: IncidentHistoryType;
  description: string | null;
  properties: Record<string, unknown> | null;
  hypothesis_id: string | null;
  evidence_id: string | null;
  comment_id: string | null;
  responder_id: string | null;
  created_at: string;
  created_by: IncidentPerson | null;
}

/** `GET /api/incidents/{id}`: everything the detail page shows, in one answer. */
export interface IncidentDetail {
  incident: IncidentSummary & { acknowledged: string | null; resolved: string | null; closed: string | null };
  hypotheses: IncidentHypothesisView[];
  evidences: IncidentEvidenceView[];
  comments: IncidentCommentView[];
  history: IncidentHistoryView[];
}
