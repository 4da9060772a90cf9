import { INTEGRATION_INTERVAL } from '@mc/contracts';
import { parse, stringify } from 'yaml';

/** What the generated output is made from: the chart, the namespace and the edited values text. */
export interface ChartOutputInput {
  chart: { chart: string; repositoryName: string; repositoryUrl: string; releaseName: string };
  namespace: string;
  valuesText: string;
}

/** The two tabs of the GitOps form (001 §2). */
export const OUTPUT_TABS = ['Flux', 'Helm CLI'] as const;
/** One output tab. */
export type OutputTab = (typeof OUTPUT_TABS)[number];

const NAMESPACE = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/** Why the namespace cannot be used, or undefined when it can. */
export function namespaceProblem(namespace: string): string | undefined {
  if (namespace.trim() === '') return 'Namespace is required';
  if (namespace.length > 63 || !NAMESPACE.test(namespace)) {
    return 'Namespace must be lowercase letters, digits and hyphens (dns1123), at most 63 characters';
  }
  return undefined;
}

/** The values as an object; a YAML error or a non-object becomes a message. */
export function parseValues(
  text: string,
): { ok: true; values: Record<string, unknown> } | { ok: false; message: string } {
  try {
    const value: unknown = parse(text);
    if (value === null || value === undefined) return { ok: true, values: {} };
    if (typeof value !== 'object' || Array.isArray(value))
      return { ok: false, message: 'Values must be a YAML mapping' };
    return { ok: true, values: value as Record<string, unknown> }; // a non-array object, checked above
  } catch (error) {
    return { ok: false, message: (error as Error).message.split('\n')[0] ?? 'Invalid YAML' }; // yaml throws YAMLParseError
  }
}

/** The HelmRepository and HelmRelease a Flux repository holds for the chart (two YAML documents). */
export function fluxOutput(input: ChartOutputInput, values: Record<string, unknown>): string {
  const { chart, namespace } = input;
  const repository = {
    apiVersion: 'source.toolkit.fluxcd.io/v1',
    kind: 'HelmRepository',
    metadata: { name: chart.repositoryName, namespace },
    spec: { interval: INTEGRATION_INTERVAL, url: chart.repositoryUrl },
  };
  const release = {
    apiVersion: 'helm.toolkit.fluxcd.io/v2',
    kind: 'HelmRelease',
    metadata: { name: chart.releaseName, namespace },
    spec: {
      interval: INTEGRATION_INTERVAL,
      chart: {
        spec: {
          chart: chart.chart,
          sourceRef: { kind: 'HelmRepository', name: chart.repositoryName, namespace },
        },
      },
      ...(Object.keys(values).length > 0 ? { values } : {}),
    },
  };
  return `${stringify(repository)}---\n${stringify(release)}`;
}

/** The `helm upgrade --install` command with the values passed on standard input. */
export function helmOutput(input: ChartOutputInput, values: Record<string, unknown>): string {
  const { chart, namespace } = input;
  const lines = [
    `helm repo add ${chart.repositoryName} ${chart.repositoryUrl}`,
    'helm repo update',
    `helm upgrade --install ${chart.releaseName} ${chart.repositoryName}/${chart.chart} \\`,
    `  -n ${namespace} --create-namespace${Object.keys(values).length > 0 ? ' \\' : ''}`,
  ];
  if (Object.keys(values).length === 0) return lines.join('\n');
  return [...lines, "  -f - <<'EOF'", stringify(values).trimEnd(), 'EOF'].join('\n');
}

/** Both outputs, or why they cannot be generated. */
export function chartOutput(
  input: ChartOutputInput,
): { ok: true; flux: string; helm: string } | { ok: false; message: string } {
  const problem = namespaceProblem(input.namespace);
  if (problem) return { ok: false, message: problem };
  const parsed = parseValues(input.valuesText);
  if (!parsed.ok) return parsed;
  return { ok: true, flux: fluxOutput(input, parsed.values), helm: helmOutput(input, parsed.values) };
}
