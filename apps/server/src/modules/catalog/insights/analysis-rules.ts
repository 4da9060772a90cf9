/**
 * Insight rules of a scraper entry (`analysis:`): CEL expressions over each scraped item. A rule whose
 * `when` is true for an item opens (or keeps open) one config_analysis row for that item and analyzer;
 * when it stops firing, the row is closed (status `resolved`). Variables: `config` (the item's document),
 * `name`, `type`, `id`, `status`, `health`, `labels`, `tags`.
 */
import { z } from 'zod';
import { evaluateExpression, expressionError } from '../../health/expressions/cel.js';
import type { ScrapedItem } from '../kinds/scraper-kind.js';

/** Severities of an insight (upstream duty's analysis severities). */
export const ANALYSIS_SEVERITIES = ['info', 'low', 'medium', 'high', 'critical'] as const;
/** Analysis types (upstream duty's). */
export const ANALYSIS_TYPES = [
  'availability',
  'compliance',
  'cost',
  'integration',
  'other',
  'performance',
  'recommendation',
  'reliability',
  'security',
  'technical_debt',
] as const;

const cel = z.string().refine((value) => expressionError(value) === null, { message: 'is not a valid CEL expression' });

/** One rule as written in a ScrapeConfig. */
export const analysisRuleSchema = z.object({
  analyzer: z.string().min(1, 'is required').max(200),
  analysis_type: z.enum(ANALYSIS_TYPES).default('other'),
  severity: z.enum(ANALYSIS_SEVERITIES).default('medium'),
  /** Only items of these types are judged (all when absent). */
  types: z.array(z.string()).optional(),
  /** Fires when true. */
  when: cel,
  /** Literal message; `messageExpr` (CEL returning a string) wins when both are given. */
  message: z.string().max(2000).optional(),
  messageExpr: cel.optional(),
  /** Status while firing (default `open`). */
  status: z.string().min(1).optional(),
});
/** A parsed rule. */
export type AnalysisRule = z.infer<typeof analysisRuleSchema>;

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
