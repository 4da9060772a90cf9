import { startAgent } from './modules/agents/index.js';
import { ConfigError, loadConfig } from './platform/config.js';
import { limitHeapGrowth } from './platform/heap-growth.js';
import { createLifecycle } from './platform/lifecycle.js';
import { createLogger } from './platform/logger.js';
import { runningAsRootWarning } from './platform/root-user.js';
import { startTracing, type Tracing } from './platform/tracing/start-tracing.js';
import { startServer } from './server.js';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  let tracing: Tracing | undefined; // OpenTelemetry, when OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/operations.md#traces)
  try {
    config = loadConfig();
    tracing = await startTracing();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  limitHeapGrowth(config.MC_HEAP_GROWING_PERCENT);
  const logger = createLogger(config.LOG_LEVEL, { service: 'mission-control', role: config.MC_ROLE });
  const asRoot = runningAsRootWarning(process.getuid?.());
  if (asRoot) logger.warn(asRoot);
  // Node would exit on these anyway; saying why in a JSON line tells the operator what npm start's
  // supervisor restarted after.
  process.on('uncaughtException', (error) => {
    logger.error('uncaught exception; exiting', { error });
    process.exit(1);
  });
  process.on('unhandledRejection', (reason) => {
    logger.error('unhandled rejection; exiting', { error: reason });
    process.exit(1);
  });
  // Handlers go in before start-up, so a signal during start-up stops the server once it is up
  // (and closes the database cleanly) instead of killing the process mid-migration. Readiness fails
  // from the signal on, even while start-up finishes (docs/operations.md#probes-and-graceful-shutdown).
  const lifecycle = createLifecycle();
  let starting: Promise<{ stop(): Promise<void> }> | undefined;
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    lifecycle.drain();
    const hardStop = setTimeout(() => process.exit(1), config.MC_SHUTDOWN_TIMEOUT_MS + 5_000);
    hardStop.unref();
    (starting ?? Promise.reject(new Error('not started')))
      .then((running) => running.stop())
      .then(() => tracing?.shutdown())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error('shutdown failed', { error });
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  starting = config.MC_ROLE === 'agent' ? startAgent(config, logger) : startServer(config, logger, lifecycle);
  try {
    await starting;
  } catch (error) {
    logger.error('failed to start', { error });
    process.exit(1);
  }
}

void main();
