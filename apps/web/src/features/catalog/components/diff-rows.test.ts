import { describe, expect, it } from 'vitest';
import { SAMPLE_DIFF } from '../testing/build-catalog';
import { sideBySideRows, unifiedLines } from './diff-rows';

describe('diff rows', () => {
  it('numbers the lines of a unified diff on both sides', () => {
    expect(unifiedLines(SAMPLE_DIFF)).toEqual([
      { kind: 'hunk', text: '@@ -1,3 +1,3 @@' },
      { kind: 'context', text: 'kind: Deployment', oldNumber: 1, newNumber: 1 },
      { kind: 'removed', text: 'replicas: 2', oldNumber: 2 },
      { kind: 'added', text: 'replicas: 3', newNumber: 2 },
      { kind: 'context', text: 'image: shop/checkout:1.4', oldNumber: 3, newNumber: 3 },
    ]);
  });

  it('puts each removed line beside the added line that replaced it, and pads uneven runs', () => {
    const rows = sideBySideRows(
      unifiedLines(['--- a', '+++ b', '@@ -1,3 +1,3 @@', '-a: 1', '-b: 2', '+a: 9', ' c: 3', '+d: 4', ''].join('\n')),
    );
    expect(rows.map((row) => [row.hunk ?? '', row.left?.text ?? null, row.right?.text ?? null])).toEqual([
      ['@@ -1,3 +1,3 @@', null, null],
      ['', 'a: 1', 'a: 9'],
      ['', 'b: 2', null],
      ['', 'c: 3', 'c: 3'],
      ['', null, 'd: 4'],
    ]);
  });

  it('gives no lines for text that is not a diff', () => {
    expect(unifiedLines('just text')).toEqual([]);
  });
});
