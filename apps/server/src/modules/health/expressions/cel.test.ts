import { describe, expect, it } from 'vitest';
import { ExpressionError, evaluateExpression, expressionError } from './cel.js';

describe('CEL expressions', () => {
  it('evaluates over JSON variables and returns plain values', () => {
    expect(evaluateExpression('code == 200 && content.contains("ok")', { code: 200, content: 'all ok' })).toBe(true);
    expect(evaluateExpression('json.items.map(i, i.n * 2.0)', { json: { items: [{ n: 1 }, { n: 2 }] } })).toEqual([
      2, 4,
    ]);
    expect(evaluateExpression('{"pass": value > 0.5, "message": "v=" + string(value)}', { value: 0.75 })).toEqual({
      pass: true,
      message: 'v=0.75',
    });
    expect(evaluateExpression('size(rows) == 2', { rows: [{}, {}] })).toBe(true);
  });

  it('offers jsonpath(path, value)', () => {
    expect(evaluateExpression('jsonpath("$.a.b", json)', { json: { a: { b: 'x' } } })).toBe('x');
    expect(
      evaluateExpression('size(jsonpath("$.items[*].name", json))', {
        json: { items: [{ name: 'a' }, { name: 'b' }] },
      }),
    ).toBe(2);
  });

  it('says why an expression is invalid or fails', () => {
    expect(expressionError('1 +')).toMatch(/^invalid expression: /);
    expect(expressionError('a == 1')).toBeNull();
    expect(() => evaluateExpression('missing.field == 1', {})).toThrow(ExpressionError);
    expect(() => evaluateExpression('missing == 1', {})).toThrow(/^expression failed: Unknown variable: missing/);
  });
});
