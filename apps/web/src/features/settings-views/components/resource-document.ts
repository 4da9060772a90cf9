import { NIL_AGENT_ID } from '@mc/contracts';
import { parse, stringify } from 'yaml';
import type { EditableResource, ResourceType, SpecType } from './resource-model';

/** Logged when spec text does not parse; the text is then ignored (001 §5). */
export const YAML_PARSE_LOG = 'Invalid YAML, ignored';

type Spec = Record<string, unknown>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Parses YAML text into an object. Text that does not parse (or is not a mapping) is ignored and
 * logged (001 §5): the answer is undefined and the caller keeps what it had.
 */
export function parseYamlObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = parse(text);
    if (value === null || value === undefined) return {};
    if (isRecord(value)) return value;
    console.error(YAML_PARSE_LOG, 'not a mapping');
  } catch (error) {
    console.error(YAML_PARSE_LOG, error);
  }
  return undefined;
}

/** YAML text of a value, or '' for an empty object. */
export function toYaml(value: Record<string, unknown>): string {
  return Object.keys(value).length === 0 ? '' : stringify(value);
}

/** The resource as the Code tab shows it: a document with apiVersion, kind, metadata and spec. */
export function resourceToDocument(type: ResourceType, resource: EditableResource): Record<string, unknown> {
  const metadata: Record<string, unknown> = { name: resource.name };
  if (type.hasNamespace) metadata.namespace = resource.namespace || 'default';
  if (type.hasLabels && Object.keys(resource.labels).length > 0) metadata.labels = resource.labels;
  if (type.hasIcon && resource.icon) metadata.icon = resource.icon;
  const spec: Spec = { ...resource.spec };
  if (type.hasSchedule && resource.schedule) spec.schedule = resource.schedule;
  return { apiVersion: type.apiVersion, kind: type.kind, metadata, spec };
}

function stringMap(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, String(item)]));
}

/** A Code-tab document back to the resource it edits; the stored fields (id, source…) come from `base`. */
export function documentToResource(
  type: ResourceType,
  document: Record<string, unknown>,
  base: EditableResource,
): EditableResource {
  const metadata = isRecord(document.metadata) ? document.metadata : {};
  const spec: Spec = isRecord(document.spec) ? { ...document.spec } : {};
  const schedule = type.hasSchedule && typeof spec.schedule === 'string' ? spec.schedule : undefined;
  return {
    ...base,
    name: typeof metadata.name === 'string' ? metadata.name : '',
    ...(type.hasNamespace
      ? { namespace: typeof metadata.namespace === 'string' && metadata.namespace ? metadata.namespace : 'default' }
      : {}),
    labels: type.hasLabels ? stringMap(metadata.labels) : {},
    ...(type.hasIcon ? { icon: typeof metadata.icon === 'string' ? metadata.icon : base.icon } : {}),
    schedule,
    spec,
  };
}

/** The values of the Form tab: strings only, as the inputs hold them. */
export interface FormValues {
  name: string;
  namespace: string;
  labels: string;
  schedule: string;
  icon: string;
  specText: string;
  /** The agent that runs it, for the types that have one; the all-zero id is this server. */
  agentId: string;
  fields: Record<string, string>;
}

/** Labels as the form's text: one `key=value` a line. */
export function labelsToText(labels: Record<string, string>): string {
  return Object.entries(labels)
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
}

/** Labels from `key=value` lines; blank lines and lines without a key are skipped. */
export function textToLabels(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const index = line.indexOf('=');
    const key = (index === -1 ? line : line.slice(0, index)).trim();
    if (key) labels[key] = index === -1 ? '' : line.slice(index + 1).trim();
  }
  return labels;
}

function specWithoutSchedule(spec: Spec): Spec {
  const { schedule: _schedule, ...rest } = spec;
  return rest;
}

/** The Form tab's values of a resource edited with a spec type. */
export function resourceToForm(type: ResourceType, specType: SpecType, resource: EditableResource): FormValues {
  const defaults = Object.fromEntries(specType.fields.map((field) => [field.key, field.defaultValue ?? '']));
  const fromSpec = specType.fromSpec ? specType.fromSpec(resource.spec) : {};
  const filled = Object.fromEntries(Object.entries(fromSpec).filter(([, value]) => value !== ''));
  return {
    name: resource.name,
    namespace: resource.namespace ?? (type.hasNamespace ? 'default' : ''),
    labels: labelsToText(resource.labels),
    schedule: resource.schedule ?? '',
    icon: resource.icon ?? '',
    specText: toYaml(specWithoutSchedule(resource.spec)),
    agentId: type.hasAgent ? (resource.agent_id ?? NIL_AGENT_ID) : '',
    fields: { ...defaults, ...filled },
  };
}

/**
 * The resource the Form tab describes. The spec comes from the YAML field when the spec type has one
 * (text that does not parse keeps `base.spec`, logged), else from the fields.
 */
export function formToResource(
  type: ResourceType,
  specType: SpecType,
  values: FormValues,
  base: EditableResource,
): EditableResource {
  let spec: Spec = specWithoutSchedule(base.spec);
  if (specType.specField) spec = parseYamlObject(values.specText) ?? spec;
  if (specType.toSpec) spec = specType.toSpec(values.fields, values.name, spec);
  const schedule = type.hasSchedule ? values.schedule || undefined : undefined;
  return {
    ...base,
    name: values.name.trim(),
    ...(type.hasNamespace ? { namespace: values.namespace.trim() || 'default' } : {}),
    labels: type.hasLabels ? textToLabels(values.labels) : base.labels,
    ...(type.hasIcon ? { icon: values.icon || undefined } : {}),
    ...(type.hasAgent ? { agent_id: values.agentId || NIL_AGENT_ID } : {}),
    schedule,
    spec: schedule ? { ...spec, schedule } : spec,
  };
}

/** A new resource of a spec type, before the user names it. */
export function newResource(type: ResourceType, specType: SpecType): EditableResource {
  return {
    name: '',
    ...(type.hasNamespace ? { namespace: 'default' } : {}),
    labels: {},
    ...(type.hasIcon ? { icon: 'group' } : {}),
    source: 'UI',
    spec: specType.template(''),
  };
}
