import { awsChart } from './aws.js';
import { azureChart } from './azure.js';
import type { ChartDefinition } from './chart-definition.js';
import { fluxChart } from './flux.js';
import { kubernetesChart } from './kubernetes.js';
import { missionControlChart } from './mission-control.js';
import { prometheusChart } from './prometheus.js';

/** The wizard's "Add via GitOps" options in the order 001 §2 lists them. */
export const CHARTS: readonly ChartDefinition[] = [
  awsChart,
  azureChart,
  prometheusChart,
  fluxChart,
  kubernetesChart,
  missionControlChart,
];

/** The chart of an option id, or undefined. */
export function findChart(id: string): ChartDefinition | undefined {
  return CHARTS.find((chart) => chart.id === id);
}
