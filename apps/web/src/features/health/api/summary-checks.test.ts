import { toRowColumns } from '@mc/contracts';
import { describe, expect, it } from 'vitest';
import { buildHealthSummary } from '../../../test/factories/health';
import { buildCheck } from '../testing/build-check';
import { summaryChecks } from './summary-checks';

// ~1 MB of JSON: long enough to be read progressively
const many = Array.from({ length: 2500 }, (_, index) =>
  buildCheck({ id: `m${index}`, name: `check-${index}`, description: 'words '.repeat(40) }),
);
const text = JSON.stringify(buildHealthSummary(many));

describe('summaryChecks', () => {
  it('reads a long answer whole in one parse, as JSON.parse does, and all() then answers the same list', async () => {
    const answer = summaryChecks(text);
    expect(answer.complete).toBe(false);
    expect(answer.first.length).toBeLessThan(many.length);
    const every = answer.whole();
    expect(every).toEqual(JSON.parse(text).checks_summary);
    expect(answer.whole()).toBe(every);
    expect(await answer.all()).toBe(every);
  });

  it('reads a long answer progressively when not asked whole', async () => {
    const answer = summaryChecks(text);
    expect(await answer.all()).toEqual(many);
  });

  it('gives a short answer’s list both ways', async () => {
    const answer = summaryChecks(JSON.stringify(buildHealthSummary(many.slice(0, 3))));
    expect(answer.complete).toBe(true);
    expect(answer.whole()).toBe(answer.first);
    expect(answer.whole()).toHaveLength(3);
  });

  it('reads an answer of columns (format: columns) whole at once: the same checks as rows', async () => {
    const { checks_summary, ...head } = buildHealthSummary(many);
    const columns = `{"checks_columns":${JSON.stringify(toRowColumns(checks_summary))},${JSON.stringify(head).slice(1)}`;
    expect(columns.length).toBeLessThan(text.length / 2);
    const answer = summaryChecks(columns);
    expect(answer.complete).toBe(true);
    expect(answer.first).toEqual(many);
    expect(answer.whole()).toBe(answer.first);
    expect(await answer.all()).toBe(answer.first);
  });

  it('reports a malformed answer of columns from whole() and all()', async () => {
    const answer = summaryChecks('{"checks_columns":{"n":2,"f":{"id":{"v":["a"]}}}}');
    expect(answer.complete).toBe(false);
    expect(() => answer.whole()).toThrow(/malformed row columns/);
    await expect(answer.all()).rejects.toThrow(/malformed row columns/);
  });

  it('throws a malformed long answer’s SyntaxError from whole()', () => {
    const answer = summaryChecks(text.slice(0, -10));
    expect(() => answer.whole()).toThrow(SyntaxError);
  });
});
