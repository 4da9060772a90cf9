import {
  type ChartDefinition,
  DEFAULT_INTEGRATION_NAMESPACE,
  FLANKSOURCE_CHARTS,
  leaf,
  object,
  valuesSchema,
} from './chart-definition.js';

/** mission-control-prometheus: health checks from Prometheus queries and alerts, and its targets in the catalog. */
export const prometheusChart: ChartDefinition = {
  id: 'prometheus',
  title: 'Prometheus',
  description: 'Health checks from Prometheus alerts and queries',
  chart: 'mission-control-prometheus',
  repositoryName: FLANKSOURCE_CHARTS.name,
  repositoryUrl: FLANKSOURCE_CHARTS.url,
  releaseName: 'mission-control-prometheus',
  defaultNamespace: DEFAULT_INTEGRATION_NAMESPACE,
  defaults: {
    url: 'http://prometheus.monitoring.svc:9090',
    alerts: { enabled: true, schedule: '@every 5m', ignore: [] },
    scraper: { enabled: true, schedule: '@every 1h' },
  },
  schema: valuesSchema(
    'prometheus',
    {
      url: leaf.string('Address of the Prometheus server', { pattern: '^https?://' }),
      connection: leaf.string('A stored connection (connection://prometheus/<name>) instead of the URL'),
      auth: object('Credentials of the Prometheus API', {
        username: leaf.string('Basic auth user'),
        password: leaf.string('Basic auth password, or a secret reference'),
        bearer: leaf.string('Bearer token, or a secret reference'),
      }),
      alerts: object('A canary with one check per firing alert', {
        enabled: leaf.boolean('Create the alerts canary'),
        schedule: leaf.schedule(),
        ignore: leaf.strings('Alert names to ignore'),
        severities: leaf.strings('Alert severities to include (all when empty)'),
      }),
      scraper: object('Prometheus targets as catalog items', {
        enabled: leaf.boolean('Create the scraper'),
        schedule: leaf.schedule(),
      }),
    },
    ['url'],
  ),
};
