import { createHash, randomBytes } from 'node:crypto';
import { type AgentGenerated, agentGenerateSchema, agentPatchSchema, NIL_AGENT_ID } from '@mc/contracts';
import type { Database } from '@mc/db';
import type { z } from 'zod';
import { type AuditContext, actorPersonId, auditedTransaction } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';
import { AGENT_TOKEN_PREFIX } from '../../platform/tokens.js';
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
    async patch(id: string, body: unknown, audit: AuditContext): Promise<AgentSummaryRow> {
      mustBeRemote(id);
      const input = parse(agentPatchSchema, body);
      const before = await repo.summary(id);
      await auditedTransaction(database, audit, async (tx) => {
        if (!before || !(await agentsRepo(tx).patch(id, input)))
          throw new AppError('not_found', `Agent ${id} not found`);
        return {
          value: undefined,
          audit: { action: 'update', target: 'agents', ids: [id], before, after: { ...before, ...input } },
        };
      });
      return this.get(id);
    },
    async remove(id: string, cleanup: boolean, audit: AuditContext): Promise<{ cleaned: Record<string, number> }> {
      mustBeRemote(id);
      return auditedTransaction(database, audit, async (tx) => {
        const result = await agentsRepo(tx).softDelete(id, cleanup);
        if (!result.deleted) throw new AppError('not_found', `Agent ${id} not found`);
        return {
          value: { cleaned: result.cleaned },
          audit: { action: 'delete', target: 'agents', ids: [id], before: { id }, after: null },
        };
      });
    },
    async generate(body: unknown, upstream: string, audit: AuditContext): Promise<AgentGenerated> {
      const input = parse(agentGenerateSchema, body);
      if (await repo.nameTaken(input.name))
        throw new AppError('conflict', `An agent named '${input.name}' already exists`);
      const token = `${AGENT_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const username = `agent-${input.name}`;
      const registered = {
        name: input.name,
        description: input.description ?? null,
        properties: input.properties ?? {},
        username,
      };
      const id = await auditedTransaction(database, audit, async (tx) => {
        const created = await agentsRepo(tx).insert({
          ...registered,
          tokenHash: hashAgentToken(token),
          createdBy: actorPersonId(audit),
        });
        return { value: created, audit: { action: 'create', target: 'agents', ids: [created], after: registered } };
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
