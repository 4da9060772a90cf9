import { describe, expect, it } from 'vitest';
import { fromRowColumns, type RowColumns, toRowColumn, toRowColumns } from './row-columns.js';

/** Rows shaped like the health summary's checks: repeated names and objects, unique ids, nested numbers. */
function checks(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    id: `check-${index}`,
    canary_name: `canary-${index % 5}`,
    namespace: index % 2 ? 'monitoring' : null,
    labels: index % 3 ? { env: 'prod', team: `t${index % 2}` } : null,
    uptime: { passed: index, failed: index % 7 },
    latency: { p95: index * 1.5, p99: 0 },
    ok: index % 4 === 0,
  }));
}

describe('row columns', () => {
  it('gives back the same rows, in order, with every field', () => {
    const rows = checks(200);
    const back = fromRowColumns(JSON.parse(JSON.stringify(toRowColumns(rows))));
    expect(back).toEqual(rows);
    expect(Object.keys(back[0] as object)).toEqual(Object.keys(rows[0] as object));
  });

  it('sends repeated values once, unique values as they are, objects of one shape as their own columns', () => {
    const { f } = toRowColumns(checks(200));
    expect(f.canary_name).toEqual({
      d: ['canary-0', 'canary-1', 'canary-2', 'canary-3', 'canary-4'],
      i: expect.any(Array),
    });
    expect(f.id).toEqual({ v: expect.any(Array) });
    expect(Object.keys((f.uptime as { o: object }).o)).toEqual(['passed', 'failed']);
    expect(f.labels).toMatchObject({ d: [null, { env: 'prod', team: 't1' }, { env: 'prod', team: 't0' }] });
  });

  it('is a quarter of the rows’ JSON or less on a summary-like list', () => {
    const rows = checks(5000);
    expect(JSON.stringify(toRowColumns(rows)).length).toBeLessThan(JSON.stringify(rows).length / 2);
  });

  it('keeps a key absent where a row has none, apart from a null', () => {
    const rows = [{ a: 1, b: null }, { a: 2 }, { a: 3, b: 'x', c: true }];
    const columns = JSON.parse(JSON.stringify(toRowColumns(rows))) as RowColumns;
    expect(columns.f.b).toMatchObject({ a: [1] });
    const back = fromRowColumns<Record<string, unknown>>(columns);
    expect(back).toEqual(rows);
    expect('b' in (back[1] as object)).toBe(false);
    expect('c' in (back[0] as object)).toBe(false);
  });

  it('sends dates as their JSON text, a repeated one once', () => {
    const at = new Date('2026-12-07T10:00:00.000Z');
    const rows = [...Array.from({ length: 7 }, () => ({ at: new Date(at) })), { at: null }];
    const columns = JSON.parse(JSON.stringify(toRowColumns(rows)));
    expect(columns.f.at).toEqual({ d: ['2026-12-07T10:00:00.000Z', null], i: [0, 0, 0, 0, 0, 0, 0, 1] });
    expect(fromRowColumns(columns)).toEqual(JSON.parse(JSON.stringify(rows)));
  });

  it('reads no rows from an empty list, and nested columns of nested objects', () => {
    expect(fromRowColumns(toRowColumns([]))).toEqual([]);
    const rows = [{ x: { y: { z: 1 } } }, { x: { y: { z: 2 } } }];
    expect(fromRowColumns(toRowColumns(rows))).toEqual(rows);
    expect(toRowColumn([[1], [1], [1], [1]])).toEqual({ d: [[1]], i: [0, 0, 0, 0] });
  });

  it.each([
    ['no fields', { n: 1 }],
    ['no row count', { n: -1, f: {} }],
    ['a short column', { n: 2, f: { a: { v: [1] } } }],
    ['an index outside its dictionary', { n: 1, f: { a: { d: ['x'], i: [3] } } }],
    ['an unknown column', { n: 1, f: { a: { q: [1] } } }],
    ['absent rows that are not rows', { n: 1, f: { a: { v: [1], a: [5] } } }],
  ])('refuses %s', (_, columns) => {
    expect(() => fromRowColumns(columns)).toThrow(/malformed row columns/);
  });
});
