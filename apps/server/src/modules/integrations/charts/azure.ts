import {
  type ChartDefinition,
  DEFAULT_INTEGRATION_NAMESPACE,
  FLANKSOURCE_CHARTS,
  leaf,
  object,
  valuesSchema,
} from './chart-definition.js';

/** mission-control-azure: scrapes Azure subscriptions (resources, activity log, Entra ID) into the catalog. */
export const azureChart: ChartDefinition = {
  id: 'azure',
  title: 'Azure',
  description: 'Scrape Azure subscriptions and their activity log into the catalog',
  chart: 'mission-control-azure',
  repositoryName: FLANKSOURCE_CHARTS.name,
  repositoryUrl: FLANKSOURCE_CHARTS.url,
  releaseName: 'mission-control-azure',
  defaultNamespace: DEFAULT_INTEGRATION_NAMESPACE,
  defaults: {
    connectionDetails: { connection: 'connection://azure/default', subscriptionID: '', tenantID: '' },
    scraper: { enabled: true, schedule: '@every 1h', include: [] },
  },
  schema: valuesSchema('azure', {
    connectionDetails: object('How the chart reaches Azure', {
      connection: leaf.string('A stored connection (connection://azure/<name>) holding the client secret'),
      subscriptionID: leaf.string('The subscription to scrape'),
      tenantID: leaf.string('The Entra ID tenant'),
      clientID: leaf.string('The application (client) id, when no connection is given'),
    }),
    scraper: object('The catalog scraper of the subscription', {
      enabled: leaf.boolean('Create the scraper'),
      schedule: leaf.schedule(),
      include: leaf.strings('Resource kinds to include (all when empty)'),
      exclude: leaf.strings('Resource kinds to leave out'),
      activityLogs: leaf.boolean('Read the activity log as catalog changes'),
      entra: leaf.boolean('Scrape Entra ID users, groups and app registrations'),
    }),
  }),
};
