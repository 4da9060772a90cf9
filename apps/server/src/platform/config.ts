import { z } from 'zod';

/** Log levels in increasing severity. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
/** Which parts of the server a process runs: both (the default), only HTTP, or only workers. */
export const ROLES = ['all', 'http', 'worker'] as const;

const port = z.coerce
  .number({ message: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

const schema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  MC_DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  MC_ROLE: z.enum(ROLES, { message: `must be one of ${ROLES.join(', ')}` }).default('all'),
  MC_SHUTDOWN_TIMEOUT_MS: z.coerce.number({ message: 'must be a number' }).int().min(0).default(10_000),
  MC_WORKER_CONCURRENCY: z.coerce.number({ message: 'must be a number' }).int().min(1).max(256).default(8),
  MC_WEB_DIST: z.string().optional(),
});

/** Validated server configuration; see the README's configuration table. */
export type Config = z.infer<typeof schema>;

/** Raised for a bad environment value; the message names every bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the configuration from an environment map (empty strings count as unset). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const key = String(issue.path[0]);
    return `  ${key}=${JSON.stringify(env[key] ?? '')}: ${issue.message}`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}
