import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { chartOutput, namespaceProblem } from './chart-output';

const chart = {
  chart: 'mission-control-prometheus',
  repositoryName: 'flanksource',
  repositoryUrl: 'https://flanksource.github.io/charts',
  releaseName: 'mission-control-prometheus',
};

describe('chart output', () => {
  it('writes a HelmRepository and a HelmRelease carrying the edited values', () => {
    const output = chartOutput({
      chart,
      namespace: 'monitoring',
      valuesText: 'url: http://prom:9090\nalerts:\n  enabled: false\n',
    });
    if (!output.ok) throw new Error(output.message);
    const [repository, release] = parseAllDocuments(output.flux).map((document) => document.toJS());
    expect(repository).toEqual({
      apiVersion: 'source.toolkit.fluxcd.io/v1',
      kind: 'HelmRepository',
      metadata: { name: 'flanksource', namespace: 'monitoring' },
      spec: { interval: '30m', url: 'https://flanksource.github.io/charts' },
    });
    expect(release).toMatchObject({
      apiVersion: 'helm.toolkit.fluxcd.io/v2',
      kind: 'HelmRelease',
      metadata: { name: 'mission-control-prometheus', namespace: 'monitoring' },
      spec: {
        interval: '30m',
        chart: {
          spec: { chart: 'mission-control-prometheus', sourceRef: { kind: 'HelmRepository', name: 'flanksource' } },
        },
        values: { url: 'http://prom:9090', alerts: { enabled: false } },
      },
    });
  });

  it('writes the helm upgrade --install command with the values on standard input', () => {
    const output = chartOutput({ chart, namespace: 'monitoring', valuesText: 'url: http://prom:9090\n' });
    if (!output.ok) throw new Error(output.message);
    expect(output.helm).toBe(
      [
        'helm repo add flanksource https://flanksource.github.io/charts',
        'helm repo update',
        'helm upgrade --install mission-control-prometheus flanksource/mission-control-prometheus \\',
        '  -n monitoring --create-namespace \\',
        "  -f - <<'EOF'",
        'url: http://prom:9090',
        'EOF',
      ].join('\n'),
    );
    const empty = chartOutput({ chart, namespace: 'monitoring', valuesText: '' });
    expect(empty.ok && empty.helm.endsWith('--create-namespace')).toBe(true);
  });

  it('says why it cannot generate: a bad namespace, YAML that does not parse, values that are not a mapping', () => {
    expect(namespaceProblem('')).toBe('Namespace is required');
    expect(chartOutput({ chart, namespace: 'Mon_itoring', valuesText: '' })).toMatchObject({ ok: false });
    expect(chartOutput({ chart, namespace: 'm', valuesText: 'url: [' })).toMatchObject({ ok: false });
    expect(chartOutput({ chart, namespace: 'm', valuesText: '- a' })).toEqual({
      ok: false,
      message: 'Values must be a YAML mapping',
    });
  });
});
