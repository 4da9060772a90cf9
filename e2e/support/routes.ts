/** One route of the console a journey visits, and the page heading it must show. */
export interface RouteCase {
  path: string;
  heading: string | RegExp;
  /** Where a redirect lands. */
  landsOn?: string;
  /** Screenshot name of a main screen, kept under e2e/artifacts/screens. */
  screen?: string;
  /** Resource the route needs to read or write: a viewer sees the Unauthorized page without it. */
  viewer?: 'page' | 'unauthorized';
  /** A known defect that keeps the route from loading directly; the journey is marked fixme with it. */
  knownIssue?: string;
  /** `{id}` in the path is replaced by the first id this API list (`{data}` or an array) answers: demo data. */
  seededFrom?: string;
}

/** Every route of specs 000 §2 and 001 §2 outside the auth pages (which the identity journeys cover). */
export const ROUTES: RouteCase[] = [
  { path: '/', heading: 'Topology', landsOn: '/topology', viewer: 'page' },
  { path: '/topology', heading: 'Topology', screen: 'topology', viewer: 'page' },
  { path: '/topology/{id}', heading: /^Topology/, viewer: 'page', seededFrom: '/api/db/components?select=id&limit=1' },
  {
    path: '/view/topology/{id}',
    heading: /^Topology/,
    viewer: 'page',
    seededFrom: '/api/db/components?select=id&limit=1',
  },
  { path: '/view/health', heading: 'Health', viewer: 'page' },
  { path: '/health', heading: 'Health', screen: 'health', viewer: 'page' },
  {
    path: '/health?checkId={id}&timeRange=1h',
    heading: 'Health',
    viewer: 'page',
    seededFrom: '/api/db/checks?select=id&limit=1',
  },
  { path: '/incidents', heading: 'Incidents', screen: 'incidents', viewer: 'page' },
  { path: '/incidents/{id}', heading: /^INC-\d+ /, viewer: 'page', seededFrom: '/api/incidents?limit=1' },
  { path: '/playbooks', heading: 'Playbooks', screen: 'playbooks', viewer: 'page' },
  { path: '/playbooks/p1', heading: 'Playbook', viewer: 'page' },
  { path: '/playbooks/runs', heading: 'Playbook Runs', viewer: 'page' },
  {
    path: '/playbooks/runs/{id}',
    heading: 'Playbook Run',
    viewer: 'page',
    seededFrom: '/api/db/playbook_runs?select=id&limit=1',
  },
  { path: '/notifications', heading: 'Notifications', screen: 'notifications', viewer: 'page' },
  { path: '/notifications/rules', heading: 'Notification Rules', viewer: 'page' },
  { path: '/notifications/silences', heading: 'Notification Silences', viewer: 'page' },
  { path: '/notifications/silences/add', heading: 'Add Silence', viewer: 'unauthorized' },
  { path: '/notifications/maintenance', heading: 'Maintenance Windows', viewer: 'page' },
  { path: '/logs', heading: 'Logs', screen: 'logs', viewer: 'page' },
  { path: '/configs', heading: 'Catalog', landsOn: '/catalog', viewer: 'page' },
  { path: '/config-db', heading: 'Catalog', landsOn: '/catalog', viewer: 'page' },
  { path: '/catalog', heading: 'Catalog', screen: 'catalog', viewer: 'page' },
  { path: '/catalog/changes', heading: 'Catalog Changes', viewer: 'page' },
  { path: '/catalog/insights', heading: 'Catalog Insights', viewer: 'page' },
  { path: '/catalog/scrapers', heading: 'Catalog Scrapers', viewer: 'page' },
  { path: '/catalog/scrapers/s1', heading: 'Catalog Scraper', viewer: 'page' },
  { path: '/catalog/c1', heading: 'Catalog', viewer: 'page' },
  { path: '/catalog/c1/changes', heading: 'Catalog', viewer: 'page' },
  { path: '/catalog/c1/insights', heading: 'Catalog', viewer: 'page' },
  { path: '/catalog/c1/relationships', heading: 'Catalog', viewer: 'page' },
  { path: '/catalog/c1/playbooks', heading: 'Catalog', viewer: 'page' },
  { path: '/catalog/c1/checks', heading: 'Catalog', viewer: 'page' },
  { path: '/settings/connections', heading: 'Connections', screen: 'settings-connections', viewer: 'unauthorized' },
  { path: '/settings/permissions', heading: 'Permissions', viewer: 'page' },
  { path: '/settings/users', heading: 'Users', viewer: 'unauthorized' },
  { path: '/settings/jobs', heading: 'Jobs History', screen: 'settings-jobs', viewer: 'page' },
  { path: '/settings/feature-flags', heading: 'Feature Flags', viewer: 'page' },
  { path: '/settings/event-queue-status', heading: 'Event Queue', viewer: 'page' },
  { path: '/settings/agents', heading: 'Agents', viewer: 'page' },
  { path: '/settings/integrations', heading: 'Integrations', viewer: 'page' },
  { path: '/settings/integrations/topology/t1', heading: 'Integration', viewer: 'unauthorized' },
  { path: '/settings/canaries', heading: 'Health Checks', viewer: 'page' },
  { path: '/settings/topologies', heading: 'Topologies', viewer: 'page' },
  {
    path: '/settings/topologies/{id}',
    heading: /Topologies/,
    viewer: 'page',
    seededFrom: '/api/db/topologies?select=id&limit=1',
  },
];
