/**
 * The notifications module's public face: what other modules, the composition root and tests may use.
 * Everything else in this folder is private to the module.
 */
import { notificationEventsConsumer } from './notification-events.consumer.js';
import { NOTIFICATIONS_API } from './notifications.openapi.js';
import { notificationsWriteHook, silencesWriteHook } from './notifications-write.hook.js';
import { pruneSendHistoryJob } from './prune-send-history.job.js';
import { sendNotificationJob } from './send-notification.job.js';

export {
  type ActiveMaintenance,
  type HoldingWindow,
  provideActiveMaintenance,
} from './maintenance-port.js';
export { EVENTS_CHANNEL, notificationEventsConsumer } from './notification-events.consumer.js';
export { registerNotificationsRoutes } from './notifications.routes.js';
export { providePlaybookRuns, type RulePlaybookRun, type StartRulePlaybookRun } from './playbook-runs-port.js';
export { SMTP_CONNECTION_PROPERTY } from './recipients.js';
export { type CoveredResource, coveredResources } from './relations.repo.js';
export { rulesService } from './rules.service.js';
export { type ScopedResource, scopeMatcher } from './scope-match.js';
export { NOTIFICATION_CONNECTION_TYPES, sendThroughConnection } from './send-message.js';
export { sendNotificationJob } from './send-notification.job.js';
export type { SilenceScope } from './silence-match.js';

/** What the composition root (src/composition) assembles from this module. */
export const notificationsModule = {
  name: 'notifications',
  jobs: [sendNotificationJob, pruneSendHistoryJob],
  consumers: [notificationEventsConsumer],
  writeHooks: { notifications: notificationsWriteHook, notification_silences: silencesWriteHook },
  apiDocs: [{ tag: 'notifications', routes: NOTIFICATIONS_API }],
};
