/**
 * Whether a silence covers an event's resource: the resource itself (check, canary's checks, catalog
 * item, component) and, for a recursive silence, anything below it — a component's children and the
 * checks linked to them, a catalog item's children — or a CEL filter over the event's variables. An SLO's
 * burn-rate event is matched as its check or component ({@link heldObject}).
 */
import { evaluateExpression } from '../health/index.js';
import { type EventResource, heldObject } from './event-resources.js';
import { variablesFor } from './filter-variables.js';
import type { Ancestors } from './relations.repo.js';
import type { SilenceRow } from './silences.repo.js';

/** The columns that say what a silence (or a maintenance window, which shares them) covers. */
export type SilenceScope = Pick<
  SilenceRow,
  'check_id' | 'canary_id' | 'component_id' | 'config_id' | 'recursive' | 'filter'
>;

/** True when `silence` covers `resource` (whose held object's ancestors are given). A failing filter matches nothing. */
export function silenceCovers(silence: SilenceScope, resource: EventResource, ancestors: Ancestors): boolean {
  const targeted = Boolean(silence.check_id || silence.canary_id || silence.component_id || silence.config_id);
  if (targeted) {
    const object = heldObject(resource);
    const hit =
      (silence.check_id !== null && object.kind === 'check' && object.id === silence.check_id) ||
      (silence.canary_id !== null && ancestors.canaries.has(silence.canary_id)) ||
      (silence.component_id !== null &&
        ((object.kind === 'component' && object.id === silence.component_id) ||
          (silence.recursive && ancestors.components.has(silence.component_id)))) ||
      (silence.config_id !== null &&
        ((object.kind === 'config' && object.id === silence.config_id) ||
          (silence.recursive && ancestors.configs.has(silence.config_id))));
    if (!hit) return false;
  }
  if (silence.filter) {
    try {
      return evaluateExpression(silence.filter, variablesFor(silence.filter, resource.env)) === true;
    } catch {
      return false;
    }
  }
  return targeted;
}
