import { describe, expect, it } from 'vitest';
import { parseResourceQuery } from './resource-query';

const KEYS = ['name', 'type', 'health', 'namespace'];

describe('parseResourceQuery (001 §5 resource selector search)', () => {
  it('reads the hint examples as filters', () => {
    expect(parseResourceQuery('name=grafana type=Kubernetes::Deployment', KEYS)).toEqual({
      filters: { name: ['eq.grafana'], type: ['eq.Kubernetes::Deployment'] },
    });
    expect(parseResourceQuery('health=healthy,unhealthy', KEYS)).toEqual({
      filters: { health: ['in.("healthy","unhealthy")'] },
    });
  });

  it('plain words search the name; wildcards and exclusions', () => {
    expect(parseResourceQuery('  graf ana ', KEYS)).toEqual({ filters: { name: ['ilike.*graf ana*'] } });
    expect(parseResourceQuery('name=web* health=!healthy', KEYS)).toEqual({
      filters: { name: ['ilike.web*'], health: ['not.eq.healthy'] },
    });
    expect(parseResourceQuery('', KEYS)).toEqual({ filters: {} });
  });

  it('names what it cannot read instead of dropping it', () => {
    expect(parseResourceQuery('health=ok', ['name'])).toEqual({ problem: 'health= is not a field here; use name' });
    expect(parseResourceQuery('type=', KEYS)).toEqual({ problem: 'type= needs a value' });
    expect(parseResourceQuery('name=a*,b', KEYS)).toEqual({ problem: 'name=: a wildcard takes one value' });
  });
});
