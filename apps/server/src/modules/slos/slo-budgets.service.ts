/**
 * SLO budgets of one check or component for other modules (status pages, badges): no caller's reach is
 * applied, so the caller must show them only where the object itself is published (a public status
 * page, or a badge URL carrying a read token). Names and figures only: no ids of checks or components.
 */
import type { Database } from '@mc/db';
import { EVERY_RESOURCE } from '../../platform/resource-visibility.js';
import { slosService } from './slos.service.js';

/** One SLO's published figures. */
export interface SloBudget {
  id: string;
  name: string;
  kind: 'availability' | 'latency';
  target: number;
  window_days: number;
  /** Measured level over the window in percent; null without a counted run. */
  sli: number | null;
  /** Share of the error budget left, in percent (below zero once overspent). */
  budget_remaining: number;
}

/** The live SLOs of a check or a component with their figures now (at most 50). */
export async function sloBudgetsOf(
  database: Database,
  object: { checkId: string } | { componentId: string },
): Promise<SloBudget[]> {
  const query = 'checkId' in object ? { check_id: object.checkId } : { component_id: object.componentId };
  const { items } = await slosService(database).list(EVERY_RESOURCE, query);
  return items.map((slo) => ({
    id: slo.id,
    name: slo.name,
    kind: slo.kind,
    target: slo.target,
    window_days: slo.window_days,
    sli: slo.status.sli,
    budget_remaining: slo.status.budget_remaining,
  }));
}
