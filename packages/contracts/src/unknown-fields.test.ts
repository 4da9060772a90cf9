import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { schemaAt, unknownFieldErrors, unknownFields } from './unknown-fields.js';

const tls = z.object({ ca: z.object({ value: z.string().optional() }).optional() });
const check = z.object({
  name: z.string(),
  headers: z.array(z.object({ name: z.string(), value: z.string().optional() })).optional(),
  tlsConfig: tls.optional(),
  limits: z.record(z.string(), z.object({ max: z.number() })).optional(),
  body: z.union([z.string(), z.object({ json: z.unknown() })]).optional(),
  extra: z.object({ a: z.string() }).loose().optional(),
  anything: z.unknown().optional(),
  port: z.string().transform(Number).optional(),
});

describe('unknownFields', () => {
  it('names unknown keys at every depth: objects, arrays, records, unions', () => {
    const value = {
      name: 'x',
      awsSigV4: { region: 'eu' },
      headers: [{ name: 'a' }, { name: 'b', valueFrom: {} }],
      tlsConfig: { ca: { value: 'pem', helmRef: {} } },
      limits: { one: { max: 1, min: 0 } },
      body: { json: { any: 'thing' }, yaml: 'no' },
    };
    expect(unknownFields(check, value, 'spec.http[0]')).toEqual([
      'spec.http[0].awsSigV4',
      'spec.http[0].headers[1].valueFrom',
      'spec.http[0].tlsConfig.ca.helmRef',
      'spec.http[0].limits.one.min',
      'spec.http[0].body.yaml',
    ]);
  });

  it('leaves loose objects, unknown values, pipes and wrong shapes to the schema', () => {
    const value = { name: 'x', extra: { a: 'b', c: 1 }, anything: { deep: { er: 1 } }, port: '80', headers: 'no' };
    expect(unknownFields(check, value, 'x')).toEqual([]);
  });

  it('words each as a refusal', () => {
    expect(unknownFieldErrors(check, { name: 'x', crawl: {} }, 'spec.http[0]')).toEqual([
      'spec.http[0].crawl: is not supported by this server',
    ]);
  });
});

describe('schemaAt', () => {
  it('finds declared paths, says open below an unknown value, and undefined for the rest', () => {
    expect(schemaAt(check, ['tlsConfig', 'ca', 'value'])).toBeDefined();
    expect(schemaAt(check, ['headers', 'name'])).toBeDefined();
    expect(schemaAt(check, ['body', 'json'])).toBeDefined();
    expect(schemaAt(check, ['anything', 'deep'])).toBe('open');
    expect(schemaAt(check, ['extra', 'zzz'])).toBe('open');
    expect(schemaAt(check, ['tlsConfig', 'cert'])).toBeUndefined();
    expect(schemaAt(check, ['awsSigV4'])).toBeUndefined();
  });
});
