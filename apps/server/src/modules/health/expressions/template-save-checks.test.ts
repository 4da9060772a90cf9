import { describe, expect, it } from 'vitest';
import { validateCanary } from '../canaries/canary-schema.js';
import { templateExpressionErrors } from './template-save-checks.js';

const canary = (spec: Record<string, unknown>) =>
  validateCanary({ apiVersion: 'canaries.flanksource.com/v1', kind: 'Canary', metadata: { name: 'c' }, spec });

describe('templates checked when a canary is saved', () => {
  it('refuses a template with a syntax error or an unknown function, naming the field', () => {
    const spec = {
      http: [
        { name: 'a', url: 'http://127.0.0.1:1', display: { template: '{{ .code }}' } },
        { name: 'b', url: 'http://127.0.0.1:1', test: { template: '{{ if .code }}' } },
        { name: 'c', url: 'http://127.0.0.1:1', transform: { template: '{{ env.Getenv "HOME" }}' } },
      ],
    };
    expect(templateExpressionErrors(spec, ['http'])).toEqual([
      'spec.http[1].test.template: template: :1: unexpected EOF',
      'spec.http[2].transform.template: template function env.Getenv is not supported',
    ]);
    const saved = canary(spec);
    expect(saved.ok ? [] : saved.errors).toContain(
      'spec.http[2].transform.template: template function env.Getenv is not supported',
    );
  });

  it('refuses a jsonPath block', () => {
    const saved = canary({ exec: [{ name: 'e', script: 'true', test: { jsonPath: '$.ok' } }] });
    expect(saved.ok ? [] : saved.errors).toEqual([
      'spec.exec[0].test.jsonPath: is not supported by this server; write test.expr (CEL)',
    ]);
  });

  it('accepts a SQL query templated with last_result, and refuses one that cannot render', () => {
    const url = 'postgres://u:p@127.0.0.1/db';
    const spec = {
      postgres: [
        { name: 'plain', url, query: 'select 1' },
        { name: 'stateful', url, query: "select 1 where x > '{{ last_result.results.max }}'" },
        { name: 'broken', url, query: 'select {{ if last_result.results.rows }}1' },
      ],
      mysql: [{ name: 'reads-files', url, query: 'select {{ file.Read "/etc/passwd" }}' }],
    };
    expect(templateExpressionErrors(spec, ['postgres', 'mysql'])).toEqual([
      'spec.postgres[2].query: template: :1: unexpected EOF',
      'spec.mysql[0].query: template function file.Read is not supported',
    ]);
    expect(canary({ postgres: spec.postgres.slice(0, 2) }).ok).toBe(true);
  });
});
