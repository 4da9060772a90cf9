import { describe, expect, it } from 'vitest';
import {
  carriedFilters,
  itemFilterQuery,
  pairSelector,
  readCatalogFilters,
  tagSelector,
} from './catalog-filter-params';

const params = new URLSearchParams({
  type: 'Kubernetes::Pod:1,File:-1',
  health: 'unhealthy:1',
  tags: 'namespace=shop:1',
  labels: JSON.stringify({ 'app=checkout': 1, 'tier=db': -1 }),
  search: ' check ',
  pageIndex: '3',
  changeId: 'x',
});

describe('catalog filters', () => {
  it('reads the URL filters, ignoring malformed values', () => {
    const filters = readCatalogFilters(params);
    expect(filters.type).toEqual({ 'Kubernetes::Pod': 1, File: -1 });
    expect(filters.search).toBe('check');
    expect(readCatalogFilters(new URLSearchParams({ labels: '{bad', type: 'nostate' })).labels).toEqual({});
  });

  it('carries only the filter parameters to a sibling page', () => {
    const carried = new URLSearchParams(carriedFilters(params).slice(1));
    expect([...carried.keys()]).toEqual(['type', 'health', 'labels', 'tags', 'search']);
    expect(carriedFilters(new URLSearchParams({ pageIndex: '2' }))).toBe('');
  });

  it('turns the filters into data API filters with quoted lists and JSON containment', () => {
    expect(itemFilterQuery(readCatalogFilters(params))).toEqual({
      type: ['in.("Kubernetes::Pod")', 'not.in.("File")'],
      health: ['in.("unhealthy")'],
      tags: ['cs.{"namespace":"shop"}'],
      labels: ['not.cs.{"tier":"db"}', 'cs.{"app":"checkout"}'],
      name: ['ilike.*check*'],
    });
  });

  it('writes tags and labels as selectors for the summary and the changes search', () => {
    const filters = readCatalogFilters(params);
    expect(pairSelector(filters.labels)).toBe('app=checkout,tier!=db');
    expect(tagSelector(filters)).toBe('namespace=shop,app=checkout,tier!=db');
  });
});
