import { z } from 'zod';
import {
  DEFAULT_INCIDENT_STATUS,
  EVIDENCE_TYPES,
  HYPOTHESIS_STATUSES,
  HYPOTHESIS_TYPES,
  INCIDENT_HISTORY_TYPES,
  INCIDENT_INPUT_MESSAGES,
  INCIDENT_MAX_PAGE_SIZE,
  INCIDENT_PAGE_SIZE,
  INCIDENT_SEVERITIES,
  INCIDENT_SORT_COLUMNS,
  INCIDENT_STATUSES,
  INCIDENT_TITLE_MAX,
  INCIDENT_TYPES,
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
  /** Shown on the status pages whose services its evidence names (issue 33). */
  public: z.boolean().optional(),
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
  /** A public update: shown on the status pages of a public incident (issue 33). */
  public: z.boolean().default(false),
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
export const linkEvidenceResultSchema = z.object({
  incident_id: z.string(),
  incident_number: z.string(),
  hypothesis_id: z.string(),
  evidence_id: z.string(),
});
/** Where linked evidence went. */
export type LinkEvidenceResult = z.infer<typeof linkEvidenceResultSchema>;

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
export const incidentPersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  type: z.enum(['person', 'team']).optional(),
  /** On a responder: the responders row (to remove it). */
  responder_id: z.string().optional(),
});
/** A person or team beside an incident. */
export type IncidentPerson = z.infer<typeof incidentPersonSchema>;

/** One row of `incident_summary` (upstream view shape) and of the incident list; also the create and edit answer. */
export const incidentSummarySchema = z.object({
  id: z.string(),
  incident_id: z.string(),
  title: z.string(),
  description: z.string(),
  severity: z.enum(INCIDENT_SEVERITIES),
  type: z.enum(INCIDENT_TYPES),
  status: z.enum(INCIDENT_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
  commander: incidentPersonSchema.nullable(),
  communicator: incidentPersonSchema.nullable(),
  responders: z.array(incidentPersonSchema),
  commenters: z.array(incidentPersonSchema),
  /** Shown on status pages (issue 33); absent from rows read before migration 0221. */
  public: z.boolean().optional(),
});
/** An incident as the list shows it. */
export type IncidentSummary = z.infer<typeof incidentSummarySchema>;

/** `GET /api/incidents` answer. */
export const incidentPageSchema = z.object({ data: z.array(incidentSummarySchema), total: z.number() });
/** A page of incidents. */
export type IncidentPage = z.infer<typeof incidentPageSchema>;

/** A hypothesis as the detail page shows it. */
export const incidentHypothesisViewSchema = z.object({
  id: z.string(),
  incident_id: z.string(),
  parent_id: z.string().nullable(),
  type: z.enum(HYPOTHESIS_TYPES),
  title: z.string(),
  status: z.enum(HYPOTHESIS_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: incidentPersonSchema.nullable(),
});
/** A hypothesis with its author. */
export type IncidentHypothesisView = z.infer<typeof incidentHypothesisViewSchema>;

const hiddenKinds = ['check', 'config', 'config_change', 'config_analysis', 'component'] as const;

/** The resource an evidence links to, as it is now (spec 000 §3; issue 7 item 3). */
export const evidenceResourceSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('check'),
    id: z.string(),
    name: z.string(),
    type: z.string(),
    status: z.string().nullable(),
    last_runtime: z.string().nullable(),
    deleted: z.boolean(),
    uptime: z.object({ passed: z.number(), failed: z.number() }),
  }),
  z.object({
    kind: z.literal('config'),
    id: z.string(),
    name: z.string().nullable(),
    type: z.string(),
    health: z.string().nullable(),
    status: z.string().nullable(),
    deleted: z.boolean(),
  }),
  z.object({
    kind: z.literal('config_change'),
    id: z.string(),
    change_type: z.string().nullable(),
    summary: z.string().nullable(),
    severity: z.string().nullable(),
    diff: z.string().nullable(),
    created_at: z.string(),
    config_id: z.string(),
    config_name: z.string().nullable(),
    config_type: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('config_analysis'),
    id: z.string(),
    analyzer: z.string(),
    message: z.string().nullable(),
    severity: z.string().nullable(),
    status: z.string().nullable(),
    config_id: z.string(),
    config_name: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('component'),
    id: z.string(),
    name: z.string(),
    status: z.string(),
    health: z.string().nullable(),
    deleted: z.boolean(),
  }),
  /** A resource its reader may not read: no id, name or status (docs/incidents.md). */
  z.object({ kind: z.literal('hidden'), of: z.enum(hiddenKinds) }),
]);
/** The live resource of an evidence. */
export type EvidenceResource = z.infer<typeof evidenceResourceSchema>;

const evidenceColumns = {
  id: z.string(),
  hypothesis_id: z.string(),
  description: z.string(),
  type: z.enum(EVIDENCE_TYPES),
  evidence: z.record(z.string(), z.unknown()).nullable(),
  properties: z.record(z.string(), z.unknown()).nullable(),
  config_id: z.string().nullable(),
  config_change_id: z.string().nullable(),
  config_analysis_id: z.string().nullable(),
  component_id: z.string().nullable(),
  check_id: z.string().nullable(),
  definition_of_done: z.boolean(),
  done: z.boolean(),
  script: z.string().nullable(),
  created_at: z.string(),
};

/** An evidence row with its live resource. */
export const incidentEvidenceViewSchema = z.object({
  ...evidenceColumns,
  created_by: incidentPersonSchema.nullable(),
  resource: evidenceResourceSchema.nullable(),
});
/** An evidence as the detail page shows it. */
export type IncidentEvidenceView = z.infer<typeof incidentEvidenceViewSchema>;

/** A comment with its author. */
export const incidentCommentViewSchema = z.object({
  id: z.string(),
  incident_id: z.string(),
  hypothesis_id: z.string().nullable(),
  responder_id: z.string().nullable(),
  comment: z.string(),
  external_created_by: z.string().nullable(),
  created_at: z.string(),
  /** A public update on the status pages (issue 33). */
  public: z.boolean().optional(),
  created_by: incidentPersonSchema.nullable(),
});
/** A comment as the detail page shows it. */
export type IncidentCommentView = z.infer<typeof incidentCommentViewSchema>;

/** One timeline entry (incident_histories) with who and when. */
export const incidentHistoryViewSchema = z.object({
  id: z.string(),
  type: z.enum(INCIDENT_HISTORY_TYPES),
  description: z.string().nullable(),
  properties: z.record(z.string(), z.unknown()).nullable(),
  hypothesis_id: z.string().nullable(),
  evidence_id: z.string().nullable(),
  comment_id: z.string().nullable(),
  responder_id: z.string().nullable(),
  created_at: z.string(),
  created_by: incidentPersonSchema.nullable(),
});
/** A timeline entry. */
export type IncidentHistoryView = z.infer<typeof incidentHistoryViewSchema>;

/** `GET /api/incidents/{id}/history` answer, newest first. */
export const incidentHistorySchema = z.array(incidentHistoryViewSchema);

/** `GET /api/incidents/{id}`: everything the detail page shows, in one answer. */
export const incidentDetailSchema = z.object({
  incident: incidentSummarySchema.extend({
    acknowledged: z.string().nullable(),
    resolved: z.string().nullable(),
    closed: z.string().nullable(),
  }),
  hypotheses: z.array(incidentHypothesisViewSchema),
  evidences: z.array(incidentEvidenceViewSchema),
  comments: z.array(incidentCommentViewSchema),
  history: z.array(incidentHistoryViewSchema),
});
/** The incident detail answer. */
export type IncidentDetail = z.infer<typeof incidentDetailSchema>;

/** A hypothesis row as stored (the create and edit answer; `created_by` is the person's id). */
export const hypothesisRowSchema = z.object({
  id: z.string(),
  incident_id: z.string(),
  parent_id: z.string().nullable(),
  type: z.enum(HYPOTHESIS_TYPES),
  title: z.string(),
  status: z.enum(HYPOTHESIS_STATUSES),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** `GET /api/incidents/{id}/hypotheses` answer. */
export const hypothesisListSchema = z.array(hypothesisRowSchema);

/** `DELETE /api/incidents/{id}/hypotheses/{hid}` answer: what the cascade removed. */
export const deletedHypothesisTreeSchema = z.object({
  hypotheses: z.array(z.string()),
  evidences: z.number(),
  comments: z.number(),
});

/** An evidence row as stored (the create and edit answer; `created_by` is the person's id). */
export const evidenceRowSchema = z.object({
  ...evidenceColumns,
  created_by: z.string(),
  updated_at: z.string(),
});

/** A responder row as stored (`POST /api/incidents/{id}/responders` answer). */
export const responderRowSchema = z.object({
  id: z.string(),
  incident_id: z.string(),
  type: z.string(),
  person_id: z.string().nullable(),
  team_id: z.string().nullable(),
  created_by: z.string(),
  created_at: z.string(),
});

/** A comment row as stored (`POST /api/incidents/{id}/comments` answer). */
export const commentRowSchema = z.object({
  id: z.string(),
  incident_id: z.string(),
  hypothesis_id: z.string().nullable(),
  responder_id: z.string().nullable(),
  comment: z.string(),
  public: z.boolean().optional(),
  created_by: z.string(),
  created_at: z.string(),
});
