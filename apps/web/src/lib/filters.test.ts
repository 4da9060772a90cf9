import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  chipSummary,
  decodeLabels,
  decodeSelection,
  encodeLabels,
  encodeSelection,
  filterParamName,
  nextTriState,
  selectionToFilterValue,
  setSelectionState,
  setTagState,
} from './filters';

afterEach(() => vi.restoreAllMocks());

describe('tri-state', () => {
  it('clicking the active state returns to 0', () => {
    expect(nextTriState(0, 1)).toBe(1);
    expect(nextTriState(1, 1)).toBe(0);
    expect(nextTriState(1, -1)).toBe(-1);
    expect(nextTriState(-1, -1)).toBe(0);
  });
});

describe('value:state URL encoding', () => {
  it('encodes include and exclude, escaping commas and colons', () => {
    const encoded = encodeSelection({ healthy: 1, 'a,b': -1, 'k:v': 1 });
    expect(encoded).toBe('healthy:1,a||||b:-1,k____v:1');
    expect(decodeSelection(encoded)).toEqual({ healthy: 1, 'a,b': -1, 'k:v': 1 });
  });

  it('skips malformed items and forbidden keys', () => {
    expect(decodeSelection('a:2,b,:1,__proto__:1,c:-1')).toEqual({ c: -1 });
  });

  it('0 removes an item', () => {
    expect(setSelectionState({ a: 1, b: -1 }, 'a', 0)).toEqual({ b: -1 });
  });

  it("builds the '.filter' parameter with '!' for excludes", () => {
    expect(filterParamName('type')).toBe('type.filter');
    expect(selectionToFilterValue({ a: 1, b: -1 })).toBe('a,!b');
  });
});

describe('tags dropdown', () => {
  it('keeps one state per tag key', () => {
    const first = setTagState({}, 'env:prod', 1);
    const second = setTagState(first, 'env:dev', -1);
    expect(second).toEqual({ 'env:dev': -1 });
    expect(setTagState(second, 'team:core', 1)).toEqual({ 'env:dev': -1, 'team:core': 1 });
  });
});

describe('label filters', () => {
  it('keeps 1 and -1, dropping 0', () => {
    expect(encodeLabels({ 'app=web': 1, 'tier=db': -1 })).toBe('{"app=web":1,"tier=db":-1}');
    expect(decodeLabels('{"app=web":1,"tier=db":-1,"x=y":0}')).toEqual({ 'app=web': 1, 'tier=db': -1 });
    expect(encodeLabels({})).toBeUndefined();
  });

  it("logs 'Error parsing labels' and ignores a label URL that fails to parse", () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(decodeLabels('{not json')).toEqual({});
    expect(error.mock.calls[0]?.[0]).toBe('Error parsing labels');
  });

  it('ignores __proto__ and constructor keys', () => {
    const labels = decodeLabels('{"__proto__":1,"constructor":-1,"a=b":1}');
    expect(Object.keys(labels)).toEqual(['a=b']);
  });
});

describe('chips', () => {
  it('show up to 3 items, then a count', () => {
    expect(chipSummary(['a', 'b', 'c'])).toBe('a, b, c');
    expect(chipSummary(['a', 'b', 'c', 'd', 'e'])).toBe('a, b, c +2');
  });
});
