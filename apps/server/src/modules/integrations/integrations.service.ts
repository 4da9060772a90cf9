import { AppError } from '../../platform/errors.js';
import { type SpecIssue, validateSpecText } from '../settings-views/index.js';
import type { ChartDefinition } from './charts/chart-definition.js';
import { CHARTS, findChart } from './charts/registry.js';

/** Longest values text the validator reads; a chart's values are a few hundred bytes. */
export const MAX_VALUES_LENGTH = 256 * 1024;

/** A chart as the wizard reads it: everything it needs to render the form and the Flux and Helm output. */
export type ChartView = ChartDefinition;

function chartOrThrow(id: string): ChartDefinition {
  const chart = findChart(id);
  if (!chart) {
    throw new AppError('not_found', `No chart '${id}'; known charts: ${CHARTS.map((entry) => entry.id).join(', ')}`);
  }
  return chart;
}

/**
 * The Add Integration wizard's GitOps charts (001 §2): their defaults and values schemas, and the
 * validation of edited values against a chart's schema with line numbers (the same validator as the
 * resource editor's, settings-views/yaml-validation.ts).
 */
export function integrationsService() {
  return {
    charts: (): readonly ChartView[] => CHARTS,
    chart: (id: string): ChartView => chartOrThrow(id),
    validate(id: string, body: unknown): { valid: true; values: unknown } {
      const chart = chartOrThrow(id);
      const values =
        typeof body === 'object' && body !== null && 'values' in body
          ? (body as { values: unknown }).values
          : undefined; // checked just above
      if (typeof values !== 'string') throw new AppError('bad_request', 'values: This field is required (YAML text)');
      if (values.length > MAX_VALUES_LENGTH)
        throw new AppError('bad_request', `values: at most ${MAX_VALUES_LENGTH} characters`);
      const result = validateSpecText(values, chart.schema);
      if (result.valid) return { valid: true, values: result.value };
      const issues: SpecIssue[] = result.issues;
      const [first] = issues;
      const message = first ? `line ${first.line}, column ${first.column}: ${first.message}` : 'Invalid values';
      throw new AppError('bad_request', message, { issues });
    },
  };
}
