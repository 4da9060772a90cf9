import { z } from 'zod';

/** An agent counts as healthy when it was seen within this many seconds (upstream agents_summary). */
export const AGENT_HEALTHY_WITHIN_SECONDS = 61;

/** Agent health as agents_summary computes it. */
export const AGENT_HEALTH = ['healthy', 'unhealthy', 'unknown'] as const;

const properties = z.record(z.string(), z.string(), { message: 'properties must map names to text values' });

/** Body of `PATCH /api/agents/{id}`: replaces the agent's properties (and optionally its description). */
export const agentPatchSchema = z.object({
  properties: properties.optional(),
  description: z.string().max(1000).nullable().optional(),
});

/** Body of `POST /api/agent/generate`. */
export const agentGenerateSchema = z.object({
  name: z
    .string({ message: 'This field is required' })
    .trim()
    .min(1, 'This field is required')
    .max(63, 'Name is at most 63 characters')
    .regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/, 'Name must be lowercase letters, digits and hyphens (dns1123)'),
  description: z.string().max(1000).optional(),
  properties: properties.optional(),
});

/** Answer of `POST /api/agent/generate`: the token is shown this once and stored only as a hash. */
export const agentGeneratedSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  access_token: z.string(),
  install_command: z.string(),
});
/** A freshly generated agent with its one-time token. */
export type AgentGenerated = z.infer<typeof agentGeneratedSchema>;

/** Most results one push may carry; the agent sends its buffer in batches of this size. */
export const AGENT_PUSH_MAX_RESULTS = 500;

/** One check result an agent pushes upstream; `key` is its idempotency key (unique per result). */
export const agentPushResultSchema = z.object({
  key: z.string().min(8, 'key: at least 8 characters').max(128, 'key: at most 128 characters'),
  check_id: z.guid({ message: 'check_id must be a UUID' }),
  time: z.iso.datetime({ offset: true, message: 'time must be an ISO 8601 date-time' }),
  status: z.enum(['healthy', 'unhealthy']),
  duration: z.number().int().min(0).max(86_400_000),
  message: z.string().max(10_000),
  error: z.string().max(10_000).optional(),
  invalid: z.boolean().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});
/** A pushed check result. */
export type AgentPushResult = z.infer<typeof agentPushResultSchema>;

/** Body of `POST /api/upstream/push`. */
export const agentPushSchema = z.object({
  results: z
    .array(agentPushResultSchema)
    .min(1, 'results: at least one result')
    .max(AGENT_PUSH_MAX_RESULTS, `results: at most ${AGENT_PUSH_MAX_RESULTS} per push`),
});

/** Answer of a push: results stored now, results seen before (acknowledged, not stored again), refused ones. */
export const agentPushAnswerSchema = z.object({
  stored: z.number().int(),
  duplicates: z.number().int(),
  refused: z.array(z.object({ key: z.string(), reason: z.string() })),
});
/** The answer of a push. */
export type AgentPushAnswer = z.infer<typeof agentPushAnswerSchema>;

/** One check of a canary assigned to an agent, as the agent pulls it. */
export const agentCanaryCheckSchema = z.object({
  id: z.string(),
  type: z.string(),
  name: z.string(),
  spec: z.unknown(),
});

/** A canary assigned to an agent (`GET /api/upstream/canaries`). */
export const agentCanarySchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string(),
  labels: z.record(z.string(), z.string()).nullable(),
  schedule: z.string().nullable(),
  checks: z.array(agentCanaryCheckSchema),
});
/** A canary as the agent runs it. */
export type AgentCanary = z.infer<typeof agentCanarySchema>;

/** A catalog scraper assigned to an agent (`GET /api/upstream/scrapers`): the agent runs it near its sources. */
export const agentScraperSchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string(),
  spec: z.record(z.string(), z.unknown()),
});
/** A scraper as the agent runs it. */
export type AgentScraper = z.infer<typeof agentScraperSchema>;

/** Most items one pushed scrape may carry (bounded further by the server's body limit). */
export const AGENT_SCRAPE_MAX_ITEMS = 20_000;

const text = z.string().max(10_000);
const itemRefSchema = z.object({ type: z.string().min(1).max(500), key: z.string().min(1).max(2000) });
const stringMap = z.record(z.string(), z.string()).nullable().optional();

/** A change a scraped document reported in full mode (the server's ScrapedChange), pushed with its item. */
export const agentScrapedChangeSchema = z.object({
  target: itemRefSchema,
  externalChangeId: z.string().max(2000).nullable(),
  changeType: z.string().min(1).max(500),
  severity: z.string().max(500).nullable(),
  summary: text.nullable(),
  source: z.string().max(2000).nullable(),
  createdBy: z.string().max(2000).nullable(),
  createdAt: z.string().max(64).nullable(),
  details: z.unknown(),
  diff: z.string().max(1_000_000).nullable(),
  patches: z.unknown(),
});

const aliasList = z.array(z.string().max(2000)).max(100);
const uuidOrNull = z.string().max(64).nullable();
/** An external user, group or role a scraped document listed in full mode (config-db's ExternalUser/Group/Role). */
export const scrapedIdentitySchema = z.object({
  id: uuidOrNull,
  aliases: aliasList,
  name: z.string().max(2000),
  accountId: z.string().max(2000),
  type: z.string().max(500),
  email: z.string().max(2000).nullable(),
  description: text.nullable(),
});
/** Which config item an access entry is about: its id, or its external id and type (and the scrapers to look in). */
export const scrapedConfigRefSchema = z.object({
  configId: uuidOrNull,
  externalId: z.string().max(2000).nullable(),
  configType: z.string().max(500).nullable(),
  /** Empty: the running scraper's items; `all`: every scraper's; else that scraper's id. */
  scraperId: z.string().max(64).nullable(),
});
/**
 * The access entries of one scraped document in full mode (config-db's external_users, external_groups,
 * external_roles, external_user_groups, config_access and access_logs), parsed (catalog/access/).
 */
export const scrapedAccessSchema = z.object({
  users: z.array(scrapedIdentitySchema).max(10_000),
  groups: z.array(scrapedIdentitySchema).max(10_000),
  roles: z.array(scrapedIdentitySchema).max(10_000),
  userGroups: z
    .array(z.object({ userId: uuidOrNull, userAliases: aliasList, groupId: uuidOrNull, groupAliases: aliasList }))
    .max(10_000),
  configAccess: z
    .array(
      z.object({
        id: z.string().max(2000).nullable(),
        /** The process the grant comes from, as the source names it (config_access.source). */
        source: z.string().max(2000).nullable(),
        config: scrapedConfigRefSchema,
        userId: uuidOrNull,
        userAliases: aliasList,
        groupId: uuidOrNull,
        groupAliases: aliasList,
        roleId: uuidOrNull,
        roleAliases: aliasList,
      }),
    )
    .max(10_000),
  accessLogs: z
    .array(
      z.object({
        config: scrapedConfigRefSchema,
        userId: uuidOrNull,
        userAliases: aliasList,
        mfa: z.boolean().nullable(),
        properties: z.record(z.string(), z.unknown()).nullable(),
        count: z.number().int().min(0).nullable(),
        createdAt: z.string().max(64).nullable(),
      }),
    )
    .max(10_000),
});
/** Parsed access entries of one scraped document. */
export type ScrapedAccess = z.infer<typeof scrapedAccessSchema>;

/** One configuration item a scraper kind produced on the agent (the server's ScrapedItem). */
export const agentScrapedItemSchema = z.object({
  key: z.string().min(1).max(2000),
  type: z.string().min(1).max(500),
  name: z.string().max(2000),
  configClass: z.string().max(500),
  config: z.unknown(),
  description: text.nullable().optional(),
  status: z.string().max(500).nullable().optional(),
  health: z.string().max(500).nullable().optional(),
  icon: z.string().max(500).nullable().optional(),
  labels: stringMap,
  tags: stringMap,
  properties: z.unknown().optional(),
  externalIds: z.array(z.string().max(2000)).max(100).optional(),
  source: z.string().max(2000).nullable().optional(),
  parent: itemRefSchema.optional(),
  createdAt: z.string().max(64).nullable().optional(),
  deletedAt: z.string().max(64).nullable().optional(),
  deleteReason: z.string().max(500).nullable().optional(),
  changes: z.array(agentScrapedChangeSchema).max(1000).optional(),
  changesOnly: z.boolean().optional(),
  access: scrapedAccessSchema.optional(),
});

/**
 * Body of `POST /api/upstream/scrapes`: one run of a scraper on the agent — its items, relationships,
 * insights and errors. The upstream saves it as a scrape of its own (changes are the difference to the
 * stored items), so the push is the whole snapshot and `key` makes it idempotent.
 */
export const agentScrapeSchema = z.object({
  key: z.string().min(8, 'key: at least 8 characters').max(128, 'key: at most 128 characters'),
  scraper_id: z.guid({ message: 'scraper_id must be a UUID' }),
  time: z.iso.datetime({ offset: true, message: 'time must be an ISO 8601 date-time' }),
  duration_ms: z.number().int().min(0).max(86_400_000),
  items: z.array(agentScrapedItemSchema).max(AGENT_SCRAPE_MAX_ITEMS, `items: at most ${AGENT_SCRAPE_MAX_ITEMS}`),
  relationships: z
    .array(z.object({ from: itemRefSchema, to: itemRefSchema, relation: z.string().min(1).max(200) }))
    .max(AGENT_SCRAPE_MAX_ITEMS * 4),
  insights: z
    .array(
      z.object({
        item: itemRefSchema,
        insights: z.array(
          z.object({
            analyzer: z.string().max(500),
            analysisType: z.string().max(200),
            severity: z.string().max(100),
            message: text,
            status: z.string().max(100),
          }),
        ),
      }),
    )
    .max(AGENT_SCRAPE_MAX_ITEMS),
  errors: z.array(text).max(1000),
  rule_errors: z.array(text).max(1000),
});
/** A scrape the agent pushes. */
export type AgentScrape = z.infer<typeof agentScrapeSchema>;

/** Answer of a scrape push: saved now, or seen before (acknowledged, not saved again). */
export const agentScrapeAnswerSchema = z.object({
  status: z.enum(['saved', 'duplicate']),
  counts: z.record(z.string(), z.number()).nullable(),
});
/** The answer of a scrape push. */
export type AgentScrapeAnswer = z.infer<typeof agentScrapeAnswerSchema>;

/**
 * A log search the upstream relays to the agent that runs the backend (`GET /api/upstream/log-queries`):
 * the backend's spec and the search already resolved upstream (window, the target's labels, one cursor
 * per spec entry).
 */
export const agentLogQuerySchema = z.object({
  id: z.string(),
  backend: z.object({ name: z.string(), spec: z.record(z.string(), z.unknown()) }),
  search: z.object({
    text: z.string(),
    start: z.string(),
    end: z.string(),
    levels: z.array(z.enum(['trace', 'debug', 'info', 'warn', 'error'])),
    labels: z.record(z.string(), z.string()),
    limit: z.number().int(),
    cursors: z.array(z.string().nullable()).nullable(),
  }),
});
/** A relayed log search. */
export type AgentLogQuery = z.infer<typeof agentLogQuerySchema>;

/** Longest the upstream waits for an agent to answer a relayed log search. */
export const AGENT_LOG_QUERY_TIMEOUT_MS = 20_000;

const agentLogLineSchema = z.object({
  timestamp: z.string().max(64),
  level: z.enum(['trace', 'debug', 'info', 'warn', 'error']).nullable(),
  message: z.string().max(100_000),
  labels: z.record(z.string(), z.string()),
  fields: z.record(z.string(), z.unknown()).optional(),
});

/**
 * Body of `POST /api/upstream/log-queries/{id}/answer`: the page of each spec entry (null for an entry
 * that had no older lines), or the backend's error (`query`: it refused the search, 400 upstream;
 * `remote`: it failed, 502).
 */
export const agentLogAnswerSchema = z.union([
  z.object({
    pages: z.array(
      z
        .object({
          lines: z.array(agentLogLineSchema).max(1000),
          total: z.number().int().nullable(),
          next: z.string().max(4096).nullable(),
        })
        .nullable(),
    ),
  }),
  z.object({ error: z.object({ kind: z.enum(['query', 'remote']), message: z.string().max(10_000) }) }),
]);
/** An agent's answer to a relayed log search. */
export type AgentLogAnswer = z.infer<typeof agentLogAnswerSchema>;

/** How often an agent asks for the Run Now requests of its multi-location checks. */
export const AGENT_RUN_REQUEST_POLL_MS = 5_000;

/** Run Now requests an agent's poll has not fetched after this long are dropped (the click is stale). */
export const AGENT_RUN_REQUEST_TTL_SECONDS = 300;

/** A Run Now request for an agent (`GET /api/upstream/run-requests`): run this check of this canary now. */
export const agentRunRequestSchema = z.object({ check_id: z.string(), canary_id: z.string() });
/** A Run Now request. */
export type AgentRunRequest = z.infer<typeof agentRunRequestSchema>;

/** What Run Now answers (202) for a multi-location check: the locations asked, and those that could not be. */
export const locationRunAnswerSchema = z.object({
  id: z.string(),
  message: z.string(),
  requested: z.array(z.string()),
  skipped: z.array(z.object({ name: z.string(), reason: z.string() })),
});
/** Run Now's answer for a multi-location check. */
export type LocationRunAnswer = z.infer<typeof locationRunAnswerSchema>;

/** One row of `agents_summary`: the agent, its health and counts of what it reports (`GET /api/agents`). */
export const agentSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  hostname: z.string().nullable(),
  description: z.string().nullable(),
  ip: z.string().nullable(),
  version: z.string().nullable(),
  username: z.string().nullable(),
  person_id: z.string().nullable(),
  properties: z.record(z.string(), z.string()).nullable(),
  tls: z.string().nullable(),
  cleanup: z.boolean(),
  last_seen: z.string().nullable(),
  last_received: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  health: z.enum(AGENT_HEALTH),
  status: z.enum(['online', 'offline', 'unknown']),
  config_count: z.number(),
  config_scrapper_count: z.number(),
  checks_count: z.number(),
  playbook_runs_count: z.number(),
});
/** An agent as the agents page lists it. */
export type AgentSummary = z.infer<typeof agentSummarySchema>;

/** `GET /api/agents` answer. */
export const agentListSchema = z.array(agentSummarySchema);

/** `DELETE /api/agents/{id}` answer: rows soft-deleted per table by the cleanup (empty without it). */
export const agentRemovedSchema = z.object({ cleaned: z.record(z.string(), z.number()) });

/** `POST /api/upstream/log-queries/{id}/answer` answer. */
export const agentLogAnsweredSchema = z.object({ answered: z.literal(true) });

/** `GET /api/upstream/canaries` answer. */
export const agentCanaryListSchema = z.array(agentCanarySchema);

/** `GET /api/upstream/scrapers` answer. */
export const agentScraperListSchema = z.array(agentScraperSchema);

/** `GET /api/upstream/log-queries` answer: the searches claimed by this call. */
export const agentLogQueryListSchema = z.array(agentLogQuerySchema);

/** `GET /api/upstream/run-requests` answer: the Run Now requests claimed by this call. */
export const agentRunRequestListSchema = z.array(agentRunRequestSchema);
