import {
  type ChartDefinition,
  DEFAULT_INTEGRATION_NAMESPACE,
  FLANKSOURCE_CHARTS,
  leaf,
  object,
  valuesSchema,
} from './chart-definition.js';

/** mission-control-kubernetes: the cluster's objects, events and logs in the catalog, and its topology. */
export const kubernetesChart: ChartDefinition = {
  id: 'kubernetes',
  title: 'Kubernetes',
  description: 'Scrape a Kubernetes cluster into the catalog and build its topology',
  chart: 'mission-control-kubernetes',
  repositoryName: FLANKSOURCE_CHARTS.name,
  repositoryUrl: FLANKSOURCE_CHARTS.url,
  releaseName: 'mission-control-kubernetes',
  defaultNamespace: DEFAULT_INTEGRATION_NAMESPACE,
  defaults: {
    clusterName: 'kubernetes',
    scraper: { schedule: '@every 15m', watch: true, retention: { changes: '7d' } },
    topology: { enabled: true },
    logs: { enabled: true },
  },
  schema: valuesSchema(
    'kubernetes',
    {
      clusterName: leaf.string('Name of the cluster in the catalog', { minLength: 1 }),
      scraper: object('The catalog scraper of the cluster', {
        schedule: leaf.schedule(),
        watch: leaf.boolean('Follow changes as they happen (watch) between full scrapes'),
        exclusions: leaf.strings('Kinds or names to leave out, such as Event'),
        retention: object('How long to keep what is scraped', {
          changes: leaf.string('Age of the oldest change kept, such as 7d', { pattern: '^\\d+[smhd]$' }),
          deleted: leaf.string('Age of the oldest deleted item kept', { pattern: '^\\d+[smhd]$' }),
        }),
      }),
      topology: object('The cluster topology (nodes, namespaces, workloads)', {
        enabled: leaf.boolean('Create the topology'),
      }),
      logs: object('Pod logs as a log backend', { enabled: leaf.boolean('Create the log backend') }),
      playbooks: object('Restart, scale and delete playbooks', { enabled: leaf.boolean('Install the playbooks') }),
    },
    ['clusterName'],
  ),
};
