/**
 * Resolves canary-checker EnvVar values at run time: a static `value` directly; `configMapKeyRef`,
 * `secretKeyRef`, `serviceAccount` (a token of that service account) and `helmRef` (a value of a
 * deployed Helm release) through the injected resolver (the connections module's value-source reader:
 * a folder or the cluster's API). None injected means those sources are not available here, and the
 * check says so. Saving refuses `serviceAccount` and `helmRef` when no cluster is configured.
 */
import type { EnvVar } from '@mc/contracts';
import { CheckConfigError } from '../../../platform/check-config-error.js';
import type { CheckContext, EnvSourceRef } from './check-context.js';

const LABELS: Record<EnvSourceRef['kind'], string> = {
  secret: 'secret',
  configmap: 'config map',
  serviceaccount: 'service account',
  helm: 'helm release',
};

/** The source an EnvVar's `valueFrom` names, or undefined for none. */
function sourceOf(from: NonNullable<EnvVar['valueFrom']>): Omit<EnvSourceRef, 'namespace'> | undefined {
  if (from.serviceAccount) return { kind: 'serviceaccount', name: from.serviceAccount, key: '' };
  if (from.helmRef) return { kind: 'helm', name: from.helmRef.name ?? '', key: from.helmRef.key };
  if (from.secretKeyRef) return { kind: 'secret', name: from.secretKeyRef.name ?? '', key: from.secretKeyRef.key };
  if (from.configMapKeyRef) {
    return { kind: 'configmap', name: from.configMapKeyRef.name ?? '', key: from.configMapKeyRef.key };
  }
  return undefined;
}

/** The value of one EnvVar, or undefined when it has none. `what` names the field in messages. */
export async function resolveEnvVar(
  envVar: EnvVar | undefined,
  ctx: CheckContext,
  what: string,
): Promise<string | undefined> {
  if (!envVar) return undefined;
  if (envVar.value !== undefined) return envVar.value;
  const source = envVar.valueFrom ? sourceOf(envVar.valueFrom) : undefined;
  if (!source) return undefined;
  const label = LABELS[source.kind];
  if (!ctx.resolveEnvSource) {
    throw new CheckConfigError(`${what}: ${label} sources are not available (no ${label} resolver on this server)`);
  }
  const value = await ctx.resolveEnvSource({ ...source, ...(ctx.namespace ? { namespace: ctx.namespace } : {}) });
  if (value === undefined) {
    const missing = source.kind === 'serviceaccount' ? 'does not exist' : `has no key '${source.key}'`;
    throw new CheckConfigError(`${what}: ${label} '${source.name}' ${missing}`);
  }
  return value;
}

/** Resolves a list of named EnvVars into a name → value map (entries without a name are refused). */
export async function resolveEnvList(
  list: EnvVar[] | undefined,
  ctx: CheckContext,
  what: string,
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [index, envVar] of (list ?? []).entries()) {
    if (!envVar.name) throw new CheckConfigError(`${what}[${index}] has no name`);
    out[envVar.name] = (await resolveEnvVar(envVar, ctx, `${what} ${envVar.name}`)) ?? '';
  }
  return out;
}
