/**
 * The silence matcher for other modules: whether a scope with a silence's selectors (a maintenance window)
 * covers a check, component or catalog item — the same rule, ancestors and CEL filter variables a silence
 * uses for an event about that resource. The resource and its ancestors load once per matcher.
 */
import type { EventResource } from './event-resources.js';
import { loadEventResource } from './event-resources.js';
import { type Ancestors, ancestorsOf } from './relations.repo.js';
import { type SilenceScope, silenceCovers } from './silence-match.js';
import type { Sql } from './sql.js';

/** A resource a scope may cover. */
export interface ScopedResource {
  kind: 'check' | 'component' | 'config';
  id: string;
}

/** The failure event of each kind: its variables are what a scope's filter sees. */
const EVENT_OF: Readonly<Record<ScopedResource['kind'], string>> = {
  check: 'check.failed',
  component: 'component.unhealthy',
  config: 'config.unhealthy',
};

/**
 * A matcher for `target`: call it with each scope; it answers false for every scope when the resource
 * does not exist. The first call loads the resource and its ancestors; later calls reuse them.
 */
export function scopeMatcher(db: Sql, target: ScopedResource): (scope: SilenceScope) => Promise<boolean> {
  let loaded: Promise<{ resource: EventResource; ancestors: Ancestors } | undefined> | undefined;
  const load = async () => {
    const resource = await loadEventResource(db, {
      id: '',
      name: EVENT_OF[target.kind],
      properties: { id: target.id },
      attempts: 0,
      created_at: new Date(),
    });
    if (!resource) return undefined;
    return { resource, ancestors: await ancestorsOf(db, resource.kind, resource.id, resource.env) };
  };
  return async (scope) => {
    loaded ??= load();
    const found = await loaded;
    return found ? silenceCovers(scope, found.resource, found.ancestors) : false;
  };
}
