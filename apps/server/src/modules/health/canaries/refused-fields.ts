/**
 * Fields of a Canary that validate but that this server cannot honour, refused when the canary is
 * saved (rule zero: never accept and ignore): `valueFrom.serviceAccount` and `valueFrom.helmRef`
 * anywhere in a check when no cluster is configured (they read the Kubernetes API), and the exec
 * check's `connections` and `checkout` (a checkout clones a git repository over the network, which an
 * exec check's sandbox does not offer; `connections` writes cloud credentials files for the script).
 */
import { CHECK_TYPES } from '@mc/contracts';
import { clusterOnlyReason } from '../../connections/index.js';

/** Deepest nesting walked: check specs are far shallower. */
const MAX_DEPTH = 16;

/** Exec fields refused with the reason. */
const EXEC_REFUSED: Record<string, string> = {
  connections: 'is not supported by this server (exec checks get no cloud credential files)',
  checkout: 'is not supported by this server (a git checkout needs the network; clone in the script if allowed)',
};

function walk(node: unknown, path: string, depth: number, errors: string[]): void {
  if (depth > MAX_DEPTH || node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const [index, item] of node.entries()) walk(item, `${path}[${index}]`, depth + 1, errors);
    return;
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === 'valueFrom' && value && typeof value === 'object') {
      const from = value as { serviceAccount?: unknown; helmRef?: unknown }; // an EnvVar's valueFrom
      const kinds = [
        ...(from.serviceAccount !== undefined ? (['serviceaccount'] as const) : []),
        ...(from.helmRef !== undefined ? (['helm'] as const) : []),
      ];
      for (const kind of kinds) {
        const reason = clusterOnlyReason(kind);
        const field = kind === 'helm' ? 'helmRef' : 'serviceAccount';
        if (reason) errors.push(`${path}.valueFrom: ${field} is not supported by this server: ${reason}`);
      }
    }
    walk(value, `${path}.${key}`, depth + 1, errors);
  }
}

/**
 * Fields only this server's own runner honours: agents run a canary's checks together, keep no files
 * and serve no /metrics of their checks.
 */
const LOCAL_ONLY: Record<string, string> = {
  dependsOn: 'is not supported by this server for a canary run by agents (they run its checks together, unordered)',
  artifacts: 'is not supported by this server for a canary run by agents (they keep no files)',
  metrics: 'is not supported by this server for a canary run by agents (only this server records check metrics)',
};

/**
 * The refusals of a canary's spec, as `spec.<type>[i]…: <field> is not supported by this server…`;
 * `byAgents` when the canary runs on agents (assigned to one, or multi-location).
 */
export function refusedFieldErrors(spec: Record<string, unknown>, byAgents = false): string[] {
  const errors: string[] = [];
  if (byAgents && spec.resultMode !== undefined) {
    errors.push('spec: resultMode is not supported by this server for a canary run by agents (they store each result)');
  }
  for (const type of CHECK_TYPES) {
    const list = spec[type];
    if (!Array.isArray(list)) continue;
    walk(list, `spec.${type}`, 0, errors);
    for (const [index, check] of list.entries()) {
      for (const [field, reason] of Object.entries(byAgents ? LOCAL_ONLY : {})) {
        if (check && typeof check === 'object' && field in check)
          errors.push(`spec.${type}[${index}]: ${field} ${reason}`);
      }
    }
    if (type !== 'exec') continue;
    list.forEach((check, index) => {
      for (const [field, reason] of Object.entries(EXEC_REFUSED)) {
        if (check && typeof check === 'object' && field in check)
          errors.push(`spec.exec[${index}]: ${field} ${reason}`);
      }
    });
  }
  return errors;
}
