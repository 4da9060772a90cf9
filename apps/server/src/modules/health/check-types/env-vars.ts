/**
 * Resolves canary-checker EnvVar values at run time: a static `value` directly; `configMapKeyRef` and
 * `secretKeyRef` through the injected resolver (none injected means those sources are not available
 * here, and the check says so); `serviceAccount` and `helmRef` need Kubernetes and are refused.
 */
import type { EnvVar } from '@mc/contracts';
import { CheckConfigError } from '../../../platform/check-config-error.js';
import type { CheckContext } from './check-context.js';

/** The value of one EnvVar, or undefined when it has none. `what` names the field in messages. */
export async function resolveEnvVar(
  envVar: EnvVar | undefined,
  ctx: CheckContext,
  what: string,
): Promise<string | undefined> {
  if (!envVar) return undefined;
  if (envVar.value !== undefined) return envVar.value;
  const from = envVar.valueFrom;
  if (!from) return undefined;
  if (from.serviceAccount !== undefined) {
    throw new CheckConfigError(`${what}: serviceAccount sources are not available (they need Kubernetes)`);
  }
  if (from.helmRef) throw new CheckConfigError(`${what}: helmRef sources are not available (they need Kubernetes)`);
  const selector = from.secretKeyRef ?? from.configMapKeyRef;
  if (!selector) return undefined;
  const kind = from.secretKeyRef ? 'secret' : 'configmap';
  const label = kind === 'secret' ? 'secret' : 'config map';
  if (!ctx.resolveEnvSource) {
    throw new CheckConfigError(`${what}: ${label} sources are not available (no ${label} resolver on this server)`);
  }
  const name = selector.name ?? '';
  const value = await ctx.resolveEnvSource({
    kind,
    name,
    key: selector.key,
    ...(ctx.namespace ? { namespace: ctx.namespace } : {}),
  });
  if (value === undefined) throw new CheckConfigError(`${what}: ${label} '${name}' has no key '${selector.key}'`);
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
