import {
  type ChartDefinition,
  DEFAULT_INTEGRATION_NAMESPACE,
  FLANKSOURCE_CHARTS,
  leaf,
  object,
  valuesSchema,
} from './chart-definition.js';

/** mission-control: the product itself, for a GitOps-managed install (or an agent's upstream). */
export const missionControlChart: ChartDefinition = {
  id: 'mission-control',
  title: 'Mission Control',
  description: 'Mission Control itself, managed by GitOps',
  chart: 'mission-control',
  repositoryName: FLANKSOURCE_CHARTS.name,
  repositoryUrl: FLANKSOURCE_CHARTS.url,
  releaseName: 'mission-control',
  defaultNamespace: DEFAULT_INTEGRATION_NAMESPACE,
  defaults: {
    global: { ui: { host: 'mission-control.example.com' } },
    authProvider: 'kratos',
    db: { create: true, storage: '20Gi' },
  },
  schema: valuesSchema('mission-control', {
    global: object('Values shared with the sub-charts', {
      ui: object('The console', { host: leaf.string('Host name of the console ingress') }),
      imageRegistry: leaf.string('Registry of every image'),
    }),
    authProvider: leaf.enum('Sign-in provider', ['kratos', 'basic', 'clerk']),
    db: object('The database', {
      create: leaf.boolean('Run a PostgreSQL in the cluster'),
      storage: leaf.string('Size of its volume, such as 20Gi', { pattern: '^\\d+(Mi|Gi|Ti)$' }),
      storageClass: leaf.string('Storage class of its volume'),
      secretKeyRef: object('An existing database instead', {
        name: leaf.string('Secret holding the connection URL'),
        key: leaf.string('Key of the URL in the secret'),
      }),
    }),
    'canary-checker': object('The health-check runner', { enabled: leaf.boolean('Install it') }),
    'config-db': object('The catalog scraper runner', { enabled: leaf.boolean('Install it') }),
    'flanksource-ui': object('The console', { enabled: leaf.boolean('Install it') }),
  }),
};
