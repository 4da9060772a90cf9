import { describe, expect, it } from 'vitest';
import { evaluateExpression } from '../cel.js';

const cel = (expression: string, variables: Record<string, unknown> = {}) => evaluateExpression(expression, variables);

describe('CEL list, map and set functions', () => {
  it('slices, flattens, sorts and de-duplicates lists (cel-go lists extension)', () => {
    expect(cel('["w", "x", "y", "z"].slice(1, 3)')).toEqual(['x', 'y']);
    expect(cel('[[1, 2], [3, [4]]].flatten()')).toEqual([1, 2, 3, [4]]);
    expect(cel('[[1, [2, [3]]]].flatten(5)')).toEqual([1, 2, 3]);
    expect(cel('[3, 1, 2].sort().reverse()')).toEqual([3, 2, 1]);
    expect(
      cel('pods.sortBy("restarts").map(p, p.name)', {
        pods: [
          { name: 'a', restarts: 3 },
          { name: 'b', restarts: 1 },
        ],
      }),
    ).toEqual(['b', 'a']);
    expect(cel('["b", "a", "b"].distinct() == ["b", "a"] && [1, 1, 2].uniq() == [1, 2]')).toBe(true);
    expect(cel('lists.range(3) == [0, 1, 2] && range(2, 8, 3) == [2, 5]')).toBe(true);
    expect(cel('[4, 5].first() + [4, 5].last()')).toBe(9);
    expect(cel('len([4, 5]) + len({"a": 1}) + len("héllo")')).toBe(8);
    expect(cel('len(dyn(xs)) > 0', { xs: [1] })).toBe(true);
    expect(() => cel('[1].slice(0, 5)')).toThrow(/slice: invalid range/);
    expect(() => cel('range(1000000000)')).toThrow(/more than 100000 items/);
  });

  it("reads and reshapes maps (gomplate's keys, values, merge, omit, pick)", () => {
    const vars = { labels: { app: 'api', __name__: 'up', value: '1', team: 'core' } };
    expect(cel('labels.omit(["__name__", "value"])', vars)).toEqual({ app: 'api', team: 'core' });
    expect(cel('labels.pick(["app"]).keys()', vars)).toEqual(['app']);
    expect(cel('{"a": 1}.merge({"b": 2}).values()')).toEqual([1, 2]);
    expect(cel('keyValToMap("env=prod, region=eu")')).toEqual({ env: 'prod', region: 'eu' });
    expect(cel('{"b": "2", "a": "1"}.mapToKeyVal()')).toBe('a=1,b=2');
    expect(cel('coalesce(missing.?x.orValue(null), "", "fallback")', { missing: {} })).toBe('fallback');
  });

  it('supports optional chaining and the sets extension', () => {
    expect(cel('results.?files.orValue([]).size() > 0', { results: {} })).toBe(false);
    expect(cel('json.?a.b.orValue("none")', { json: { a: { b: 'x' } } })).toBe('x');
    expect(
      cel('sets.contains([1, 2, 3], [3, 1]) && sets.equivalent([1, 1], [1.0]) && !sets.intersects([1], [2])'),
    ).toBe(true);
  });

  it("reads AWS tag lists and ARNs as gomplate's aws helpers", () => {
    const dims = [
      { Name: 'InstanceId', Value: 'i-1' },
      { Name: 'Region', Value: 'eu-west-1' },
    ];
    expect(cel('fromAWSMap(d).InstanceId + " " + aws.fromAWSMap(d).Region', { d: dims })).toBe('i-1 eu-west-1');
    expect(cel('aws.arnToMap("arn:aws:sns:eu-west-1:123:alerts")')).toEqual({
      service: 'sns',
      region: 'eu-west-1',
      account: '123',
      resource: 'alerts',
    });
    expect(() => cel('aws.arnToMap("nope")')).toThrow(/is not an ARN/);
  });
});
