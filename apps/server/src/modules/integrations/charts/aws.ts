import {
  type ChartDefinition,
  DEFAULT_INTEGRATION_NAMESPACE,
  FLANKSOURCE_CHARTS,
  leaf,
  object,
  valuesSchema,
} from './chart-definition.js';

/** mission-control-aws: scrapes AWS accounts into the catalog, with CloudTrail changes and cost reports. */
export const awsChart: ChartDefinition = {
  id: 'aws',
  title: 'AWS',
  description: 'Scrape AWS resources, CloudTrail changes and cost into the catalog',
  chart: 'mission-control-aws',
  repositoryName: FLANKSOURCE_CHARTS.name,
  repositoryUrl: FLANKSOURCE_CHARTS.url,
  releaseName: 'mission-control-aws',
  defaultNamespace: DEFAULT_INTEGRATION_NAMESPACE,
  defaults: {
    connectionDetails: { connection: 'connection://aws/default', region: 'us-east-1' },
    scraper: {
      enabled: true,
      schedule: '@every 1h',
      regions: ['us-east-1'],
      cloudtrail: { enabled: true, maxAge: '7d' },
      costReporting: { enabled: false },
    },
  },
  schema: valuesSchema('aws', {
    connectionDetails: object('How the chart reaches AWS', {
      connection: leaf.string('A stored connection (connection://aws/<name>) holding the keys'),
      region: leaf.string('Default region of API calls'),
      assumeRole: leaf.string('ARN of a role to assume'),
      endpoint: leaf.string('A custom AWS API endpoint (LocalStack and the like)'),
      skipTLSVerify: leaf.boolean('Skip TLS verification of the endpoint'),
    }),
    scraper: object('The catalog scraper of the AWS account', {
      enabled: leaf.boolean('Create the scraper'),
      schedule: leaf.schedule(),
      regions: leaf.strings('Regions to scrape'),
      include: leaf.strings('Resource types to include (all when empty)'),
      exclude: leaf.strings('Resource types to leave out'),
      cloudtrail: object('CloudTrail events as catalog changes', {
        enabled: leaf.boolean('Read CloudTrail events'),
        maxAge: leaf.string('Oldest event to read, such as 7d', { pattern: '^\\d+[smhd]$' }),
        exclude: leaf.strings('Event names to ignore'),
      }),
      costReporting: object('Cost and Usage Report through Athena', {
        enabled: leaf.boolean('Read costs'),
        s3BucketPath: leaf.string('s3:// path of the report'),
        database: leaf.string('Athena database'),
        table: leaf.string('Athena table'),
        region: leaf.string('Region of the Athena workgroup'),
      }),
    }),
  }),
};
