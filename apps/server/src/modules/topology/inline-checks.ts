/**
 * Inline checks of a component (`checks: [{inline: {http: […]}}]`): each becomes a canary through the
 * health area's public service — named after the topology and component, source System (read-only in
 * the console: the topology owns it), labelled with the topology's id — and its checks are linked to
 * the component. Canaries of inline entries that left the spec are removed on the next build.
 */
import { createHash } from 'node:crypto';
import { DEFAULT_TOPOLOGY_SCHEDULE } from '@mc/contracts';
import type { Database } from '@mc/db';
import { AppError } from '../../platform/errors.js';
import { canariesService, parseCanaryText } from '../health/index.js';
import { inlineCanaryIds } from './topologies.repo.js';

/** Label naming the topology that owns an inline canary. */
export const INLINE_CANARY_LABEL = 'mission-control/topology';

const ACTOR = { actor: { kind: 'system' as const, name: 'topology' } };

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'component';

/** One component's inline entries. */
export interface InlineRequest {
  externalId: string;
  componentName: string;
  entries: Record<string, unknown>[];
}

/**
 * Creates or updates the canaries of the inline entries; answers the canary ids per component external
 * id. A canary the health area refuses (a bad check spec) is reported in `errors`, not thrown.
 */
export async function ensureInlineCanaries(
  database: Database,
  topology: { id: string; name: string; namespace: string; schedule?: string | undefined },
  requests: readonly InlineRequest[],
  errors: string[],
): Promise<Map<string, string[]>> {
  const service = canariesService(database);
  const made = new Map<string, string[]>();
  const kept = new Set<string>();
  const used = new Set<string>();
  for (const request of requests) {
    for (const [index, inline] of request.entries.entries()) {
      let name = `topology-${slug(topology.name)}-${slug(request.componentName)}${index > 0 ? `-${index + 1}` : ''}`;
      // Two components of one name (a forEach's child under each looked-up component) get a canary each.
      if (used.has(name)) name = `${name}-${createHash('sha256').update(request.externalId).digest('hex').slice(0, 8)}`;
      used.add(name);
      try {
        const doc = parseCanaryText(
          JSON.stringify({
            apiVersion: 'canaries.flanksource.com/v1',
            kind: 'Canary',
            metadata: { name, namespace: topology.namespace, labels: { [INLINE_CANARY_LABEL]: topology.id } },
            spec: { schedule: topology.schedule ?? DEFAULT_TOPOLOGY_SCHEDULE, ...inline },
          }),
        );
        const canary = await service.upsertFrom('System', doc, ACTOR);
        kept.add(canary.id);
        made.set(request.externalId, [...(made.get(request.externalId) ?? []), canary.id]);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        errors.push(`${request.componentName}: inline checks: ${error.message}`);
      }
    }
  }
  for (const id of await inlineCanaryIds(database.db, INLINE_CANARY_LABEL, topology.id)) {
    if (!kept.has(id)) await service.remove(id, ACTOR, { fromFile: true });
  }
  return made;
}
