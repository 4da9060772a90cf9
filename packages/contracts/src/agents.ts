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
