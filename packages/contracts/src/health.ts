/**
 * Check specs of the health area, in canary-checker's field names (api/v1/checks.go), so a Canary file
 * written for canary-checker validates here unchanged. The server's check runtime and the console's
 * canary editor share these schemas. Fields canary-checker knows but this server does not run (http
 * `crawl`, javascript/template expressions…) are either refused here ("… is not supported
 * by this server", so a save fails naming them) or answered at run time with a clear "not supported"
 * result — never silently ignored. Extensions of ours are marked.
 */
import { z } from 'zod';
import { locationRunAnswerSchema } from './agents.js';
import { folderCheckFields, refuseRemoteFolder } from './health-folder.js';
import { parseDurationMs } from './notifications.js';

export {
  FOLDER_CONNECTION_FIELDS,
  FOLDER_SINCE,
  FOLDER_TEMPLATED_FIELDS,
  folderFieldText,
  folderFilterSchema,
  parseByteSize,
  parseFolderDuration,
} from './health-folder.js';

/** The check types this server runs, as canary spec keys. */
export const CHECK_TYPES = [
  'http',
  'tcp',
  'dns',
  'tls',
  'icmp',
  'postgres',
  'mysql',
  'redis',
  'prometheus',
  'exec',
  'folder',
  'webhook',
] as const;

/** One of {@link CHECK_TYPES}. */
export type CheckType = (typeof CHECK_TYPES)[number];

/** Per-check timeout when the caller gives none (canary-checker's DNS default is 10 s; ours covers all). */
export const DEFAULT_CHECK_TIMEOUT_MS = 30_000;

/** Longest redirect chain an HTTP check follows. */
export const HTTP_MAX_REDIRECTS = 10;

/** User-Agent of HTTP checks unless their headers set one: canary-checker's `canary-checker/<version>`. */
export const HTTP_CHECK_USER_AGENT = 'canary-checker/mission-control';

/** TLS handshake limit of http, prometheus and redis checks without `tlsConfig.handshakeTimeout` (upstream's). */
export const TLS_HANDSHAKE_TIMEOUT_MS = 10_000;

/** Most response bytes an HTTP or Prometheus check reads; the rest is cut off and said so. */
export const HTTP_MAX_BODY_BYTES = 5 * 1024 * 1024;

/** An http check's `crawl` when it gives none: upstream's depth 10, parallelism 2, delay 500ms + up to 100ms. */
export const HTTP_CRAWL_DEFAULTS = { depth: 10, parallelism: 2, delay: '500ms', randomDelay: '100ms' } as const;

/** Most concurrent requests of one crawl (refused above, so one check cannot flood a site from the server). */
export const HTTP_CRAWL_MAX_PARALLELISM = 8;

/** Most pages one crawl requests; it stops there and says so (a site's whole link graph is not a check). */
export const HTTP_CRAWL_MAX_PAGES = 500;

/** Share of an http check's timeout after which its crawl starts no further request and reports. */
export const HTTP_CRAWL_TIME_SHARE = 0.8;

/** Most bytes of stdout or stderr an exec check keeps. */
export const EXEC_MAX_OUTPUT_BYTES = 1024 * 1024;

/** Longest string kept in a stored result's details (the full value stays available to expressions). */
export const CHECK_DETAILS_MAX_STRING = 4096;

/** Largest stored details (JSON bytes); the biggest top-level entries are replaced by a note beyond it. */
export const CHECK_DETAILS_MAX_BYTES = 64 * 1024;

/** The property holding the egress policy, and its allowed values (default allow-private). */
export const EGRESS_POLICY_PROPERTY = 'health.egress.policy';

/** The property holding the egress allow-list: CIDRs, addresses or hostnames, comma or newline separated. */
export const EGRESS_ALLOW_LIST_PROPERTY = 'health.egress.allow_list';

/** Egress modes: private targets allowed (default), private targets refused, or only listed targets. */
export const EGRESS_MODES = ['allow-private', 'deny-private', 'allow-list'] as const;

/** One of {@link EGRESS_MODES}. */
export type EgressMode = (typeof EGRESS_MODES)[number];

/** The default egress mode: checks usually watch internal systems. */
export const DEFAULT_EGRESS_MODE: EgressMode = 'allow-private';

const keySelector = z.object({ name: z.string().optional(), key: z.string().min(1) });

/** canary-checker's EnvVar: a static `value`, or a `valueFrom` source resolved at run time. */
export const envVarSchema = z.object({
  name: z.string().optional(),
  value: z.string().optional(),
  valueFrom: z
    .object({
      serviceAccount: z.string().optional(),
      helmRef: keySelector.optional(),
      configMapKeyRef: keySelector.optional(),
      secretKeyRef: keySelector.optional(),
    })
    .optional(),
});

/** An environment-variable value source. */
export type EnvVar = z.infer<typeof envVarSchema>;

/** canary-checker's Template: `expr` (CEL), `template` (Go text/template) and `javascript` run; `jsonPath` is refused at save. */
export const templateSchema = z.object({
  expr: z.string().optional(),
  javascript: z.string().optional(),
  template: z.string().optional(),
  jsonPath: z.string().optional(),
});

/** A test, display or transform expression block. */
export type CheckTemplate = z.infer<typeof templateSchema>;

/** Prometheus metric and label names (the exposition format's rule). */
const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/**
 * canary-checker's `metrics` of a check: after each run `value` (CEL) is evaluated over the check's
 * expression variables and recorded on /metrics under `name`, labelled by `value` or `valueExpr` (CEL).
 */
const checkMetricSchema = z.object({
  name: z
    .string()
    .regex(METRIC_NAME, 'must be a Prometheus metric name')
    .refine((name) => !/^(mc_|nodejs_|process_)/.test(name), "mc_, nodejs_ and process_ names are this server's own"),
  type: z.enum(['counter', 'gauge', 'histogram'], { message: 'must be counter, gauge or histogram' }),
  value: z.string().min(1, 'give a CEL expression'),
  labels: z
    .array(
      z.object({
        name: z.string().regex(LABEL_NAME, 'must be a Prometheus label name'),
        value: z.string().optional(),
        valueExpr: z.string().optional(),
      }),
    )
    .optional(),
});

const description = {
  name: z.string().min(1),
  description: z.string().optional(),
  namespace: z.string().optional(),
  icon: z.string().optional(),
  labels: z.record(z.string(), z.string()).optional(),
  metrics: z.array(checkMetricSchema).max(20, 'at most 20 metrics').optional(),
  /** Names of checks of the same canary that run before this one; their outputs reach its expressions. */
  dependsOn: z.array(z.string().min(1)).optional(),
};

const templatable = {
  test: templateSchema.optional(),
  display: templateSchema.optional(),
  transform: templateSchema.optional(),
  /**
   * What a transformed check (a named entry of `transform`) records when a later run no longer returns
   * it, before it is retired: a healthy or an unhealthy result, or nothing (Ignore, the default).
   */
  transformDeleteStrategy: z
    .enum(['MarkHealthy', 'MarkUnhealthy', 'Ignore'], { message: 'must be MarkHealthy, MarkUnhealthy or Ignore' })
    .optional(),
};

const connection = {
  /** `connection://<type>/<name>` of a stored connection (or, for SQL checks, a raw connection string). */
  connection: z.string().optional(),
  url: z.string().optional(),
  username: envVarSchema.optional(),
  password: envVarSchema.optional(),
};

const thresholdMillis = z.number().int().nonnegative().optional();

/** `tlsConfig` of canary-checker's HTTP check (also prometheus and, with `enable`, redis). */
export const tlsConfigSchema = z.object({
  insecureSkipVerify: z.boolean().optional(),
  handshakeTimeout: z
    .string()
    .refine((value) => parseDurationMs(value) !== undefined, 'handshakeTimeout must be a duration such as 10s or 500ms')
    .optional(),
  ca: envVarSchema.optional(),
  cert: envVarSchema.optional(),
  key: envVarSchema.optional(),
});

/**
 * An HTTP check's `endpoint` or `url`: http:// or https:// and no spaces, or a template (`$(.url)`,
 * `{{ .url }}`) the check fills from its env and checks again when it runs.
 * The description carries the same words into the JSON Schema, where the editor's validation reads them.
 */
const httpUrl = (field: string) => {
  const message = `${field} must be an http:// or https:// URL`;
  return z
    .string()
    .regex(/^(?:https?:\/\/\S+|\S*(?:\$\(|\{\{).*)$/i, message)
    .describe(message.slice(field.length + 1))
    .optional();
};

/** Adds the save-time refusal of a field this server knows by name but does not run (never accept and ignore). */
function refuse(ctx: z.RefinementCtx, path: (string | number)[], field = path.join('.')): void {
  ctx.addIssue({ code: 'custom', path, message: `${field} is not supported by this server` });
}

const crawlDuration = (field: string) =>
  z
    .string()
    .refine((value) => parseDurationMs(value) !== undefined, `crawl.${field} must be a duration such as 500ms or 1s`)
    .optional();

/**
 * `crawl` of canary-checker's HTTP check: from `url`, follow the `<a href>` links of each HTML page within
 * the allowed domains (the URL's host by default), URL filters (RE2, checked when run) and depth, at
 * most `parallelism` at once with `delay` plus up to `randomDelay` before each request, as its colly
 * collector. `filters` is declared upstream but never read there, so it is refused rather than ignored.
 */
export const httpCrawlSchema = z
  .object({
    depth: z.number().int().min(0).optional(),
    allowedDomains: z.array(z.string().min(1)).optional(),
    disallowedDomains: z.array(z.string().min(1)).optional(),
    allowedURLFilters: z.array(z.string()).optional(),
    disallowedURLFilters: z.array(z.string()).optional(),
    delay: crawlDuration('delay'),
    randomDelay: crawlDuration('randomDelay'),
    parallelism: z.number().int().min(0).max(HTTP_CRAWL_MAX_PARALLELISM).optional(),
    filters: z.array(z.string()).optional(),
  })
  .superRefine((crawl, ctx) => {
    if (crawl.filters !== undefined) {
      const message =
        'crawl.filters is not supported by this server (canary-checker never applies it: use allowedURLFilters or disallowedURLFilters)';
      ctx.addIssue({ code: 'custom', path: ['filters'], message });
    }
  });

/** `oauth2` of canary-checker's HTTP check: client credentials from `username`/`password`, as upstream. */
export const httpOauth2Schema = z.object({
  tokenURL: z.string().regex(/^https?:\/\/\S+$/i, 'oauth2.tokenURL must be an http:// or https:// URL'),
  scope: z.array(z.string()).optional(),
  params: z.record(z.string(), z.string()).optional(),
});

/** `awsSigV4` of canary-checker's HTTP check (duty's AWSSigV4): static keys, `region`, `service`. */
export const awsSigV4Schema = z.object({
  connection: z.string().optional(),
  accessKey: envVarSchema.optional(),
  secretKey: envVarSchema.optional(),
  sessionToken: envVarSchema.optional(),
  assumeRole: z.string().optional(),
  region: z.string().optional(),
  endpoint: z.string().optional(),
  skipTLSVerify: z.boolean().optional(),
  service: z.string().optional(),
});

/** HTTP check. `responseRegex` and `followRedirects` are our extensions. */
export const httpCheckSchema = z
  .object({
    ...description,
    ...templatable,
    ...connection,
    url: httpUrl('url'),
    endpoint: httpUrl('endpoint'),
    thresholdMillis,
    responseCodes: z.array(z.number().int().min(100).max(599)).optional(),
    responseContent: z.string().optional(),
    responseRegex: z.string().optional(),
    responseJSONContent: z.object({ path: z.string().min(1), value: z.string() }).optional(),
    maxSSLExpiry: z.number().int().nonnegative().optional(),
    method: z
      .string()
      .regex(/^[A-Za-z]+$/, 'method must be letters only')
      .optional(),
    ntlm: z.boolean().optional(),
    ntlmv2: z.boolean().optional(),
    digest: z.boolean().optional(),
    body: z.string().optional(),
    headers: z.array(envVarSchema).optional(),
    templateBody: z.boolean().optional(),
    env: z.array(envVarSchema).optional(),
    oauth2: httpOauth2Schema.optional(),
    awsSigV4: awsSigV4Schema.optional(),
    tlsConfig: tlsConfigSchema.optional(),
    crawl: httpCrawlSchema.optional(),
    followRedirects: z.boolean().optional(),
    maxRedirects: z.number().int().min(0).max(HTTP_MAX_REDIRECTS).optional(),
  })
  .superRefine((spec, ctx) => {
    const aws = spec.awsSigV4;
    if (!aws) return;
    for (const key of ['connection', 'assumeRole', 'endpoint', 'skipTLSVerify'] as const) {
      if (aws[key] !== undefined) refuse(ctx, ['awsSigV4', key]);
    }
    for (const key of ['accessKey', 'secretKey'] as const) {
      if (!aws[key]) {
        const message = `awsSigV4.${key} is required (the default AWS credential chain is not supported by this server)`;
        ctx.addIssue({ code: 'custom', path: ['awsSigV4', key], message });
      }
    }
  });

/** TCP check: `endpoint` is host:port. */
export const tcpCheckSchema = z.object({
  ...description,
  ...templatable,
  endpoint: z.string().min(1),
  thresholdMillis,
});

/** DNS query types the DNS check asks. */
export const DNS_QUERY_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SRV', 'NS', 'PTR'] as const;

/** DNS check, canary-checker's lower-case keys (`querytype`, `minrecords`, `exactreply`, `timeout` in seconds). */
export const dnsCheckSchema = z.object({
  ...description,
  server: z.string().optional(),
  port: z.number().int().min(1).max(65535).optional(),
  query: z.string().min(1),
  querytype: z
    .string()
    .regex(
      new RegExp(`^(${DNS_QUERY_TYPES.join('|')})$`, 'i'),
      `querytype must be one of ${DNS_QUERY_TYPES.join(', ')}`,
    )
    .optional(),
  minrecords: z.number().int().nonnegative().optional(),
  exactreply: z.array(z.string()).optional(),
  timeout: z.number().int().positive().optional(),
  thresholdMillis,
});

/** TLS certificate check (ours; canary-checker checks certificates only through http's maxSSLExpiry). */
export const tlsCheckSchema = z.object({
  ...description,
  endpoint: z.string().min(1),
  serverName: z.string().optional(),
  maxSSLExpiry: z.number().int().nonnegative().optional(),
  insecureSkipVerify: z.boolean().optional(),
  ca: envVarSchema.optional(),
  thresholdMillis,
});

/** ICMP check through the system's ping. */
export const icmpCheckSchema = z.object({
  ...description,
  endpoint: z.string().min(1),
  thresholdMillis,
  packetLossThreshold: z.number().int().min(0).max(100).optional(),
  packetCount: z.number().int().min(1).max(20).optional(),
});

/**
 * SQL check (postgres, mysql): `query` defaults to SELECT 1, `results` is the least row count expected,
 * `markFailOnEmpty` fails a query that returns no rows (canary-checker's).
 */
export const sqlCheckSchema = z.object({
  ...description,
  ...templatable,
  ...connection,
  query: z.string().optional(),
  results: z.number().int().nonnegative().optional(),
  markFailOnEmpty: z.boolean().optional(),
});

/** Postgres check. */
export const postgresCheckSchema = sqlCheckSchema;

/** MySQL / MariaDB check. */
export const mysqlCheckSchema = sqlCheckSchema;

/** Redis check: PING, or `command` (our extension, e.g. ["GET", "key"]) whose reply the test reads. */
export const redisCheckSchema = z.object({
  ...description,
  ...templatable,
  ...connection,
  addr: z.string().optional(),
  db: z.number().int().nonnegative().optional(),
  command: z.array(z.string()).min(1).optional(),
  /** canary-checker's SwitchableTLSConfig: `enable`, or any of insecureSkipVerify / ca / cert, turns TLS on. */
  tlsConfig: tlsConfigSchema.extend({ enable: z.boolean().optional() }).optional(),
});

/** Prometheus check: an instant PromQL query; the threshold is a CEL test. */
export const prometheusCheckSchema = z.object({
  ...description,
  ...templatable,
  ...connection,
  host: z.string().optional(),
  query: z.string().min(1),
  tlsConfig: tlsConfigSchema.optional(),
});

/** Exec check: a bash script; the default test is `results.exitCode == 0`. */
export const execCheckSchema = z.object({
  ...description,
  ...templatable,
  script: z.string().min(1),
  env: z.array(envVarSchema).optional(),
  connections: z.unknown().optional(),
  checkout: z.unknown().optional(),
  /** Files the script writes (globs below its directory; `/dev/stdout`, `/dev/stderr`), kept with the result. */
  artifacts: z.array(z.object({ path: z.string().min(1).max(1024) })).optional(),
});

/** Folder check: lists a folder on the server (health-folder.ts); remote paths are refused at save. */
export const folderCheckSchema = z
  .object({ ...description, ...templatable, ...folderCheckFields })
  // also when another field is wrong, so a remote path is named at once (a fixture without a name, say)
  .superRefine((spec, ctx) => refuseRemoteFolder(spec, ctx), {
    when: ({ value }) => typeof value === 'object' && value !== null,
  });

/** A heartbeat's expected period and grace when its spec names none. */
export const WEBHOOK_DEFAULT_INTERVAL = '5m';
/** Extra time after the expected period before a silent heartbeat fails. */
export const WEBHOOK_DEFAULT_GRACE = '1m';

const heartbeatDuration = (field: string) =>
  z
    .string()
    .refine(
      (value) => (parseDurationMs(value) ?? 0) >= 1000,
      `${field} must be a duration of at least 1s, such as 5m or 1h`,
    );

/**
 * Heartbeat (push) check, canary-checker's `webhook` (issue 33 item 5): passes while calls to its URL
 * (`POST /webhook/{token}`, the token issued by `POST /api/heartbeats/{checkId}/token`) keep arriving within
 * `interval` + `grace`; `test.expr` sees the last call's `json`, `content` and `headers`. Upstream's
 * `token` (a static secret in the spec) is refused: the server issues the token and keeps only its hash.
 */
export const webhookCheckSchema = z.object({
  ...description,
  ...templatable,
  interval: heartbeatDuration('interval').default(WEBHOOK_DEFAULT_INTERVAL),
  grace: heartbeatDuration('grace').default(WEBHOOK_DEFAULT_GRACE),
});

/** The spec schema of each check type, keyed as in a Canary's spec. */
export const CHECK_SPEC_SCHEMAS = {
  http: httpCheckSchema,
  tcp: tcpCheckSchema,
  dns: dnsCheckSchema,
  tls: tlsCheckSchema,
  icmp: icmpCheckSchema,
  postgres: postgresCheckSchema,
  mysql: mysqlCheckSchema,
  redis: redisCheckSchema,
  prometheus: prometheusCheckSchema,
  exec: execCheckSchema,
  folder: folderCheckSchema,
  webhook: webhookCheckSchema,
} as const satisfies Record<CheckType, z.ZodType>;

export type HttpCheckSpec = z.infer<typeof httpCheckSchema>;
export type TcpCheckSpec = z.infer<typeof tcpCheckSchema>;
export type DnsCheckSpec = z.infer<typeof dnsCheckSchema>;
export type TlsCheckSpec = z.infer<typeof tlsCheckSchema>;
export type IcmpCheckSpec = z.infer<typeof icmpCheckSchema>;
export type SqlCheckSpec = z.infer<typeof sqlCheckSchema>;
export type RedisCheckSpec = z.infer<typeof redisCheckSchema>;
export type PrometheusCheckSpec = z.infer<typeof prometheusCheckSchema>;
export type ExecCheckSpec = z.infer<typeof execCheckSchema>;
export type FolderCheckSpec = z.infer<typeof folderCheckSchema>;
export type WebhookCheckSpec = z.infer<typeof webhookCheckSchema>;

/** A check run's outcome as stored in check_statuses (status true = healthy). */
export const CHECK_RESULT_STATUSES = ['healthy', 'unhealthy'] as const;

/** One of {@link CHECK_RESULT_STATUSES}. */
export type CheckResultStatus = (typeof CHECK_RESULT_STATUSES)[number];

/** Most locations (agents) one multi-location canary may name. */
export const MAX_CHECK_LOCATIONS = 20;

/**
 * The quorum of a multi-location canary when its spec names none: a majority of its locations
 * (`floor(M / 2) + 1`).
 */
export function defaultQuorum(locations: number): number {
  return Math.floor(locations / 2) + 1;
}

/** One location of a multi-location check with its latest result (`GET /api/checks/{id}/locations`). */
export const checkLocationSchema = z.object({
  name: z.string(),
  agent_id: z.string().nullable(),
  /** Whether the agent was seen within the health window; a location whose agent is away does not count. */
  agent_online: z.boolean(),
  status: z.enum(['healthy', 'unhealthy']).nullable(),
  time: z.string().nullable(),
  duration: z.number().nullable(),
  message: z.string().nullable(),
  error: z.string().nullable(),
});
/** A location and its latest result. */
export type CheckLocation = z.infer<typeof checkLocationSchema>;

/** A check's locations and quorum; `quorum` is null (and the list empty) for a check run from one place. */
export const checkLocationsSchema = z.object({
  quorum: z.number().int().nullable(),
  healthy: z.number().int(),
  locations: z.array(checkLocationSchema),
});
/** The locations answer. */
export type CheckLocations = z.infer<typeof checkLocationsSchema>;

/** Most files an exec check keeps per run; more are listed as skipped. */
export const CHECK_ARTIFACT_MAX_FILES = 20;
/** Largest file an exec check keeps; a larger one is listed as skipped. */
export const CHECK_ARTIFACT_MAX_BYTES = 5 * 1024 * 1024;
/** Most artifacts kept per check; older ones go as new runs add theirs. */
export const CHECK_ARTIFACTS_KEPT = 100;

/** A file an exec check's run kept (`GET /api/checks/{id}/artifacts`; also `details.artifacts` of its result). */
export const checkArtifactSchema = z.object({
  id: z.string(),
  path: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  created_at: z.string(),
});
/** One kept artifact. */
export type CheckArtifact = z.infer<typeof checkArtifactSchema>;
/** A check's artifacts, newest first. */
export const checkArtifactListSchema = z.array(checkArtifactSchema);

/** A canary as the canaries API answers it: the stored row with its document's apiVersion, kind and metadata. */
export const canaryViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string(),
  labels: z.record(z.string(), z.string()).nullable(),
  annotations: z.record(z.string(), z.string()).nullable(),
  spec: z.record(z.string(), z.unknown()),
  schedule: z.string().nullable(),
  source: z.string().nullable(),
  agent_id: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
  apiVersion: z.literal('canaries.flanksource.com/v1'),
  kind: z.literal('Canary'),
  metadata: z.object({
    name: z.string(),
    namespace: z.string(),
    labels: z.record(z.string(), z.string()).optional(),
    annotations: z.record(z.string(), z.string()).optional(),
  }),
});

/** `GET /api/canaries` answer. */
export const canaryListSchema = z.array(canaryViewSchema);

/** A check result as Run Now answers it: the check's id, status, duration (ms), message and details. */
const checkRunResultSchema = z.object({
  id: z.string(),
  status: z.enum(CHECK_RESULT_STATUSES),
  duration: z.number(),
  message: z.string(),
  error: z.string().optional(),
  details: z.record(z.string(), z.unknown()),
  invalid: z.boolean().optional(),
  transformed: z.array(z.record(z.string(), z.unknown())).optional(),
});

/** `POST /api/canary/run/check/{id}` answer: the result (200), or for a multi-location check what was asked (202). */
export const checkRunAnswerSchema = z.union([checkRunResultSchema, locationRunAnswerSchema]);

/** One check of the health summary with its uptime and latency over the window. */
export const checkSummarySchema = z.object({
  id: z.string(),
  canary_id: z.string(),
  canary_name: z.string(),
  name: z.string(),
  type: z.string(),
  namespace: z.string().nullable(),
  description: z.string().nullable(),
  endpoint: z.string().nullable(),
  icon: z.string().nullable(),
  status: z.string().nullable(),
  severity: z.string().nullable(),
  owner: z.string().nullable(),
  labels: z.record(z.string(), z.string()).nullable(),
  last_runtime: z.string().nullable(),
  last_transition_time: z.string().nullable(),
  next_runtime: z.string().nullable(),
  uptime: z.object({ passed: z.number(), failed: z.number() }),
  latency: z.object({ p95: z.number(), p97: z.number(), p99: z.number(), rolling1h: z.number() }),
});

/** `GET`/`POST /api/canary/api/summary` answer (canary-checker's summary). */
export const healthSummarySchema = z.object({
  duration: z.number(),
  runnerName: z.string(),
  from: z.string(),
  to: z.string(),
  checks_summary: z.array(checkSummarySchema),
});

/**
 * The same summary asked with `format: 'columns'` (what the console asks for): its checks as columns
 * (row-columns.ts), read back into checks_summary's rows by `fromRowColumns`.
 */
export const healthSummaryColumnsSchema = z.object({
  checks_columns: z.object({ n: z.number().int().nonnegative(), f: z.record(z.string(), z.unknown()) }),
  duration: z.number(),
  runnerName: z.string(),
  from: z.string(),
  to: z.string(),
});

/** The summary routes' answer: rows, or columns when asked with `format: 'columns'`. */
export const healthSummaryAnswerSchema = z.union([healthSummarySchema, healthSummaryColumnsSchema]);

/** `GET /api/canary/api/graph` answer: one check's results over a window, bucketed. */
export const checkGraphSchema = z.object({
  duration: z.number(),
  runnerName: z.string(),
  status: z.array(
    z.object({ time: z.string(), status: z.boolean(), duration: z.number(), passed: z.number(), failed: z.number() }),
  ),
  latency: z.object({ p99: z.number(), p97: z.number(), p95: z.number() }),
  uptime: z.object({ passed: z.number(), failed: z.number() }),
});

/** `GET /api/canary/about` answer. */
export const healthAboutSchema = z.object({
  name: z.string(),
  version: z.string(),
  runnerName: z.string(),
  checkTypes: z.array(z.enum(CHECK_TYPES)),
  concurrency: z.number(),
});

/** One result of a check as `GET /api/canary/api` (canary-checker's checks API) answers it. */
export const checksApiStatusSchema = z.object({
  status: z.boolean().nullable(),
  invalid: z.boolean(),
  time: z.string(),
  duration: z.number(),
  message: z.string().optional(),
  error: z.string().optional(),
});

/** `GET /api/canary/api` answer: checks with uptime, latency and their newest results, as upstream's console reads it. */
export const checksApiResponseSchema = z.object({
  duration: z.number(),
  runnerName: z.string(),
  checks: z.array(z.looseObject({ id: z.string(), name: z.string(), checkStatuses: z.array(checksApiStatusSchema) })),
});
