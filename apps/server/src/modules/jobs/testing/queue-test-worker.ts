// A worker-only process for the multi-process queue test: the real job runtime (worker, scheduler,
// reaper) on DATABASE_URL with only the test job registered. Prints a "test worker ready" JSON line.
import { loadConfig } from '../../../platform/config.js';
import { createLogger } from '../../../platform/logger.js';
import { openDatabase } from '../../../platform/open-database.js';
import { JobRegistry } from '../job-registry.js';
import { type JobRuntime, startJobRuntime } from '../job-runtime.js';
import { queueTestJob } from './queue-test.job.js';

const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL, { role: 'test-worker', pid: process.pid });
let stopRequested = false;
let stop: (() => void) | undefined;
// Installed before anything starts: a SIGTERM that arrives right after "ready" must be handled, not fatal.
process.once('SIGTERM', () => {
  stopRequested = true;
  stop?.();
});

const database = await openDatabase(config, logger);
const runtime: JobRuntime = await startJobRuntime({ config, database, logger }, new JobRegistry([queueTestJob]));
stop = () => {
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
};
logger.info('test worker ready');
if (stopRequested) stop();
