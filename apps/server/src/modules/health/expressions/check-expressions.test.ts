import { describe, expect, it } from 'vitest';
import { validateCanary } from '../canaries/canary-schema.js';
import { applyCheckExpressions, refusedExpressionErrors } from './check-expressions.js';

const subject = {
  status: 'healthy' as const,
  message: 'ok',
  duration: 12,
  details: { results: [{ job: 'a', value: 1 }] },
};

describe('check expressions with upstream transforms', () => {
  it('reads a transform that returns JSON text, as upstream fixtures ending in .toJSON() do', async () => {
    const spec = {
      name: 'jobs',
      transform: { expr: "dyn(results).map(r, {'name': r.job, 'pass': r.value > 0}).toJSON()" },
    };
    expect((await applyCheckExpressions(spec, 'prometheus', subject)).transformed).toEqual([{ name: 'a', pass: true }]);
    const inline = {
      name: 'x',
      transform: { expr: "{'message': 'took ' + string(duration) + 'ms', 'pass': pass}.toJSON()" },
    };
    expect((await applyCheckExpressions(inline, 'exec', subject)).subject).toMatchObject({
      message: 'took 12ms',
      status: 'healthy',
    });
  });

  it("answers last_result() with the check's previous run, read once and only when an expression calls it", async () => {
    let reads = 0;
    const lastResult = async () => {
      reads += 1;
      return {
        status: true,
        invalid: false,
        createdAt: null,
        duration: 3,
        message: '',
        error: '',
        results: { max: 'now-2d' },
      };
    };
    const spec = {
      name: 'folder',
      display: { expr: "'since ' + last_result().results.?max.orValue('now-60d')" },
      transform: { expr: "{'detail': {'max': string(last_result().results.?max.orValue('now-60d'))}}.toJSON()" },
    };
    const { subject: out } = await applyCheckExpressions(spec, 'folder', subject, { lastResult });
    expect(out).toMatchObject({ message: 'since now-2d', details: { max: 'now-2d' } });
    expect(reads).toBe(1);
    // No previous run reader (an agent, a first run): upstream's empty last_result.
    const first = await applyCheckExpressions(spec, 'folder', subject);
    expect(first.subject.details).toEqual({ max: 'now-60d' });
    await applyCheckExpressions({ name: 'plain', display: { expr: 'string(duration)' } }, 'folder', subject, {
      lastResult,
    });
    expect(reads).toBe(1);
  });

  it('refuses, when the canary is saved, an expression calling a function this server does not run', () => {
    const spec = {
      http: [{ name: 'a', url: 'http://127.0.0.1:1', test: { expr: 'jq(".ok", json) == true' } }],
      exec: [{ name: 'b', script: 'true', display: { expr: 'string(last_result().results.max)' } }],
    };
    // last_result() is a check's own function (it reads the previous run): accepted in a check.
    expect(refusedExpressionErrors(spec, ['http', 'exec'])).toEqual([
      'spec.http[0].test.expr: jq is not supported by this server; use jsonpath(path, value) or CEL macros',
    ]);
    const saved = validateCanary({
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: 'c' },
      spec,
    });
    expect(saved.ok).toBe(false);
    expect(saved.ok ? [] : saved.errors).toContain(
      'spec.http[0].test.expr: jq is not supported by this server; use jsonpath(path, value) or CEL macros',
    );
  });
});
