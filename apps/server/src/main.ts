import { ConfigError, loadConfig } from './platform/config.js';
import { createLogger } from './platform/logger.js';
import { startServer } from './server.js';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL, { service: 'mission-control', role: config.MC_ROLE });
  let running: Awaited<ReturnType<typeof startServer>>;
  try {
    running = await startServer(config, logger);
  } catch (error) {
    logger.error('failed to start', { error });
    process.exit(1);
  }
  const shutdown = (signal: string) => {
    logger.info('shutting down', { signal });
    const hardStop = setTimeout(() => process.exit(1), config.MC_SHUTDOWN_TIMEOUT_MS + 5_000);
    hardStop.unref();
    running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error('shutdown failed', { error });
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

void main();
