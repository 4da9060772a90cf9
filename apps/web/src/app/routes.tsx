import { Navigate, type RouteObject } from 'react-router';
import { identityAuthRoutes } from '../features/auth';
import { organizationRoutes } from '../features/organizations';
import { guardedPage, type RouteRule } from './guards';
import { SidebarLayout } from './layouts/sidebar-layout';
import { StandaloneLayout } from './layouts/standalone-layout';
import { NotFoundPage } from './pages/not-found-page';
import { PageSkeleton } from './pages/page-skeleton';
import { RouteErrorPage } from './pages/route-error-page';

const read = (resource: string, feature?: string): RouteRule => ({ require: { resource, action: 'read' }, feature });
const write = (resource: string, feature?: string): RouteRule => ({ require: { resource, action: 'write' }, feature });

// One dynamic import per page; vite.config.ts groups every module of features/<area>/ into one chunk per area.
const topology = {
  list: () => import('../features/topology/routes/topology-page').then((m) => m.TopologyPage),
  detail: () => import('../features/topology/routes/topology-detail-page').then((m) => m.TopologyDetailPage),
  view: () => import('../features/topology/routes/topology-view-page').then((m) => m.TopologyViewPage),
  add: () => import('../features/topology/routes/topology-form-page').then((m) => m.TopologyFormPage),
};
const health = {
  list: () => import('../features/health/routes/health-page').then((m) => m.HealthPage),
  view: () => import('../features/health/routes/health-view-page').then((m) => m.HealthViewPage),
};
const incidents = {
  list: () => import('../features/incidents/routes/incidents-page').then((m) => m.IncidentsPage),
  detail: () => import('../features/incidents/routes/incident-detail-page').then((m) => m.IncidentDetailPage),
};
const playbooks = {
  list: () => import('../features/playbooks/routes/playbooks-page').then((m) => m.PlaybooksPage),
  detail: () => import('../features/playbooks/routes/playbook-detail-page').then((m) => m.PlaybookDetailPage),
  runs: () => import('../features/playbooks/routes/playbook-runs-page').then((m) => m.PlaybookRunsPage),
  run: () => import('../features/playbooks/routes/playbook-run-detail-page').then((m) => m.PlaybookRunDetailPage),
};
const notifications = {
  list: () => import('../features/notifications/routes/notifications-page').then((m) => m.NotificationsPage),
  rules: () => import('../features/notifications/routes/notification-rules-page').then((m) => m.NotificationRulesPage),
  silences: () => import('../features/notifications/routes/silences-page').then((m) => m.SilencesPage),
  addSilence: () => import('../features/notifications/routes/add-silence-page').then((m) => m.AddSilencePage),
  maintenance: () => import('../features/notifications/routes/maintenance-page').then((m) => m.MaintenancePage),
};
const logs = { list: () => import('../features/logs/routes/logs-page').then((m) => m.LogsPage) };
const statusPages = {
  list: () => import('../features/status-pages/routes/status-pages-page').then((m) => m.StatusPagesPage),
  edit: () => import('../features/status-pages/routes/status-page-edit-page').then((m) => m.StatusPageEditPage),
};
const catalog = {
  list: () => import('../features/catalog/routes/catalog-page').then((m) => m.CatalogPage),
  changes: () => import('../features/catalog/routes/catalog-changes-page').then((m) => m.CatalogChangesPage),
  insights: () => import('../features/catalog/routes/catalog-insights-page').then((m) => m.CatalogInsightsPage),
  scrapers: () => import('../features/catalog/routes/scrapers-page').then((m) => m.ScrapersPage),
  scraper: () => import('../features/catalog/routes/scraper-detail-page').then((m) => m.ScraperDetailPage),
  item: () => import('../features/catalog/routes/config-detail-page').then((m) => m.ConfigDetailPage),
};
const settings = {
  connections: () => import('../features/connections/routes/connections-page').then((m) => m.ConnectionsPage),
  jobs: () => import('../features/jobs/routes/jobs-history-page').then((m) => m.JobsHistoryPage),
  featureFlags: () => import('../features/properties/routes/feature-flags-page').then((m) => m.FeatureFlagsPage),
  eventQueue: () => import('../features/notifications/routes/event-queue-page').then((m) => m.EventQueuePage),
  agents: () => import('../features/agents/routes/agents-page').then((m) => m.AgentsPage),
  integrations: () => import('../features/integrations/routes/integrations-page').then((m) => m.IntegrationsPage),
  integration: () =>
    import('../features/integrations/routes/integration-detail-page').then((m) => m.IntegrationDetailPage),
  resources: () => import('../features/settings-views/routes/resource-list-page').then((m) => m.ResourceListPage),
  resource: () => import('../features/settings-views/routes/resource-detail-page').then((m) => m.ResourceDetailPage),
};

// ---- identity settings pages: features/people (users, teams) and features/permissions ------------------------
// The identity feature replaces these three loaders with its own pages; the paths and guards stay.
const identitySettings = {
  users: () => import('../features/people/routes/users-page').then((m) => m.UsersPage),
  teams: () => import('../features/people/routes/teams-page').then((m) => m.TeamsPage),
  permissions: () => import('../features/permissions/routes/permissions-page').then((m) => m.PermissionsPage),
};

// ---- auth routes (features/auth) ----------------------------------------------------------------------------
// /login, /registration, /recovery, /verification, /profile-settings, /auth-state-checker, the bad-session and
// flow-error pages, /organizations/orgs-switched: the identity feature appends its entries to this list. They
// render without the sidebar and without a session.
export const authRoutes: RouteObject[] = [...identityAuthRoutes, ...organizationRoutes];

/** Pages inside the sidebar layout (000 §2, 001 §2). */
const sidebarRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/topology" replace /> },
  { path: 'topology', ...guardedPage(topology.list, read('topologies', 'topology')) },
  { path: 'topology/add', ...guardedPage(topology.add, write('topologies', 'topology')) },
  { path: 'topology/:id', ...guardedPage(topology.detail, read('topologies', 'topology')) },
  { path: 'health', ...guardedPage(health.list, read('canaries', 'health')) },
  { path: 'incidents', ...guardedPage(incidents.list, read('incident', 'incidents')) },
  { path: 'incidents/:id', ...guardedPage(incidents.detail, read('incident', 'incidents')) },
  { path: 'playbooks', ...guardedPage(playbooks.list, read('playbooks', 'playbooks')) },
  { path: 'playbooks/runs', ...guardedPage(playbooks.runs, read('playbooks', 'playbooks')) },
  { path: 'playbooks/runs/:id', ...guardedPage(playbooks.run, read('playbooks', 'playbooks')) },
  { path: 'playbooks/:id', ...guardedPage(playbooks.detail, read('playbooks', 'playbooks')) },
  { path: 'notifications', ...guardedPage(notifications.list, read('notifications', 'notifications')) },
  { path: 'notifications/rules', ...guardedPage(notifications.rules, read('notifications', 'notifications')) },
  { path: 'notifications/silences', ...guardedPage(notifications.silences, read('notifications', 'notifications')) },
  {
    path: 'notifications/silences/add',
    ...guardedPage(notifications.addSilence, write('notifications', 'notifications')),
  },
  {
    path: 'notifications/maintenance',
    ...guardedPage(notifications.maintenance, read('notifications', 'notifications')),
  },
  { path: 'logs', ...guardedPage(logs.list, read('database', 'logs')) },
  { path: 'status-pages', ...guardedPage(statusPages.list, read('topologies')) },
  { path: 'status-pages/new', ...guardedPage(statusPages.edit, write('topologies')) },
  { path: 'status-pages/:id', ...guardedPage(statusPages.edit, read('topologies')) },
  { path: 'configs/*', element: <Navigate to="/catalog" replace /> },
  { path: 'config-db/*', element: <Navigate to="/catalog" replace /> },
  { path: 'catalog', ...guardedPage(catalog.list, read('database', 'config')) },
  { path: 'catalog/changes', ...guardedPage(catalog.changes, read('database', 'config')) },
  { path: 'catalog/insights', ...guardedPage(catalog.insights, read('database', 'config')) },
  { path: 'catalog/scrapers', ...guardedPage(catalog.scrapers, read('config_scrapers', 'settings.config_scraper')) },
  { path: 'catalog/scrapers/:id', ...guardedPage(catalog.scraper, read('config_scrapers', 'settings.config_scraper')) },
  { path: 'catalog/:id', ...guardedPage(catalog.item, read('database', 'config')) },
  ...['changes', 'insights', 'relationships', 'playbooks', 'checks'].map((tab) => ({
    path: `catalog/:id/${tab}`,
    ...guardedPage(catalog.item, read('database', 'config')),
  })),
  { path: 'settings', element: <Navigate to="/settings/connections" replace /> },
  { path: 'settings/connections', ...guardedPage(settings.connections, read('connections', 'settings.connections')) },
  {
    path: 'settings/permissions',
    ...guardedPage(identitySettings.permissions, read('permissions', 'settings.permissions')),
  },
  { path: 'settings/users', ...guardedPage(identitySettings.users, read('identities', 'settings.users')) },
  { path: 'settings/teams', ...guardedPage(identitySettings.teams, read('identities', 'settings.teams')) },
  { path: 'settings/jobs', ...guardedPage(settings.jobs, read('database', 'settings.job_history')) },
  {
    path: 'settings/feature-flags',
    ...guardedPage(settings.featureFlags, read('feature_flags', 'settings.feature_flags')),
  },
  {
    path: 'settings/event-queue-status',
    ...guardedPage(settings.eventQueue, read('database', 'settings.event_queue')),
  },
  { path: 'settings/agents', ...guardedPage(settings.agents, read('agents', 'agents')) },
  {
    path: 'settings/integrations',
    ...guardedPage(settings.integrations, read('integrations', 'settings.integrations')),
  },
  {
    path: 'settings/integrations/:type/:id',
    ...guardedPage(settings.integration, write('integrations', 'settings.integrations')),
  },
  { path: 'settings/:table', ...guardedPage(settings.resources, read('database')) },
  { path: 'settings/:table/:id', ...guardedPage(settings.resource, read('database')) },
  { path: '*', element: <NotFoundPage /> },
];

/** The standalone pages under /view/* (000 §2): no sidebar; /view/topology does not wait for flags. */
const standaloneRoutes: RouteObject[] = [
  { path: 'topology/:id', ...guardedPage(topology.view, { ...read('topologies'), waitForFlags: false }) },
  { path: 'health', ...guardedPage(health.view, read('canaries', 'health')) },
  { path: '*', element: <NotFoundPage /> },
];

/** The whole routing table, in one place. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageSkeleton />,
    children: [
      ...authRoutes,
      { path: 'view', element: <StandaloneLayout />, children: standaloneRoutes },
      { path: '/', element: <SidebarLayout />, children: sidebarRoutes },
    ],
  },
];
