import { evaluateExpression } from '../../health/index.js';
import type { ScrapedItem } from '../kinds/scraper-kind.js';
import type { AnalysisRule } from './analysis-rule-schema.js';

/** One firing of a rule on an item. */
export interface Insight {
  analyzer: string;
  analysisType: string;
  severity: string;
  message: string;
  status: string;
}

function variables(item: ScrapedItem): Record<string, unknown> {
  return {
    config: item.config,
    name: item.name,
    type: item.type,
    id: item.key,
    status: item.status ?? '',
    health: item.health ?? '',
    labels: item.labels ?? {},
    tags: item.tags ?? {},
  };
}

/** The insights the rules raise for one item; a rule that fails to evaluate is reported in `errors`. */
export function evaluateRules(rules: readonly AnalysisRule[], item: ScrapedItem, errors: string[]): Insight[] {
  const out: Insight[] = [];
  for (const rule of rules) {
    if (rule.types && !rule.types.includes(item.type)) continue;
    try {
      const vars = variables(item);
      if (evaluateExpression(rule.when, vars) !== true) continue;
      const computed = rule.messageExpr ? evaluateExpression(rule.messageExpr, vars) : undefined;
      out.push({
        analyzer: rule.analyzer,
        analysisType: rule.analysis_type,
        severity: rule.severity,
        message: String(computed ?? rule.message ?? rule.analyzer),
        status: rule.status ?? 'open',
      });
    } catch (error) {
      errors.push(`analysis ${rule.analyzer} on ${item.type}/${item.name}: ${(error as Error).message}`); // ExpressionError
    }
  }
  return out;
}
