import { isAbsolute } from 'node:path';
import { AGENT_LOG_QUERY_TIMEOUT_MS } from '@mc/contracts';
import { z } from 'zod';
import { resolveSecretFiles, shownValue } from './secret-files.js';

/** Log levels in increasing severity. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
/**
 * Which parts of the server a process runs: both (the default), only HTTP, only workers, or an agent
 * that runs its assigned canaries and pushes the results to MC_UPSTREAM_URL (docs/agents.md).
 */
export const ROLES = ['all', 'http', 'worker', 'agent'] as const;

/**
 * A whole number read from the environment: text answers "must be a number" and a fraction "must be a
 * whole number" (of `unit` where one is named), so every numeric setting refuses the same way.
 */
const wholeNumber = (unit?: string) =>
  z.coerce
    .number({ error: (issue) => (issue.code === 'invalid_type' ? 'must be a number' : undefined) })
    .int(unit ? `must be a whole number ${unit}` : 'must be a whole number');

const port = wholeNumber().min(0, 'must be between 0 and 65535').max(65535, 'must be between 0 and 65535');

/**
 * A comma- or newline-separated list of absolute folders (the file roots of the file scraper and the
 * file log backend): a relative entry would depend on the working directory, so it stops the start
 * rather than being ignored.
 */
const absoluteFolderList = z.string().refine(
  (value) =>
    value
      .split(/[,\n]/)
      .map((entry) => entry.trim())
      .every((entry) => entry === '' || isAbsolute(entry)),
  'every folder must be an absolute path, such as /var/log/app',
);

const schema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  // Database settings (docs/operations.md#database-settings): connections per pool (the HTTP side and the
  // job thread each have one on PostgreSQL), and the longest a statement may run (0 = no limit).
  MC_DB_POOL_MAX: wholeNumber()
    .min(1, 'must be between 1 and 1000')
    .max(1_000, 'must be between 1 and 1000')
    .default(10),
  MC_DB_STATEMENT_TIMEOUT_MS: wholeNumber('of milliseconds')
    .min(0, 'must be 0 (no limit) or more')
    .max(86_400_000, 'must be at most 86400000 (one day)')
    .default(0),
  // How long a pool keeps an idle connection: a new one pays its start-up, planner settings and catalog
  // caches again, and loses the statements prepared on the old one.
  MC_DB_POOL_IDLE_MS: wholeNumber('of milliseconds')
    .min(1_000, 'must be between 1000 and 86400000')
    .max(86_400_000, 'must be between 1000 and 86400000')
    .default(300_000),
  MC_DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  MC_ROLE: z.enum(ROLES, { message: `must be one of ${ROLES.join(', ')}` }).default('all'),
  MC_SHUTDOWN_TIMEOUT_MS: wholeNumber().min(0).default(10_000),
  MC_HEAP_GROWING_PERCENT: wholeNumber().min(0).max(300).default(50),
  MC_WORKER_CONCURRENCY: wholeNumber().min(1).max(256).default(8),
  MC_JOB_LEASE_MS: wholeNumber().min(1_000).default(30_000),
  MC_JOB_POLL_INTERVAL_MS: wholeNumber().min(10).max(60_000).default(500),
  MC_WEB_DIST: z.string().optional(),
  // Input bounds (docs/security.md): the largest request body any route reads; larger gets a 413.
  MC_MAX_BODY_BYTES: wholeNumber()
    .min(1_024)
    .default(4 * 1024 * 1024),
  // Operations (docs/security.md): a second listener serving only /metrics and the probes, without sign-in.
  MC_METRICS_ADDRESS: z
    .string()
    .regex(/^(\[[0-9A-Fa-f:.]+\]|[^\s:[\]]+):\d{1,5}$/, 'must be host:port, such as 127.0.0.1:9464 or [::1]:9464')
    .refine((value) => Number(value.slice(value.lastIndexOf(':') + 1)) <= 65535, 'the port must be at most 65535')
    .optional(),
  // Health (docs/health-runtime.md): canary-checker Canary files the server follows.
  MC_CANARY_DIR: z.string().trim().min(1, 'must not be empty').optional(),
  // Catalog (docs/catalog.md): config-db ScrapeConfig files the server follows.
  MC_SCRAPER_DIR: z.string().trim().min(1, 'must not be empty').optional(),
  // Catalog and logs (docs/catalog.md, docs/logs.md): the only folders file scrapers and file log
  // backends may read below (besides the admin-only properties); read again at each run.
  MC_SCRAPER_FILE_ROOTS: absoluteFolderList.optional(),
  MC_LOG_FILE_ROOTS: absoluteFolderList.optional(),
  // Topology (docs/topology.md): canary-checker Topology files the server follows.
  MC_TOPOLOGY_DIR: z.string().trim().min(1, 'must not be empty').optional(),
  // Playbooks (docs/playbooks.md): mission-control Playbook files the server follows.
  MC_PLAYBOOK_DIR: z.string().trim().min(1, 'must not be empty').optional(),
  // Agents (docs/agents.md): the upstream an MC_ROLE=agent process reports to, and its token.
  MC_UPSTREAM_URL: z.url({ message: 'must be a URL such as https://mc.example.com' }).optional(),
  MC_AGENT_TOKEN: z
    .string()
    .regex(/^mca_[A-Za-z0-9_-]{10,100}$/, 'must be a token from POST /api/agent/generate')
    .optional(),
  MC_AGENT_PULL_INTERVAL_MS: wholeNumber().min(100).default(30_000),
  // How often an agent asks for log searches relayed to it (each waits for its answer upstream).
  MC_AGENT_LOG_POLL_MS: wholeNumber().min(100).max(10_000).default(1_000),
  // How long the upstream waits for an agent to answer a relayed log search before a 504.
  MC_AGENT_LOG_QUERY_TIMEOUT_MS: wholeNumber().min(500).max(120_000).default(AGENT_LOG_QUERY_TIMEOUT_MS),
  // Identity and access (docs/identity.md).
  MC_PUBLIC_URL: z.url({ message: 'must be a URL such as https://mc.example.com' }).optional(),
  MC_RETURN_TO_ALLOWLIST: z.string().optional(),
  MC_ADMIN_EMAIL: z.email({ message: 'must be an email address' }).optional(),
  MC_ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  MC_DEFAULT_ROLE: z.enum(['admin', 'editor', 'viewer', 'guest', 'commander', 'responder']).default('guest'),
  MC_OIDC_PROVIDERS: z.string().optional(),
  MC_AUTH_FLOW_LIFESPAN_MS: wholeNumber().min(1_000).default(3_600_000),
  MC_INVITE_LIFESPAN_HOURS: wholeNumber().min(1).max(8_760).default(168),
  MC_SELF_REGISTRATION: z.enum(['on', 'off'], { message: 'must be on or off' }).optional(),
  MC_AUTH_SOURCE_MAX_ATTEMPTS: wholeNumber().min(1).default(100),
  MC_SESSION_CACHE_MS: wholeNumber().min(0).max(60_000).default(1_000),
  // Hosted organisation mode (docs/hosted-mode.md): flows (self-hosted sign-in, the default) or hosted,
  // where this process is the organisation service.
  MC_AUTH_MODE: z.enum(['flows', 'hosted'], { message: 'must be flows or hosted' }).default('flows'),
  // An organisation backend: the organisation service whose tokens it trusts, and its organisation's id.
  MC_ORG_SERVICE_URL: z.url({ message: 'must be a URL such as https://orgs.example.com' }).optional(),
  MC_ORG_ID: z.guid({ message: 'must be an organisation id (a UUID)' }).optional(),
  // Organisation service: lifetime of the tokens it signs (at most 5 minutes), and the provisioning hook.
  MC_ORG_TOKEN_TTL_S: wholeNumber().min(1).max(300).default(300),
  MC_ORG_PROVISION_COMMAND: z.string().trim().min(1, 'must not be empty').optional(),
  MC_ORG_PROVISION_WEBHOOK: z.url({ message: 'must be a URL such as https://provisioner.example.com/hook' }).optional(),
  // Organisation backend: console origins allowed to call it directly (comma-separated), for direct mode.
  MC_ORG_CONSOLE_ORIGINS: z.string().optional(),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: port.default(587),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_FROM: z.string().default('Mission Control <no-reply@localhost>'),
  SMTP_SECURE: z.enum(['true', 'false'], { message: 'must be true or false' }).default('false'),
});

/**
 * Settings the embedded database cannot honour: it is one session (a pool of one connection) and
 * cannot cancel a running statement, so setting them without DATABASE_URL stops the start.
 */
const POSTGRES_ONLY = ['MC_DB_POOL_MAX', 'MC_DB_STATEMENT_TIMEOUT_MS', 'MC_DB_POOL_IDLE_MS'] as const;
const POSTGRES_ONLY_REASON =
  'applies only to PostgreSQL (set DATABASE_URL); the embedded database is one session and cannot cancel a statement';

/** Validated server configuration; see the README's configuration table. */
export type Config = z.infer<typeof schema>;

/** Raised for a bad environment value; the message names every bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads and validates the configuration from an environment map (empty strings count as unset).
 * Secrets given as `<NAME>_FILE` are read into `env` first (docs/operations.md#secrets-from-files).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const fileProblems = resolveSecretFiles(env);
  if (fileProblems.length > 0) throw new ConfigError(`Invalid configuration:\n${fileProblems.join('\n')}`);
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = schema.safeParse(cleaned);
  if (result.success) {
    if (result.data.MC_ORG_SERVICE_URL && !result.data.MC_ORG_ID) {
      throw new ConfigError('Invalid configuration:\n  MC_ORG_ID="": must be set when MC_ORG_SERVICE_URL is set');
    }
    const postgresOnly = result.data.DATABASE_URL ? [] : POSTGRES_ONLY.filter((key) => cleaned[key] !== undefined);
    if (postgresOnly.length > 0) {
      const lines = postgresOnly.map((key) => `  ${key}=${JSON.stringify(env[key])}: ${POSTGRES_ONLY_REASON}`);
      throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
    }
    return result.data;
  }
  const lines = result.error.issues.map((issue) => {
    const key = String(issue.path[0]);
    return `  ${key}=${shownValue(key, env[key])}: ${issue.message}`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}
