import {
  CONNECTION_TYPES,
  CONNECTION_URL_RULES,
  type ConnectionField,
  type ConnectionTypeDefinition,
  fieldVisible,
  SECRET_MASK,
} from '@mc/contracts';

/** A saved connection body as the tests hold it. */
export type Body = Record<string, unknown> & { name: string; type: string; properties: Record<string, unknown> };

/** The stored connection a picker offers for `connection` fields. */
export const AWS_CONNECTION = { id: 'a1', name: 'aws-main', namespace: 'default', type: 'aws' };
/** How the form names that choice, and the reference it stores. */
export const AWS_CONNECTION_LABEL = 'aws-main (aws, default)';
export const AWS_CONNECTION_REF = 'connection://aws/aws-main';

/** The types offered for new connections. */
export const OFFERED_TYPES = CONNECTION_TYPES.filter((definition) => !definition.hidden);

/** The fields a new connection of the type shows (its defaults decide the conditional ones). */
export function visibleFields(definition: ConnectionTypeDefinition): ConnectionField[] {
  const defaults: Record<string, unknown> = {};
  for (const field of definition.fields) {
    if (field.default !== undefined) defaults[field.path.replace('properties.', '')] = field.default;
  }
  return definition.fields.filter((field) => fieldVisible(field, { properties: defaults }, definition.fields));
}

/** The required fields without a default: the ones that say 'This field is required' while empty. */
export const requiredFields = (definition: ConnectionTypeDefinition) =>
  visibleFields(definition).filter((field) => field.required && field.default === undefined);

/** Every required field, and every optional field a person types into or switches on. */
export const filledFields = (definition: ConnectionTypeDefinition) => {
  const required = requiredFields(definition);
  return visibleFields(definition).filter(
    (field) => required.includes(field) || ['text', 'number', 'secret', 'textarea', 'switch'].includes(field.kind),
  );
};

/** The label a field is found by: its name, with ' *' when required. */
export const labelOf = (field: ConnectionField) => `${field.label}${field.required ? ' *' : ''}`;

/** What a test types into a field; a URL takes the first scheme its type accepts. */
export function sample(field: ConnectionField, type = ''): string {
  const scheme = field.path === 'url' ? CONNECTION_URL_RULES[type]?.schemes[0] : undefined;
  if (scheme) return `${scheme}://url-value`;
  return field.kind === 'number' ? '1' : `${field.path.replace('properties.', '')}-value`;
}

/** The value a filled field is saved as. */
export function savedValue(field: ConnectionField, type: string): unknown {
  if (field.kind === 'switch') return true;
  if (field.kind === 'number') return 1;
  if (field.kind === 'connection') return AWS_CONNECTION_REF;
  if (field.kind === 'select') return field.options?.[0];
  return sample(field, type);
}

/** The stored value of a field in a saved body. */
export const storedAt = (body: Body | undefined, field: ConnectionField) =>
  field.path.startsWith('properties.') ? body?.properties[field.path.slice(11)] : body?.[field.path];

/** A stored body as the server answers it: literal secrets masked, references kept. */
export function maskedConnection(stored: Body & { id: string }) {
  const copy = structuredClone(stored);
  const secrets = (CONNECTION_TYPES.find((d) => d.type === copy.type)?.fields ?? []).filter((f) => f.kind === 'secret');
  for (const { path } of secrets) {
    const key = path.startsWith('properties.') ? path.slice(11) : undefined;
    const holder: Record<string, unknown> = key ? copy.properties : copy;
    const name = key ?? path;
    const value = holder[name];
    if (typeof value === 'string' && value && !/^(secret|configmap):\/\//.test(value)) holder[name] = SECRET_MASK;
  }
  return {
    ...copy,
    namespace: typeof copy.namespace === 'string' ? copy.namespace : 'default',
    insecure_tls: copy.insecure_tls === true,
    created_at: '2026-11-22T06:00:00Z',
    updated_at: '2026-11-22T06:00:00Z',
  };
}

/**
 * The fewest offered types whose forms together draw every field kind (text, number, secret, a
 * multi-line secret, textarea, switch, select, connection) and a notification type: the screen test
 * walks these through the dialog, the per-type rules are proved for all types without rendering.
 */
export function typesCoveringEveryKind(): ConnectionTypeDefinition[] {
  const traits = (definition: ConnectionTypeDefinition) => {
    const fields = filledFields(definition);
    const found = new Set(fields.map((field) => field.kind as string));
    if (
      fields.some((field) => field.kind === 'secret' && ['certificate', 'properties.credentials'].includes(field.path))
    )
      found.add('multiline');
    if (definition.notification) found.add('notification');
    return found;
  };
  const missing = new Set(OFFERED_TYPES.flatMap((definition) => [...traits(definition)]));
  const chosen: ConnectionTypeDefinition[] = [];
  while (missing.size > 0) {
    const best = OFFERED_TYPES.map((definition) => ({
      definition,
      adds: [...traits(definition)].filter((trait) => missing.has(trait)),
    })).sort((a, b) => b.adds.length - a.adds.length)[0];
    if (!best || best.adds.length === 0) break;
    chosen.push(best.definition);
    for (const trait of best.adds) missing.delete(trait);
  }
  return chosen;
}
