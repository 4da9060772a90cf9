import {
  type ChartDefinition,
  DEFAULT_INTEGRATION_NAMESPACE,
  FLANKSOURCE_CHARTS,
  leaf,
  object,
  valuesSchema,
} from './chart-definition.js';

/** mission-control-flux: Flux Kustomizations and HelmReleases in the catalog, with reconcile playbooks. */
export const fluxChart: ChartDefinition = {
  id: 'flux',
  title: 'Flux',
  description: 'Flux sources, Kustomizations and HelmReleases with reconcile playbooks',
  chart: 'mission-control-flux',
  repositoryName: FLANKSOURCE_CHARTS.name,
  repositoryUrl: FLANKSOURCE_CHARTS.url,
  releaseName: 'mission-control-flux',
  defaultNamespace: DEFAULT_INTEGRATION_NAMESPACE,
  note: 'The Kubernetes chart (mission-control-kubernetes) must be installed in flux before this one.',
  defaults: { playbooks: { enabled: true }, checks: { enabled: true, schedule: '@every 5m' } },
  schema: valuesSchema('flux', {
    playbooks: object('Playbooks that reconcile, suspend and resume Flux objects', {
      enabled: leaf.boolean('Install the playbooks'),
    }),
    checks: object('Health checks of every Kustomization and HelmRelease', {
      enabled: leaf.boolean('Create the checks'),
      schedule: leaf.schedule(),
    }),
    namespaces: leaf.strings('Namespaces to watch (all when empty)'),
  }),
};
