import { describe, expect, it } from 'vitest';
import { jsonArraySlices } from './json-array-slices';

const tricky = [
  { id: 1, text: 'a "quoted" } ] , { [ text', labels: { 'a,b': '}' } },
  { id: 2, text: 'ends in a backslash \\', nested: [[1, 2], { deep: [3] }] },
  { id: 3, text: 'unicode ✓ and \u0001 escapes', empty: {} },
  null,
  42,
  'plain',
  [],
];

function readAll(text: string, key: string | undefined, size: number): unknown[] {
  const slices = jsonArraySlices(text, key);
  if (!slices) throw new Error('not opened');
  const out: unknown[] = [];
  while (!slices.done) out.push(...slices.next(size));
  return out;
}

describe('jsonArraySlices', () => {
  it('hands out the elements of the named array, in slices, exactly as a whole parse reads them', () => {
    const text = JSON.stringify({ duration: 3, runnerName: 'x "checks_summary": [', checks_summary: tricky, to: 'z' });
    for (const size of [1, 2, 3, 100]) expect(readAll(text, 'checks_summary', size)).toEqual(tricky);
  });

  it('reads an answer that is the array itself when no key is given', () => {
    expect(readAll(` ${JSON.stringify(tricky)}`, undefined, 2)).toEqual(tricky);
    expect(jsonArraySlices('[]')?.done).toBe(true);
  });

  it('copes with white space between every token', () => {
    const text = JSON.stringify({ before: { a: [1, { b: '[' }] }, list: tricky }, null, 2);
    expect(readAll(text, 'list', 2)).toEqual(tricky);
  });

  it('reads the first elements without touching the rest', () => {
    const text = `{"list":[{"id":1},{"id":2},{"id":3}, this is not JSON`;
    const slices = jsonArraySlices(text, 'list');
    expect(slices?.next(2)).toEqual([{ id: 1 }, { id: 2 }]);
    expect(slices?.done).toBe(false);
    expect(() => slices?.next(5)).toThrow(SyntaxError);
  });

  it('is done at once for an empty array, and undefined without the array', () => {
    expect(jsonArraySlices('{"list": [ ] }', 'list')?.done).toBe(true);
    expect(jsonArraySlices('{"other":[1]}', 'list')).toBeUndefined();
    expect(jsonArraySlices('{"list":{"a":1}}', 'list')).toBeUndefined();
    expect(jsonArraySlices('[1,2]', 'list')).toBeUndefined();
    expect(jsonArraySlices('{"list":[1]}')).toBeUndefined();
    expect(jsonArraySlices('', 'list')).toBeUndefined();
  });
});
