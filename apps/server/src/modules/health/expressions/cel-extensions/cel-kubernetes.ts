/**
 * Kubernetes functions of canary-checker's CEL: `k8s.isHealthy`, `k8s.isReady`, `k8s.getHealth`,
 * `k8s.getStatus` (see kubernetes-health.ts), `k8s.cpuAsMillicores`, `k8s.memoryAsBytes` and `k8s.labels`.
 * gomplate's older global names `IsHealthy`, `IsReady`, `GetHealth`, `GetStatus` work too. They read the
 * object given; none reaches a cluster.
 */
import type { Environment } from '@marcbachmann/cel-js';
import { CelFunctionError, declareNamespace, int, isCelMap } from './cel-values.js';
import { kubernetesHealth } from './kubernetes-health.js';

const MEMORY_UNITS: Record<string, number> = {
  '': 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

/** A Kubernetes CPU quantity ("250m", "0.5", "2") in millicores. */
export function cpuAsMillicores(text: string): number {
  const match = /^(\d+(?:\.\d+)?|\.\d+)(m?)$/.exec(text.trim());
  if (!match) throw new CelFunctionError(`k8s.cpuAsMillicores: invalid quantity ${JSON.stringify(text)}`);
  const value = Number(match[1]);
  return match[2] === 'm' ? value : Math.round(value * 1000);
}

/** A Kubernetes memory quantity ("10Ki", "1.5Gi", "200M") in bytes. */
export function memoryAsBytes(text: string): number {
  const match = /^(\d+(?:\.\d+)?|\.\d+)([kMGTPE]i?|Ki)?$/.exec(text.trim());
  const unit = MEMORY_UNITS[match?.[2] ?? ''];
  if (!match || unit === undefined)
    throw new CelFunctionError(`k8s.memoryAsBytes: invalid quantity ${JSON.stringify(text)}`);
  return Math.round(Number(match[1]) * unit);
}

function labels(value: unknown): Record<string, unknown> {
  const obj = isCelMap(value) && isCelMap(value.Object) ? value.Object : value;
  const metadata = isCelMap(obj) && isCelMap(obj.metadata) ? obj.metadata : {};
  const own = isCelMap(metadata.labels) ? metadata.labels : {};
  const out: Record<string, unknown> = Object.fromEntries(
    Object.entries(own).filter(([key]) => !key.endsWith('-hash')),
  );
  if (typeof metadata.namespace === 'string' && metadata.namespace !== '') out.namespace = metadata.namespace;
  return out;
}

/** Registers the k8s namespace. */
export function registerKubernetesFunctions(env: Environment): void {
  const k8s = declareNamespace(env, 'k8s');
  env
    .registerFunction(
      `${k8s}.isHealthy(dyn): bool`,
      (_: unknown, v: unknown) => kubernetesHealth(v).health === 'healthy',
    )
    .registerFunction(`${k8s}.isReady(dyn): bool`, (_: unknown, v: unknown) => kubernetesHealth(v).ready)
    .registerFunction(`${k8s}.getHealth(dyn): map`, (_: unknown, v: unknown) => ({ ...kubernetesHealth(v) }))
    .registerFunction(`${k8s}.getStatus(dyn): string`, (_: unknown, v: unknown) => kubernetesHealth(v).status)
    .registerFunction(`${k8s}.cpuAsMillicores(string): int`, (_: unknown, s: string) => int(cpuAsMillicores(s)))
    .registerFunction(`${k8s}.memoryAsBytes(string): int`, (_: unknown, s: string) => int(memoryAsBytes(s)))
    .registerFunction(`${k8s}.labels(dyn): map`, (_: unknown, v: unknown) => labels(v))
    .registerFunction('IsHealthy(dyn): bool', (v: unknown) => kubernetesHealth(v).health === 'healthy')
    .registerFunction('IsReady(dyn): bool', (v: unknown) => kubernetesHealth(v).ready)
    .registerFunction('GetHealth(dyn): map', (v: unknown) => ({ ...kubernetesHealth(v) }))
    .registerFunction('GetStatus(dyn): string', (v: unknown) => kubernetesHealth(v).status);
}
