import { buildNotificationUrl, FIELD_REQUIRED, SECRET_MASK } from '@mc/contracts';
import type { FieldErrors } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import {
  type Body,
  filledFields,
  maskedConnection,
  OFFERED_TYPES,
  requiredFields,
  sample,
  savedValue,
  storedAt,
} from '../testing/connection-samples';
import {
  type ConnectionFormValues,
  connectionBody,
  connectionResolver,
  connectionToValues,
  emptyConnectionValues,
} from './connection-form-values';

/** The messages of a resolver answer by field path ('properties.port'). */
function messages(errors: FieldErrors<ConnectionFormValues>, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors as Record<string, unknown>)) {
    const node = value as { message?: unknown } & Record<string, unknown>;
    if (typeof node.message === 'string') out[`${prefix}${key}`] = node.message;
    else Object.assign(out, messages(node as FieldErrors<ConnectionFormValues>, `${prefix}${key}.`));
  }
  return out;
}

const resolve = async (values: ConnectionFormValues) =>
  messages((await connectionResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false })).errors);

function setField(values: ConnectionFormValues, path: string, value: string | boolean) {
  if (path.startsWith('properties.')) values.properties[path.slice(11)] = value;
  else if (path === 'insecure_tls') values.insecure_tls = value === true;
  else (values as unknown as Record<string, unknown>)[path] = value; // the other paths are the text columns
}

describe('connection form values: every offered type', () => {
  it.each(OFFERED_TYPES.map((definition) => [definition.type, definition] as const))(
    '%s: required messages while empty; every field saves and reloads masked',
    async (type, definition) => {
      const empty = emptyConnectionValues(definition);
      expect(empty.namespace).toBe('default');
      const required = requiredFields(definition);
      expect(await resolve(empty)).toEqual(
        Object.fromEntries(['name', ...required.map((field) => field.path)].map((path) => [path, FIELD_REQUIRED])),
      );

      const values = emptyConnectionValues(definition);
      values.name = `my-${type}`;
      const filled = filledFields(definition);
      for (const field of filled) {
        const saved = savedValue(field, type);
        setField(values, field.path, field.kind === 'switch' ? true : field.kind === 'number' ? '1' : String(saved));
      }
      expect(await resolve(values)).toEqual({});
      const body = connectionBody(values) as unknown as Body;
      expect(body).toMatchObject({ name: `my-${type}`, namespace: 'default', type });
      for (const field of filled) expect(storedAt(body, field), field.path).toBe(savedValue(field, type));
      if (definition.notification) {
        expect(body.url).toBe(buildNotificationUrl(type, body as never));
        expect(body.url).toBeTruthy();
      }

      const reloaded = connectionToValues(maskedConnection({ ...body, id: 'c1' }) as never);
      for (const field of filled) {
        const shown = storedAt(reloaded as unknown as Body, field);
        if (field.kind === 'secret') expect(shown, field.path).toBe(SECRET_MASK);
        else if (field.kind === 'switch') expect(shown, field.path).toBe(true);
        else if (field.kind === 'text' || field.kind === 'textarea' || field.kind === 'number')
          expect(shown, field.path).toBe(sample(field, type));
        else expect(shown, field.path).toBe(savedValue(field, type));
      }
    },
  );
});
