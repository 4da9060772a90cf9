import type {
  IncidentCommentView,
  IncidentDetail,
  IncidentEvidenceView,
  IncidentHistoryView,
  IncidentHypothesisView,
  IncidentPage,
  IncidentPerson,
  IncidentSummary,
  LinkEvidenceResult,
} from '@mc/contracts';

/**
 * Incident answers for screen tests (CONVENTIONS 15: factories, not fixture blobs), typed by the incidents
 * contracts the server answers with, so a changed shape fails the tests' typecheck.
 */

/** The id of the incident the builders describe. */
export const INCIDENT_ID = '01a200f5-0ed6-b567-c6b7-d18fd7d11bff';

/** A person beside an incident (commander, responder, author). */
export function buildIncidentPerson(overrides: Partial<IncidentPerson> = {}): IncidentPerson {
  return { id: 'p1', name: 'Rita Responder', avatar: null, ...overrides };
}

/** An incident as `GET /api/incidents` lists it: open, high, with a commander and one responder. */
export function buildIncidentSummary(overrides: Partial<IncidentSummary> = {}): IncidentSummary {
  const person = buildIncidentPerson();
  return {
    id: INCIDENT_ID,
    incident_id: 'INC-000001',
    title: 'Checkout down',
    description: 'p99 up',
    severity: 'high',
    type: 'availability',
    status: 'open',
    created_at: '2026-11-22T01:00:00Z',
    updated_at: '2026-11-22T01:05:00Z',
    commander: person,
    communicator: null,
    responders: [{ ...person, type: 'person', responder_id: 'r1' }],
    commenters: [],
    ...overrides,
  };
}

/** A page of `GET /api/incidents`: the given rows and their count unless a total is given. */
export function buildIncidentPage(data: IncidentSummary[] = [], total = data.length): IncidentPage {
  return { data, total };
}

/** A root hypothesis of the incident. */
export function buildHypothesisView(overrides: Partial<IncidentHypothesisView> = {}): IncidentHypothesisView {
  return {
    id: 'h1',
    incident_id: INCIDENT_ID,
    parent_id: null,
    type: 'root',
    title: 'Bad deploy',
    status: 'possible',
    created_at: '2026-11-22T01:01:00Z',
    updated_at: '2026-11-22T01:01:00Z',
    created_by: buildIncidentPerson(),
    ...overrides,
  };
}

/** An evidence of hypothesis h1 on a check, linked to nothing unless given. */
export function buildEvidenceView(overrides: Partial<IncidentEvidenceView> = {}): IncidentEvidenceView {
  return {
    id: 'e1',
    hypothesis_id: 'h1',
    description: 'checkout-http failing',
    type: 'check',
    evidence: null,
    properties: null,
    config_id: null,
    config_change_id: null,
    config_analysis_id: null,
    component_id: null,
    check_id: null,
    definition_of_done: false,
    done: false,
    script: null,
    created_at: '2026-11-22T01:02:00Z',
    created_by: buildIncidentPerson(),
    resource: null,
    ...overrides,
  };
}

/** A comment on the incident. */
export function buildCommentView(overrides: Partial<IncidentCommentView> = {}): IncidentCommentView {
  return {
    id: 'k1',
    incident_id: INCIDENT_ID,
    hypothesis_id: null,
    responder_id: null,
    comment: 'Paging SRE',
    external_created_by: null,
    created_at: '2026-11-22T01:03:00Z',
    created_by: buildIncidentPerson(),
    ...overrides,
  };
}

/** A timeline entry: the incident's creation. */
export function buildHistoryView(overrides: Partial<IncidentHistoryView> = {}): IncidentHistoryView {
  return {
    id: 'y1',
    type: 'incident.created',
    description: 'Incident INC-000001 created',
    properties: null,
    hypothesis_id: null,
    evidence_id: null,
    comment_id: null,
    responder_id: null,
    created_at: '2026-11-22T01:00:00Z',
    created_by: buildIncidentPerson(),
    ...overrides,
  };
}

/** The incident of `GET /api/incidents/{id}`: the summary, not yet acknowledged, resolved or closed. */
export function buildIncidentRecord(overrides: Partial<IncidentDetail['incident']> = {}): IncidentDetail['incident'] {
  return { ...buildIncidentSummary(), acknowledged: null, resolved: null, closed: null, ...overrides };
}

/** `GET /api/incidents/{id}`: the incident with nothing under it unless given. */
export function buildIncidentDetail(overrides: Partial<IncidentDetail> = {}): IncidentDetail {
  return {
    incident: buildIncidentRecord(),
    hypotheses: [],
    evidences: [],
    comments: [],
    history: [],
    ...overrides,
  };
}

/** `POST /api/incidents/link`: where the evidence went (the incident, its root hypothesis, the evidence). */
export function buildLinkEvidenceResult(overrides: Partial<LinkEvidenceResult> = {}): LinkEvidenceResult {
  return {
    incident_id: INCIDENT_ID,
    incident_number: 'INC-000001',
    hypothesis_id: 'h',
    evidence_id: 'e',
    ...overrides,
  };
}
