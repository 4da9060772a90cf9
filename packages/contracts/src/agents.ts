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
