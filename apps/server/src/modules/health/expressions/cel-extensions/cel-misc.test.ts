import { describe, expect, it } from 'vitest';
import { evaluateExpression, expressionError } from '../cel.js';

const cel = (expression: string, variables: Record<string, unknown> = {}) => evaluateExpression(expression, variables);

describe('CEL jsonpath, regexp, matchLabel, uuid, random and semver', () => {
  it('queries with jsonpath and RE2 regular expressions', () => {
    expect(cel('jsonpath("$.items[*].name", json)', { json: { items: [{ name: 'a' }, { name: 'b' }] } })).toEqual([
      'a',
      'b',
    ]);
    expect(cel('jsonpath("$.user.id", \'{"user": {"id": 7}}\')')).toBe(7);
    expect(cel('regexp.Find("\\\\d+", "build 1234 ok")')).toBe('1234');
    expect(cel('regexp.FindAll("[a-z]\\\\d", -1, "a1 b2 c3")')).toEqual(['a1', 'b2', 'c3']);
    expect(cel('regexp.Match("^v\\\\d", "v2") && !regexp.Match("^v\\\\d", "x2")')).toBe(true);
    expect(cel('regexp.Replace("(\\\\w+)@", "$1 at ", "ops@example")')).toBe('ops at example');
    expect(cel('regexp.Split("\\\\s+", 2, "a b  c")')).toEqual(['a', 'b  c']);
    expect(cel('regexp.QuoteMeta("1.2")')).toBe('1\\.2');
    expect(() => cel('regexp.Match("(?=x)", "x")')).toThrow(/regexp:/);
  });

  it('matches labels with wildcards and negation', () => {
    const labels = { region: 'us-east-1', env: 'staging' };
    expect(cel('matchLabel(l, "region", "us-*") && matchLabel(l, "env", "prod,staging")', { l: labels })).toBe(true);
    expect(cel('matchLabel(l, "env", "!staging") || !matchLabel(l, "owner", "!*")', { l: labels })).toBe(false);
  });

  it('makes ids and random values within bounds', () => {
    expect(cel('uuid.IsValid(uuid.V4()) && !uuid.IsValid("nope") && uuid.Nil().startsWith("0000")')).toBe(true);
    expect(cel('size(random.Alpha(12)) == 12 && random.Number(3, 3) == 3 && random.Item(["x"]) == "x"')).toBe(true);
    expect(() => cel('random.ASCII(50000)')).toThrow(/length above 10000/);
  });

  it("compares versions as gomplate's SemverCompare(constraint, version)", () => {
    expect(cel('SemverCompare(">=1.2.0, <2.0.0", "v1.4.2")')).toBe(true);
    expect(cel('SemverCompare("~1.2", "1.3.0") || SemverCompare("1.2.3", "1.2.4")')).toBe(false);
    expect(
      cel(
        'SemverCompare("^1.2.0", "1.9.9") && SemverCompare("1.x", "1.5.0") && SemverCompare("<1.0.0 || >=3", "3.1.0")',
      ),
    ).toBe(true);
    expect(cel('Semver("2.5.1-rc.1").minor')).toBe(5);
  });

  it('refuses, when saved, the upstream functions this server does not run', () => {
    expect(expressionError('jq(".a", json) == 1')).toBe(
      'invalid expression: jq is not supported by this server; use jsonpath(path, value) or CEL macros',
    );
    // last_result() is a check's own: outside a check's expressions it is refused.
    expect(expressionError('last_result().results.max')).toMatch(/last_result\(\) is available only in a check's/);
    expect(expressionError('last_result().results.max', true)).toBeNull();
    expect(expressionError('jmespath("a", x)')).toMatch(/jmespath is not supported/);
    expect(expressionError('len(catalog.traverse(item.app_id, "MissionControl::Application")) > 0')).toMatch(
      /catalog\.traverse is available only in a scraper's transform\.expr/,
    );
    expect(expressionError('json.jq == 1')).toBeNull();
  });
});
