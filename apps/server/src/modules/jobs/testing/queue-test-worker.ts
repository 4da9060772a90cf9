// A worker-only process for the multi-process queue test: the real job runtime (worker, scheduler,
// reaper) on DATABASE_URL with only the test job registered. Prints a "test worker ready" JSON line.
import { loadConfig } from '../../../platform/config.js';
import { createLogger } from '../../../platform/logger.js';
import { openDatabase } from '../../../platform/open-database.js';
import { JobRegistry } from '../job-registry.js';
import { startJobRuntime } from '../job-runtime.js';
import { queueTestJob } from './queue-test.job.js';

const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL, { role: 'test-worker', pid: process.pid });
const database = await openDatabase(config, logger);
const runtime = await startJobRuntime({ config, database, logger }, new JobRegistry([queueTestJob]));
logger.info('test worker ready');

process.once('SIGTERM', () => {
  runtime
    .stop(config.MC_SHUTDOWN_TIMEOUT_MS)
    .then(() => database.close())
    .then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error('test worker stop failed', { error });
        process.exit(1);
      },
    );
});
