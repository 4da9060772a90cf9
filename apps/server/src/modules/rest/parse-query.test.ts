import { describe, expect, test } from 'vitest';
import { splitList } from './parse-filter.js';
import { parseQuery } from './parse-query.js';
import { parseSelect } from './parse-select.js';
import { PgrstError } from './pgrst-error.js';
import type { Condition } from './query-types.js';

const q = (s: string) => parseQuery(new URLSearchParams(s));

function errorOf(fn: () => unknown): PgrstError {
  try {
    fn();
  } catch (error) {
    if (error instanceof PgrstError) return error;
    throw error;
  }
  throw new Error('expected a PgrstError');
}

describe('select', () => {
  test('columns, aliases, casts and JSON paths', () => {
    expect(parseSelect('id, n:name,labels->>app,config->spec->0,duration::text')).toEqual([
      { kind: 'field', field: { name: 'id', path: [] }, alias: undefined, cast: undefined },
      { kind: 'field', field: { name: 'name', path: [] }, alias: 'n', cast: undefined },
      {
        kind: 'field',
        field: { name: 'labels', path: [{ arrow: '->>', key: 'app' }] },
        alias: undefined,
        cast: undefined,
      },
      {
        kind: 'field',
        field: {
          name: 'config',
          path: [
            { arrow: '->', key: 'spec' },
            { arrow: '->', key: '0' },
          ],
        },
        alias: undefined,
        cast: undefined,
      },
      { kind: 'field', field: { name: 'duration', path: [] }, alias: undefined, cast: 'text' },
    ]);
  });

  test('embeds with hint, inner and nesting', () => {
    const items = parseSelect('*,c:canaries!checks_canary_id_fkey!inner(name,checks(id)),x:parent_id()');
    expect(items[0]).toEqual({ kind: 'star' });
    expect(items[1]).toMatchObject({
      kind: 'embed',
      relation: 'canaries',
      alias: 'c',
      hint: 'checks_canary_id_fkey',
      inner: true,
    });
    expect(items[2]).toMatchObject({ kind: 'embed', relation: 'parent_id', alias: 'x', select: [] });
  });

  test('quoted names keep their spaces and quotes', () => {
    expect(parseSelect('"my col"')).toMatchObject([{ field: { name: 'my col' } }]);
  });

  test('the top-level list ends after an embed, or before a `)`, the rest ignored (PostgREST 12)', () => {
    expect(parseSelect('*,created_by(id,name))')).toMatchObject([
      { kind: 'star' },
      { kind: 'embed', relation: 'created_by' },
    ]);
    expect(parseSelect('*,a:rel(*)::jsonb,b:other(id)')).toMatchObject([
      { kind: 'star' },
      { kind: 'embed', alias: 'a' },
    ]);
    expect(parseSelect('id)x')).toMatchObject([{ kind: 'field', field: { name: 'id' } }]);
    expect(errorOf(() => parseSelect('a(b(*)::jsonb)')).code).toBe('PGRST100');
    expect(errorOf(() => parseSelect('id!x')).code).toBe('PGRST100');
  });

  test.each(['id,', 'a(', 'a::evil', 'a->', ',', 'a b(c'])('malformed %s is PGRST100', (raw) => {
    const error = errorOf(() => parseSelect(raw));
    expect(error.code).toBe('PGRST100');
    expect(error.status).toBe(400);
  });
});

describe('filters', () => {
  test('operators, not, quantifiers, languages and lists', () => {
    const parsed = q('a=eq.1&b=not.in.(x,"y,z",  w )&c=fts(english).cat&d=like(any).{a*,b*}&e=is.NULL&f->>k=ilike.*x*');
    const filters = parsed.nodes.get('')?.conditions.map((c) => (c.kind === 'filter' ? c.filter : null));
    expect(filters?.[0]).toMatchObject({ op: 'eq', value: '1', negate: false });
    expect(filters?.[1]).toMatchObject({ op: 'in', value: ['x', 'y,z', 'w'], negate: true });
    expect(filters?.[2]).toMatchObject({ op: 'fts', language: 'english', value: 'cat' });
    expect(filters?.[3]).toMatchObject({ op: 'like', quantifier: 'any', value: ['a*', 'b*'] });
    expect(filters?.[4]).toMatchObject({ op: 'is', value: 'NULL' });
    expect(filters?.[5]).toMatchObject({ field: { name: 'f', path: [{ arrow: '->>', key: 'k' }] }, op: 'ilike' });
  });

  test('embedded filters, order and paging go to their level', () => {
    const parsed = q(
      'checks.status=eq.healthy&checks.order=name.desc.nullslast&checks.limit=2&checks.offset=1&limit=5',
    );
    expect(parsed.nodes.get('checks')).toMatchObject({
      limit: 2,
      offset: 1,
      order: [{ field: { name: 'name' }, direction: 'desc', nulls: 'last' }],
    });
    expect(parsed.nodes.get('')?.limit).toBe(5);
  });

  test('nested logic trees with not', () => {
    const parsed = q('not.or=(a.eq.1,and(b.gt.2,c.is.null),not.and(d.in.(1,2),e.like.x*))&checks.or=(f.eq.2)');
    const root = parsed.nodes.get('')?.conditions[0] as Condition;
    expect(root).toMatchObject({ kind: 'logic', op: 'or', negate: true });
    expect(root.kind === 'logic' && root.children.length).toBe(3);
    expect(root.kind === 'logic' && root.children[2]).toMatchObject({ kind: 'logic', op: 'and', negate: true });
    expect(parsed.nodes.get('checks')?.conditions[0]).toMatchObject({ kind: 'logic', op: 'or' });
  });

  test('values keep dots and commas', () => {
    const parsed = q('url=eq.http://a.b/c?d=1,2');
    expect(parsed.nodes.get('')?.conditions[0]).toMatchObject({ filter: { value: 'http://a.b/c?d=1,2' } });
  });

  test.each([
    'a=foo.1',
    'a=eq',
    'a=in.1,2',
    'a=is.maybe',
    'or=(a.eq.1',
    'or=a.eq.1',
    'or=(a.zz.1)',
    'order=a.sideways',
    'limit=x',
    'a=eq(any).1',
    'a=fts(bad lang).x',
  ])('%s is PGRST100', (s) => {
    expect(errorOf(() => q(s)).code).toBe('PGRST100');
  });

  test('a negative limit is a 416', () => {
    expect(errorOf(() => q('limit=-1'))).toMatchObject({ status: 416, code: 'PGRST103' });
  });

  test('RPC arguments are set aside', () => {
    const parsed = parseQuery(new URLSearchParams('n=3&name=eq.x'), new Set(['n']));
    expect(parsed.extra.get('n')).toBe('3');
    expect(parsed.nodes.get('')?.conditions).toHaveLength(1);
  });

  test('list splitting honours quotes and escapes', () => {
    expect(splitList('a, "b,c" ,"d\\"e"')).toEqual(['a', 'b,c', 'd"e']);
  });
});
