/**
 * A component's `statusExpr` and `healthExpr`, evaluated when the tree is read, as upstream (duty's
 * GetStatus/GetHealth on every tree answer): CEL over `summary` (its children's counts by status, its
 * checks', its open incidents and insights) and, for `healthExpr`, `self` (the component's fields). A
 * component's health is its status here, so either sets the status; `statusExpr` wins when both are
 * written. An answer that is not a status (or an expression that fails) leaves the status unknown, with
 * the reason saying what the expression answered.
 */
import type { ComponentStatus, TopologyComponent } from '@mc/contracts';
import { evaluateExpression } from '../health/index.js';
import { normalizeStatus } from './lookups/lookup-rows.js';

/** A tree row with the expressions its spec gave it. */
export interface ExpressionRow {
  status_expr?: string | null;
  health_expr?: string | null;
}

function summaryEnv(component: TopologyComponent): Record<string, unknown> {
  const summary = component.summary ?? {};
  return {
    healthy: summary.healthy ?? 0,
    unhealthy: summary.unhealthy ?? 0,
    warning: summary.warning ?? 0,
    unknown: summary.unknown ?? 0,
    info: 0,
    incidents: summary.incidents ?? 0,
    insights: summary.insights ?? 0,
    checks: summary.checks ?? {},
  };
}

function selfEnv(component: TopologyComponent): Record<string, unknown> {
  const { components: _children, ...self } = component;
  return self;
}

/** Applies the row's expression (if any) to its status and reason, in place. */
export function applyStatusExpression(row: TopologyComponent & ExpressionRow): void {
  const field = row.status_expr ? 'statusExpr' : row.health_expr ? 'healthExpr' : undefined;
  const expression = row.status_expr || row.health_expr;
  if (!field || !expression) return;
  const variables: Record<string, unknown> = { summary: summaryEnv(row) };
  if (field === 'healthExpr') variables.self = selfEnv(row);
  let answer: unknown;
  try {
    answer = evaluateExpression(expression, variables);
  } catch (error) {
    row.status = 'unknown';
    row.status_reason = `${field}: ${error instanceof Error ? error.message : String(error)}`;
    return;
  }
  const status: ComponentStatus | undefined = normalizeStatus(answer);
  row.status = status ?? 'unknown';
  row.status_reason = status ? `${field} answered ${status}` : `${field} answered '${String(answer).slice(0, 200)}'`;
}
