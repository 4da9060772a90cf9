import { z } from 'zod';
import {
  DEFAULT_INCIDENT_STATUS,
  EVIDENCE_TYPES,
  type EvidenceType,
  HYPOTHESIS_STATUSES,
  HYPOTHESIS_TYPES,
  type HypothesisStatus,
  type HypothesisType,
  INCIDENT_INPUT_MESSAGES,
  INCIDENT_MAX_PAGE_SIZE,
  INCIDENT_PAGE_SIZE,
  INCIDENT_SEVERITIES,
  INCIDENT_SORT_COLUMNS,
  INCIDENT_STATUSES,
  INCIDENT_TITLE_MAX,
  INCIDENT_TYPES,
  type IncidentHistoryType,
  type IncidentSeverity,
  type IncidentStatus,
  type IncidentType,
  normalizeSeverity,
  unknownValueMessage,
} from './incident-constants.js';
import { LINK_TO_INCIDENT } from './incident-link-texts.js';

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
const title = z
  .string()
  .trim()
  .min(1, INCIDENT_INPUT_MESSAGES.titleRequired)
  .max(INCIDENT_TITLE_MAX, INCIDENT_INPUT_MESSAGES.titleTooLong);
const description = z.string().max(20000, INCIDENT_INPUT_MESSAGES.descriptionTooLong);

/** `POST /api/incidents`. */
export const createIncidentSchema = z.strictObject({
  title,
  description: description.default(''),
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
  description: description.optional(),
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
  description: description.default(''),
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
  description: description.optional(),
  definition_of_done: z.boolean().optional(),
  done: z.boolean().optional(),
  script: z.string().max(20000).nullish(),
});

/** `POST /api/incidents/{id}/comments`: on the incident, or on one of its hypotheses. */
export const createCommentSchema = z.strictObject({
  comment: z
    .string()
    .trim()
    .min(1, INCIDENT_INPUT_MESSAGES.commentRequired)
    .max(20000, INCIDENT_INPUT_MESSAGES.commentTooLong),
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
        description: description.default(''),
        type: incidentTypeSchema,
        severity: incidentSeveritySchema,
      })
      .nullish(),
    hypothesisId: id.nullish(),
    type: evidenceTypeSchema,
    description: description.default(''),
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
  | { kind: 'component'; id: string; name: string; status: string; health: string | null; deleted: boolean }
  /** A resource its reader may not read: no id, name or status (docs/incidents.md). */
  | { kind: 'hidden'; of: 'check' | 'config' | 'config_change' | 'config_analysis' | 'component' };

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
