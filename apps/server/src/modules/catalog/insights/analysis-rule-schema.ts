/** The `analysis:` rules of a scraper entry as written (evaluated by analysis-rules.ts). */
import { z } from 'zod';
import { expressionError } from '../../health/index.js';

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
