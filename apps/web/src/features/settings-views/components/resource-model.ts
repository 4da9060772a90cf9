import type { SchedulePreset } from './schedules';
/** A resource the generic editor edits (001 §3 Editable resource). */
export interface EditableResource {
  id?: string;
  name: string;
  /** Default 'default' for the types that have one. */
  namespace?: string;
  labels: Record<string, string>;
  icon?: string;
  /** Kept inside the spec (`spec.schedule`) for the types that run on a schedule. */
  schedule?: string;
  /** 'UI' (or empty) when it was made here; anything else is managed elsewhere and read-only. */
  source?: string | null;
  spec: Record<string, unknown>;
  agent_id?: string | null;
  agent_details?: { id: string; name: string } | null;
  created_at?: string;
  updated_at?: string;
}

/** Kinds of form fields the generic form renders (001 §5). */
export type FieldKind = 'text' | 'textarea' | 'select' | 'number' | 'code';

/** One field of a spec type's form. */
export interface FieldDef {
  key: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  options?: readonly string[];
  defaultValue?: string;
  hint?: string;
  /** Drawn only while another field holds one of these values (the HTTP body for POST and PUT). */
  showWhen?: { key: string; values: readonly string[] };
  /** Typed as a password: the text is not shown. */
  secret?: boolean;
  /** Hints shown under the field while it holds a given value. */
  hintFor?: Readonly<Record<string, string>>;
}

/**
 * One spec type of the picker grid (001 §2): `form` opens the Form tab first, `code` the Code tab.
 * A form type maps its fields to the spec; `specField` adds the spec as a YAML field to the form.
 */
export interface SpecType {
  id: string;
  label: string;
  kind: 'form' | 'code';
  fields: readonly FieldDef[];
  specField: boolean;
  /** The spec a new resource of this type starts from. */
  template: (name: string) => Record<string, unknown>;
  /** The spec from the form's field values, on top of the spec being edited. */
  toSpec?: (fields: Record<string, string>, name: string, base: Record<string, unknown>) => Record<string, unknown>;
  /** The field values of a spec. */
  fromSpec?: (spec: Record<string, unknown>) => Record<string, string>;
}

/** A tab of the detail page (001 §2): Teams have Members, most types Job History. */
export type ResourceTab = 'Spec' | 'Members' | 'Job History';

/** One schema-driven resource table of the generic editor. */
export interface ResourceType {
  table: string;
  /** Plural heading of the list page. */
  title: string;
  singular: string;
  /** Type name of `/api/schemas/{type}/validate`. */
  schemaType: string;
  /** Resource kind whose write permission shows Save and Delete (001 §6). */
  permission: string;
  apiVersion: string;
  kind: string;
  hasNamespace: boolean;
  hasLabels: boolean;
  hasSchedule: boolean;
  /** The Schedule's preset set (001 §9); the editor's default list when absent. */
  schedulePreset?: SchedulePreset;
  hasIcon: boolean;
  /** Whether it can be assigned to an agent (docs/agents.md): the form shows the Agent picker. */
  hasAgent?: boolean;
  tabs: readonly ResourceTab[];
  /** job_history.resource_type of its runs, when it has runs. */
  jobResourceType?: string;
  specTypes: readonly SpecType[];
  /** Button texts: Save/Update by default; Log backends say Add (001 §2). */
  createText?: string;
}
