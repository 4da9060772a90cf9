import { describe, expect, it } from 'vitest';
import { evaluateExpression } from '../health/index.js';
import { variablesFor } from './filter-variables.js';

const env = {
  check: { name: 'checkout-api', status: 'unhealthy', labels: { team: 'payments' }, severity: 'high' },
  canary: { name: 'shop', labels: { env: 'prod' } },
  status: { status: false, message: 'HTTP 500' },
  event: { name: 'check.failed', properties: { id: 'c1' } },
  resource: { name: 'checkout-api' },
  at: new Date('2026-12-07T05:00:00Z'),
};

const outcome = (expression: string, variables: Record<string, unknown>) => {
  try {
    return { value: evaluateExpression(expression, variables) };
  } catch (error) {
    return { error: (error as Error).message };
  }
};

describe('a filter sees only the variables it names', () => {
  it.each([
    "check.severity in ['high', 'critical']",
    "check.labels.team == 'payments' && canary.labels.env == 'prod'",
    "event.name == 'check.failed' && !status.status",
    "has(check.labels.team) && resource.name.startsWith('checkout')",
    "'canary' in check || check.name == 'x'",
    'at > timestamp("2026-01-01T00:00:00Z")',
    'missing.field == 1',
    'check.name.nope()',
  ])('%s: the same value or error as with every variable', (expression) => {
    expect(outcome(expression, variablesFor(expression, env))).toEqual(outcome(expression, env));
  });

  it('passes the named variables only', () => {
    expect(Object.keys(variablesFor("check.name == 'x' && event.name != ''", env))).toEqual(['check', 'event']);
  });
});
