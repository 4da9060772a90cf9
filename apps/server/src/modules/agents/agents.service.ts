import { createHash, randomBytes } from 'node:crypto';
import { type AgentGenerated, agentGenerateSchema, agentPatchSchema, NIL_AGENT_ID } from '@mc/contracts';
import type { Database } from '@mc/db';
import type { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { type AgentSummaryRow, agentsRepo } from './agents.repo.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.') || 'body', message: issue.message }));
  throw new AppError('bad_request', issues.map((issue) => `${issue.path}: ${issue.message}`).join('; '), { issues });
}

/** SHA-256 of an agent token: tokens are 256 random bits, so a fast hash is enough to make the stored value useless. */
export function hashAgentToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The Helm command that installs an agent reporting to `upstream` (the console's own origin). */
export function installCommand(upstream: string, name: string, username: string, token: string): string {
  return [
    'helm repo add flanksource https://flanksource.github.io/charts',
    'helm repo update',
    `helm install mc-agent flanksource/mission-control-agent -n mission-control --create-namespace \\`,
    `  --set clusterName=${name} \\`,
    `  --set upstream.agent=${name} \\`,
    `  --set upstream.username=${username} \\`,
    `  --set upstream.password=${token} \\`,
    `  --set upstream.host=${upstream}`,
  ].join('\n');
}

/**
 * Agents: the list with health and counts, property edits, soft delete with optional cleanup, and
 * registration that hands out a token once (spec 000 §3, §4, §7).
 */
export function agentsService(database: Database) {
  const repo = agentsRepo(database);
  const mustBeRemote = (id: string) => {
    if (!UUID.test(id)) throw new AppError('not_found', `Agent ${id} not found`);
    if (id === NIL_AGENT_ID) throw new AppError('bad_request', 'The local agent cannot be changed or deleted');
  };
  return {
    list: (): Promise<AgentSummaryRow[]> => repo.list(),
    async get(id: string): Promise<AgentSummaryRow> {
      const row = UUID.test(id) ? await repo.summary(id) : undefined;
      if (!row) throw new AppError('not_found', `Agent ${id} not found`);
      return row;
    },
    async patch(id: string, body: unknown): Promise<AgentSummaryRow> {
      mustBeRemote(id);
      const input = parse(agentPatchSchema, body);
      if (!(await repo.patch(id, input))) throw new AppError('not_found', `Agent ${id} not found`);
      return this.get(id);
    },
    async remove(id: string, cleanup: boolean): Promise<{ cleaned: Record<string, number> }> {
      mustBeRemote(id);
      const result = await repo.softDelete(id, cleanup);
      if (!result.deleted) throw new AppError('not_found', `Agent ${id} not found`);
      return { cleaned: result.cleaned };
    },
    async generate(body: unknown, upstream: string, createdBy: string | null): Promise<AgentGenerated> {
      const input = parse(agentGenerateSchema, body);
      if (await repo.nameTaken(input.name))
        throw new AppError('conflict', `An agent named '${input.name}' already exists`);
      const token = `mca_${randomBytes(32).toString('base64url')}`;
      const username = `agent-${input.name}`;
      const id = await repo.insert({
        name: input.name,
        description: input.description ?? null,
        properties: input.properties ?? {},
        username,
        tokenHash: hashAgentToken(token),
        createdBy,
      });
      return {
        id,
        name: input.name,
        username,
        access_token: token,
        install_command: installCommand(upstream, input.name, username, token),
      };
    },
  };
}
