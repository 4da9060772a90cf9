import type { z } from 'zod';
import type { agentRemovedSchema } from './agents.js';
import type { logoutUrlSchema } from './auth-schemas.js';
import type { scraperRunAnswerSchema } from './catalog.js';
import type { checkGraphSchema, checkRunAnswerSchema, checkSummarySchema, healthSummarySchema } from './health.js';
import type { hypothesisRowSchema } from './incidents.js';
import type { integrationChartSchema } from './integrations.js';
import type {
  notificationRuleRowSchema,
  notificationRuleViewSchema,
  notificationSummarySchema,
  notificationTestAnswerSchema,
  silencePreviewSchema,
  silenceRowSchema,
} from './notifications.js';
import type { organizationMembersSchema, organizationSchema, organizationTokenSchema } from './organizations.js';
import type { permissionPageSchema, permissionSummarySchema } from './permissions.js';
import type {
  listedPlaybookSchema,
  playbookParamsSchema,
  playbookRunHistorySchema,
  playbookRunStartedSchema,
} from './playbooks.js';
import type { dataApiRowSchema } from './rest.js';
import type { aboutSchema } from './system.js';

/*
 * The inferred types of answer schemas whose files declare none, so the web names an answer by its
 * contract instead of writing its shape again (issue 27 item 5).
 */

/** `GET /api/about` answer. */
export type About = z.infer<typeof aboutSchema>;
/** `GET /api/.ory/self-service/logout/browser` answer. */
export type LogoutUrl = z.infer<typeof logoutUrlSchema>;
/** A data API row whose columns the caller reads one by one (a generic reader: option lists, editors, tabs). */
export type DataApiRow = z.infer<typeof dataApiRowSchema>;
/** `DELETE /api/agents/{id}` answer: what the cleanup marked deleted, by kind. */
export type AgentRemoved = z.infer<typeof agentRemovedSchema>;
/** `GET /api/canary/api/graph` answer. */
export type CheckGraph = z.infer<typeof checkGraphSchema>;
/** One check of the health summary, with uptime and latency over the window. */
export type CheckSummary = z.infer<typeof checkSummarySchema>;
/** `POST /api/canary/api/summary` answer. */
export type HealthSummary = z.infer<typeof healthSummarySchema>;
/** `POST /api/canary/run/check/{id}` answer: the run's result, or the locations asked to run it. */
export type CheckRunAnswer = z.infer<typeof checkRunAnswerSchema>;
/** A hypothesis as stored (`GET /api/incidents/{id}/hypotheses`). */
export type HypothesisRow = z.infer<typeof hypothesisRowSchema>;
/** A chart of the Add Integration wizard (`GET /api/integrations/charts`). */
export type IntegrationChart = z.infer<typeof integrationChartSchema>;
/** A notification rule as stored. */
export type NotificationRuleRow = z.infer<typeof notificationRuleRowSchema>;
/** A rule with its document (`GET /api/notification/rules/{id}`). */
export type NotificationRuleView = z.infer<typeof notificationRuleViewSchema>;
/** One rule's counts in a range (`GET /api/notification/summary`). */
export type NotificationRuleCounts = z.infer<typeof notificationSummarySchema>[number];
/** `POST /api/notification/rules/{id}/test` answer. */
export type NotificationTestAnswer = z.infer<typeof notificationTestAnswerSchema>;
/** A silence as stored (`notification_silences`, and the create answer). */
export type SilenceRow = z.infer<typeof silenceRowSchema>;
/** `POST /api/notification/silence_preview` answer. */
export type SilencePreview = z.infer<typeof silencePreviewSchema>;
/** One of the signed-in person's organisations (`GET /api/organizations`). */
export type Organization = z.infer<typeof organizationSchema>;
/** A member of an organisation (`GET /api/organizations/{id}/members`). */
export type OrganizationMember = z.infer<typeof organizationMembersSchema>[number];
/** `POST /api/organizations/{id}/token` answer: a short-lived token for the organisation's backend. */
export type OrganizationToken = z.infer<typeof organizationTokenSchema>;
/** A permission with the names of what it links. */
export type PermissionSummary = z.infer<typeof permissionSummarySchema>;
/** `GET /api/permissions` answer. */
export type PermissionPage = z.infer<typeof permissionPageSchema>;
/** A playbook as `GET /api/playbook/list` lists it. */
export type ListedPlaybook = z.infer<typeof listedPlaybookSchema>;
/** `POST /api/playbook/{id}/params` answer. */
export type PlaybookParams = z.infer<typeof playbookParamsSchema>;
/** `GET /api/playbook/run/{id}/history` answer. */
export type PlaybookRunHistory = z.infer<typeof playbookRunHistorySchema>;
/** `POST /api/playbook/run` answer. */
export type PlaybookRunStarted = z.infer<typeof playbookRunStartedSchema>;
/** `POST /api/catalog/scrapers/{id}/run` answer. */
export type ScraperRunAnswer = z.infer<typeof scraperRunAnswerSchema>;
