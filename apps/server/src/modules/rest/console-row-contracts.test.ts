import {
  agentSummarySchema,
  checkComponentRelationshipRowSchema,
  checkConfigRelationshipRowSchema,
  checkRowSchema,
  checkStatusRowSchema,
  checkSummaryForConfigSchema,
  componentWithLogsRowSchema,
  configAnalysisItemRowSchema,
  configChangeRowSchema,
  configDetailRowSchema,
  configItemRowSchema,
  configListRowSchema,
  configScraperRowSchema,
  eventQueueSummaryRowSchema,
  integrationWithStatusRowSchema,
  jobHistoriesRowSchema,
  jobHistoryRowSchema,
  namedRowSchema,
  notificationSendHistoryRowSchema,
  notificationsSummaryRowSchema,
  peopleRolesRowSchema,
  personRowSchema,
  playbookRowSchema,
  playbookRunActionRowSchema,
  playbookRunRowSchema,
  relatedConfigRowSchema,
  silenceRowSchema,
  teamMemberRowSchema,
  teamRowSchema,
} from '@mc/contracts';
import { seedDemo } from '@mc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** A small demo data set: every view the console reads has rows. */
const SIZES = {
  people: 4,
  teams: 2,
  canaries: 2,
  checks: 4,
  statusesPerCheck: 3,
  configs: 20,
  changes: 10,
  analysis: 5,
  configRelationships: 10,
  topologies: 1,
  components: 5,
  incidents: 2,
  comments: 2,
  playbooks: 2,
  playbookRuns: 3,
  notifications: 2,
  silences: 2,
  sendHistory: 5,
  jobHistory: 10,
  events: 3,
};

/** One data API read of the console: the resource, the query it sends, the contract row and the columns it asks for. */
interface ConsoleRead {
  resource: string;
  query?: Record<string, string>;
  /** The contract's row; the answer's rows are parsed with its `columns` (all of them when absent). */
  row: z.ZodObject;
  columns?: string[];
}

const select = (read: Omit<ConsoleRead, 'query'>): ConsoleRead =>
  read.columns ? { ...read, query: { select: read.columns.join(',') } } : read;

/**
 * The console's data API reads (apps/web/src/features/…/api), each with the contract row its api file
 * names: a column renamed, retyped or dropped on the server fails here instead of on screen.
 */
const READS: ConsoleRead[] = [
  { resource: 'agents_summary', row: agentSummarySchema },
  select({
    resource: 'configs',
    row: configListRowSchema,
    columns: Object.keys(configListRowSchema.shape),
  }),
  select({
    resource: 'config_detail',
    row: configDetailRowSchema,
    columns: Object.keys(configDetailRowSchema.omit({ config: true }).shape),
  }),
  select({ resource: 'config_items', row: configItemRowSchema, columns: ['config'] }),
  { resource: 'config_changes', row: configChangeRowSchema },
  select({
    resource: 'config_analysis_items',
    row: configAnalysisItemRowSchema,
    columns: Object.keys(configAnalysisItemRowSchema.shape),
  }),
  select({
    resource: 'config_scrapers',
    row: configScraperRowSchema,
    columns: Object.keys(configScraperRowSchema.shape),
  }),
  { resource: 'job_history', row: jobHistoryRowSchema },
  { resource: 'job_histories', row: jobHistoriesRowSchema },
  { resource: 'check_statuses', row: checkStatusRowSchema },
  select({ resource: 'checks', row: checkRowSchema, columns: Object.keys(checkRowSchema.shape) }),
  {
    resource: 'check_component_relationships',
    query: { select: 'component_id,check_id,canary_id,selector_id,deleted_at,components(id,name,type,icon,status)' },
    row: checkComponentRelationshipRowSchema,
  },
  {
    resource: 'check_config_relationships',
    query: { select: 'config_id,check_id,canary_id,selector_id,deleted_at,config_items(id,name,type,health)' },
    row: checkConfigRelationshipRowSchema,
  },
  select({
    resource: 'integrations_with_status',
    row: integrationWithStatusRowSchema,
    columns: Object.keys(integrationWithStatusRowSchema.shape),
  }),
  { resource: 'components_with_logs', row: componentWithLogsRowSchema },
  { resource: 'event_queue_summary', row: eventQueueSummaryRowSchema },
  { resource: 'notifications_summary', row: notificationsSummaryRowSchema },
  { resource: 'notification_send_history_summary', row: notificationSendHistoryRowSchema },
  { resource: 'notification_silences', row: silenceRowSchema },
  { resource: 'people', row: personRowSchema },
  { resource: 'people_roles', row: peopleRolesRowSchema },
  {
    resource: 'teams',
    query: { select: 'id,name,icon,spec,source,created_by,created_at,updated_at,deleted_at,team_members(person_id)' },
    row: teamRowSchema,
  },
  {
    resource: 'team_members',
    query: { select: 'team_id,person_id,source,created_at,person:people(id,name,email,avatar,deleted_at)' },
    row: teamMemberRowSchema,
  },
  { resource: 'playbooks', row: playbookRowSchema },
  { resource: 'playbook_runs', row: playbookRunRowSchema },
  { resource: 'playbook_run_actions', row: playbookRunActionRowSchema },
  select({ resource: 'connections_list', row: namedRowSchema, columns: ['id', 'name', 'namespace', 'type'] }),
];

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database, SIZES);
  // the demo components name no log selectors: one does, so the logs picker's view has a row
  await t.database.pool.query(
    `UPDATE components SET log_selectors = '[{"name": "app"}]' WHERE id = (SELECT min(id::text)::uuid FROM components)`,
  );
  admin = (await signedInUser(t, { roles: ['admin'] })).token;
});

afterAll(async () => {
  await t.close();
});

async function rowsOf(resource: string, query: Record<string, string> = {}): Promise<unknown[]> {
  const res = await apiCall(
    t.app,
    'GET',
    `/api/db/${resource}?${new URLSearchParams({ ...query, limit: '20' })}`,
    admin,
  );
  expect(res.status, resource).toBe(200);
  const rows: unknown = await res.json();
  expect(Array.isArray(rows), resource).toBe(true);
  return rows as unknown[]; // an array: asserted on the line above
}

describe('the console’s data API reads answer their contract rows', () => {
  it.each(READS)('$resource', async ({ resource, query, row, columns }) => {
    const rows = await rowsOf(resource, query);
    expect(rows.length, `${resource} has rows to check`).toBeGreaterThan(0);
    // the selected columns' schemas (a column the row does not declare accepts nothing)
    const schema = columns
      ? z.object(Object.fromEntries(columns.map((column) => [column, row.shape[column] ?? z.never()])))
      : row;
    for (const answer of rows) {
      const result = schema.safeParse(answer);
      expect(result.success ? '' : `${z.prettifyError(result.error)}\n${JSON.stringify(answer)}`, resource).toBe('');
    }
  });

  it('rpc/related_configs_recursive and rpc/check_summary_for_config answer theirs', async () => {
    const [item] = (await rowsOf('config_items', { select: 'id' })) as Array<{ id: string }>;
    const related = await rowsOf('rpc/related_configs_recursive', {
      select: 'id,name,type,health,status,depth,direction,related_ids,deleted_at',
      config_id: item?.id ?? '',
      type_filter: 'all',
    });
    for (const answer of related) relatedConfigRowSchema.omit({ config_class: true, icon: true }).parse(answer);
    const res = await apiCall(t.app, 'GET', `/api/db/rpc/check_summary_for_config?id=${item?.id}`, admin);
    checkSummaryForConfigSchema.parse(await res.json());
  });
});
