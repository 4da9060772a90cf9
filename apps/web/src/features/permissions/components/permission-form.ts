import { PERMISSION_MESSAGES, type PermissionInput, permissionInputSchema } from '@mc/contracts';
import type { PermissionRow } from '../api/permissions';

/** Subject kinds of the form (001 §4: Team, Person, Notification). */
export const SUBJECT_KINDS = [
  { kind: 'team', label: 'Team', field: 'team_id' },
  { kind: 'person', label: 'Person', field: 'person_id' },
  { kind: 'notification', label: 'Notification', field: 'notification_id' },
] as const;
/** One subject kind. */
export type SubjectKind = (typeof SUBJECT_KINDS)[number]['kind'];

/** Resource kinds of the form (001 §5: catalog, component, connection, playbook or a global object). */
export const RESOURCE_CHOICES = [
  { kind: 'object', label: 'Global object', field: 'object' },
  { kind: 'config', label: 'Catalog', field: 'config_id' },
  { kind: 'component', label: 'Component', field: 'component_id' },
  { kind: 'connection', label: 'Connection', field: 'connection_id' },
  { kind: 'playbook', label: 'Playbook', field: 'playbook_id' },
] as const;
/** One resource kind. */
export type ResourceChoice = (typeof RESOURCE_CHOICES)[number]['kind'];

/** The form's values: one subject id and one resource value, each under its kind. */
export interface PermissionFormValues {
  subjectKind: SubjectKind;
  subjectId: string;
  resourceKind: ResourceChoice;
  resource: string;
  action: string;
  deny: boolean;
  description: string;
  /** Local date and time, 'YYYY-MM-DDTHH:mm' (the date-time picker's value), empty for no end. */
  until: string;
}

/** A new permission: a team subject, a global object, read, allow. */
export const EMPTY_FORM: PermissionFormValues = {
  subjectKind: 'team',
  subjectId: '',
  resourceKind: 'object',
  resource: '',
  action: 'read',
  deny: false,
  description: '',
  until: '',
};

function localInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The form values of an existing row (for Edit Permission). */
export function formFromRow(row: PermissionRow): PermissionFormValues {
  const subject = SUBJECT_KINDS.find((s) => row[s.field]) ?? SUBJECT_KINDS[0];
  const resource = RESOURCE_CHOICES.find((r) => row[r.field]) ?? RESOURCE_CHOICES[0];
  return {
    subjectKind: subject.kind,
    subjectId: row[subject.field] ?? '',
    resourceKind: resource.kind,
    resource: row[resource.field] ?? '',
    action: row.action,
    deny: row.deny,
    description: row.description ?? '',
    until: localInput(row.until),
  };
}

/** The request body of the form values: only the chosen subject and resource are set. */
export function inputFromForm(values: PermissionFormValues): Record<string, unknown> {
  const subject = SUBJECT_KINDS.find((s) => s.kind === values.subjectKind);
  const resource = RESOURCE_CHOICES.find((r) => r.kind === values.resourceKind);
  return {
    action: values.action,
    deny: values.deny,
    description: values.description.trim() || null,
    until: values.until ? new Date(values.until).toISOString() : null,
    ...(subject && values.subjectId ? { [subject.field]: values.subjectId } : {}),
    ...(resource && values.resource ? { [resource.field]: values.resource } : {}),
  };
}

/** Checks the values with the contract's schema (the server checks the same); messages per part. */
export function validateForm(
  values: PermissionFormValues,
):
  | { ok: true; input: PermissionInput }
  | { ok: false; errors: { subject?: string; resource?: string; other?: string } } {
  const parsed = permissionInputSchema.safeParse(inputFromForm(values));
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: { subject?: string; resource?: string; other?: string } = {};
  for (const issue of parsed.error.issues) {
    if (issue.message === PERMISSION_MESSAGES.subjectRequired) errors.subject ??= issue.message;
    else if (issue.message === PERMISSION_MESSAGES.resourceRequired) errors.resource ??= issue.message;
    else errors.other ??= issue.message;
  }
  return { ok: false, errors };
}
