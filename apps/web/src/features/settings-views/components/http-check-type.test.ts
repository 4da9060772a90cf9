import { httpCheckSchema } from '@mc/contracts';
import { describe, expect, it } from 'vitest';
import { httpCheck } from './http-check-type';

const entry = (spec: Record<string, unknown>) => (spec.http as Record<string, unknown>[])[0] ?? {};
const toSpec = (fields: Record<string, string>, base: Record<string, unknown> = {}) =>
  httpCheck.toSpec?.(fields, 'home', base) ?? {};

const FILLED = {
  url: 'https://shop.example/api',
  method: 'PUT',
  body: '{"ping": true}',
  auth: 'NTLMv2',
  username: 'CORP\\probe',
  password: 'hunter2',
  responseCode: '201',
  thresholdMillis: '800',
  testMode: 'Expr',
  testScript: 'code == 201',
  displayMode: 'Go Template',
  displayScript: '{{ .code }}',
  transformMode: 'Javascript',
  transformScript: 'JSON.stringify({pass: true})',
};

describe('the HTTP check form (001 §2, §9) writes what the server runs', () => {
  it('writes every field to a key of the http check schema, which keeps them all', () => {
    const check = entry(toSpec(FILLED));
    expect(check).toEqual({
      name: 'home',
      url: 'https://shop.example/api',
      method: 'PUT',
      body: '{"ping": true}',
      username: { value: 'CORP\\probe' },
      password: { value: 'hunter2' },
      ntlmv2: true,
      responseCodes: [201],
      thresholdMillis: 800,
      test: { expr: 'code == 201' },
      display: { template: '{{ .code }}' },
      transform: { javascript: 'JSON.stringify({pass: true})' },
    });
    // a key the schema did not know would be dropped by the parse: none is
    expect(httpCheckSchema.parse(check)).toEqual(check);
  });

  it('reads the same fields back, each auth type and script mode', () => {
    expect(httpCheck.fromSpec?.(toSpec(FILLED))).toEqual(FILLED);
    for (const auth of ['None', 'Basic', 'NTLM']) {
      const fields = { ...FILLED, auth, ...(auth === 'None' ? { username: '', password: '' } : {}) };
      expect(httpCheck.fromSpec?.(toSpec(fields)).auth).toBe(auth);
    }
    const jsonPath = entry(toSpec({ ...FILLED, testMode: 'JSONPath', testScript: '$.ok' }));
    expect(jsonPath.test).toEqual({ jsonPath: '$.ok' });
  });

  it('sends a body only for POST and PUT, and drops what the form turned off', () => {
    const base = toSpec(FILLED);
    const get = entry(
      toSpec(
        { ...FILLED, method: 'GET', auth: 'None', testMode: 'None', displayMode: 'None', transformMode: 'None' },
        base,
      ),
    );
    expect(get).toEqual({ name: 'home', url: FILLED.url, method: 'GET', responseCodes: [201], thresholdMillis: 800 });
    expect(entry(toSpec({ ...FILLED, method: 'POST' })).body).toBe(FILLED.body);
    expect(entry(toSpec({ ...FILLED, method: 'DELETE' })).body).toBeUndefined();
  });

  it('keeps the keys the form does not show, and a secret reference while its field is blank', () => {
    const base = {
      http: [
        {
          name: 'home',
          endpoint: 'https://old.example',
          headers: [{ name: 'X-Probe', value: '1' }],
          password: { valueFrom: { secretKeyRef: { name: 'probe', key: 'password' } } },
          username: { value: 'probe' },
        },
      ],
    };
    const check = entry(toSpec({ ...FILLED, auth: 'Basic', password: '' }, base));
    expect(check.headers).toEqual([{ name: 'X-Probe', value: '1' }]);
    expect(check.password).toEqual({ valueFrom: { secretKeyRef: { name: 'probe', key: 'password' } } });
    expect(check.endpoint).toBeUndefined(); // the URL field writes `url`; both would be refused
    expect(check.ntlm ?? check.ntlmv2).toBeUndefined();
  });
});
