import { type EvidenceType, type IncidentType, LINK_TO_INCIDENT, type LinkEvidence } from '@mc/contracts';

/** The incident chosen in the dialog: an existing one, or a new one by title. */
export type IncidentChoice = { kind: 'existing'; id: string; title: string } | { kind: 'new'; title: string } | null;

/** Hypothesis choice: an id, 'new' (a fresh root hypothesis), or '' for none yet. */
export type HypothesisChoice = string;

/** The resource being attached (what the opener passes). */
export interface EvidenceTarget {
  type: EvidenceType;
  check_id?: string;
  config_id?: string;
  config_change_id?: string;
  config_analysis_id?: string;
  component_id?: string;
  evidence?: Record<string, unknown>;
  description?: string;
}

/** The form's values. */
export interface LinkFormValues {
  description: string;
  incident: IncidentChoice;
  hypothesis: HypothesisChoice;
  type: string;
  severity: string;
}

/** Hypothesis value meaning "create a new root hypothesis". */
export const NEW_HYPOTHESIS = 'new';

/** The form rules of 001 §5 with their exact messages, by field. */
export function validateLinkForm(
  values: LinkFormValues,
): Partial<Record<'incident' | 'hypothesis' | 'severity' | 'type', string>> {
  const errors: Partial<Record<'incident' | 'hypothesis' | 'severity' | 'type', string>> = {};
  const { messages } = LINK_TO_INCIDENT;
  if (!values.incident?.title.trim()) errors.incident = messages.incident;
  if (values.incident?.kind === 'existing' && !values.hypothesis) errors.hypothesis = messages.hypothesis;
  if (values.incident?.kind !== 'existing') {
    if (!values.severity) errors.severity = messages.severity;
    if (!values.type) errors.type = messages.type;
  }
  return errors;
}

/** The link call's payload (001 §3) for valid form values. */
export function linkPayload(values: LinkFormValues, target: EvidenceTarget): LinkEvidence {
  const { type, description: _ignored, ...links } = target;
  const base = { ...links, type, description: values.description };
  if (values.incident?.kind === 'existing') {
    const hypothesisId = values.hypothesis && values.hypothesis !== NEW_HYPOTHESIS ? values.hypothesis : null;
    return { ...base, incident_id: values.incident.id, hypothesisId };
  }
  const title = values.incident?.title.trim() ?? '';
  // the select offers only INCIDENT_TYPES, and validateLinkForm has required one
  return { ...base, incident: { title, type: values.type as IncidentType, severity: values.severity } };
}
