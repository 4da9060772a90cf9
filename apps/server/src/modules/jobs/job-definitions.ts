import { changeRetentionJob } from '../catalog/changes/change-retention.job.js';
import { runScraperJob } from '../catalog/scrape/run-scraper.job.js';
import { redecideQuorumsJob } from '../health/locations/redecide-quorums.job.js';
import { checkRetentionJob } from '../health/results/retention.job.js';
import { runCanaryJob } from '../health/runner/run-canary.job.js';
import { notificationEventsConsumer } from '../notifications/notification-events.consumer.js';
import { pruneSendHistoryJob } from '../notifications/prune-send-history.job.js';
import { sendNotificationJob } from '../notifications/send-notification.job.js';
import { runPlaybookJob } from '../playbooks/runs/run-playbook.job.js';
import { buildTopologyJob } from '../topology/build-topology.job.js';
import type { ConsumerDefinition } from './consumer-definition.js';
import type { AnyJobDefinition } from './job-definition.js';
import { JobRegistry } from './job-registry.js';
import { pruneJobsJob } from './prune-jobs.job.js';

/**
 * Every job kind of the product, one line per definition (each in its own `*.job.ts` file). Worker
 * processes claim only these names; enqueue-by-name resolves against them.
 */
export const JOB_DEFINITIONS: readonly AnyJobDefinition[] = [
  pruneJobsJob,
  runCanaryJob,
  checkRetentionJob,
  redecideQuorumsJob,
  buildTopologyJob,
  runScraperJob,
  changeRetentionJob,
  sendNotificationJob,
  pruneSendHistoryJob,
  runPlaybookJob,
];

/** The queues every job runtime consumes continuously, from its start (see consumer-definition.ts). */
export const CONSUMERS: readonly ConsumerDefinition[] = [notificationEventsConsumer];

/** The product's registry, built from {@link JOB_DEFINITIONS} and {@link CONSUMERS}. */
export const jobRegistry = new JobRegistry(JOB_DEFINITIONS, CONSUMERS);
