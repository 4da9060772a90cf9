import type { CheckSummary, Uptime } from '../api/get-checks-summary';

/** Health of a row: a check is healthy or unhealthy; a group of both is mixed (000 §4). */
export type RowHealth = 'healthy' | 'unhealthy' | 'mixed' | 'unknown';

/**
 * Uptime as a percent: passed / (passed + failed) (000 §5); null when there were no runs, so the
 * console shows a dash rather than 0 %.
 */
export function uptimePercent(uptime: Uptime): number | null {
  const total = uptime.passed + uptime.failed;
  return total === 0 ? null : (uptime.passed / total) * 100;
}

/** '99.5%' (one decimal, none when whole) or '-' without runs. */
export function formatUptime(uptime: Uptime): string {
  const percent = uptimePercent(uptime);
  if (percent === null) return '-';
  return `${Number(percent.toFixed(1))}%`;
}

/** The value a check has for a grouping or tab key: a field (canary_name, namespace, type) or `label:<key>`. */
export function keyValue(check: CheckSummary, key: string): string {
  if (key.startsWith('label:')) return check.labels?.[key.slice('label:'.length)] ?? '';
  if (key === 'canary_name' || key === 'namespace' || key === 'type' || key === 'severity') {
    return check[key] ?? '';
  }
  return '';
}

/** A group row (001 §2): its members, their summed uptime, mean rolling latency and combined health. */
export interface CheckGroup {
  key: string;
  checks: CheckSummary[];
  uptime: Uptime;
  latency: number | null;
  health: RowHealth;
}

/** healthy when every member is, unhealthy when every member is, otherwise mixed. */
export function groupHealth(checks: readonly CheckSummary[]): RowHealth {
  if (checks.length === 0) return 'unknown';
  if (checks.every((check) => check.status === 'healthy')) return 'healthy';
  if (checks.every((check) => check.status === 'unhealthy')) return 'unhealthy';
  return 'mixed';
}

/**
 * A check's latency over the dashboard's window, as upstream's Latency column reads it: p95, else p97,
 * else p99; null when none is known (no run in the window). Not rolling1h, which is always the last
 * hour whatever range the dashboard shows.
 */
export function checkLatency(check: CheckSummary): number | null {
  const latency = check.latency;
  const value = latency?.p95 || latency?.p97 || latency?.p99;
  return value && Number.isFinite(value) ? value : null;
}

/**
 * Groups checks by `key`, in order of first appearance. Uptime sums passed and failed over the members
 * (not a mean of percents), latency is the mean of their latencies ({@link checkLatency}).
 */
export function groupChecks(checks: readonly CheckSummary[], key: string): CheckGroup[] {
  const groups = new Map<string, CheckSummary[]>();
  for (const check of checks) {
    const value = keyValue(check, key);
    const list = groups.get(value) ?? [];
    list.push(check);
    groups.set(value, list);
  }
  return [...groups.entries()].map(([value, members]) => {
    const latencies = members.map(checkLatency).filter((v): v is number => v !== null);
    return {
      key: value,
      checks: members,
      uptime: members.reduce(
        (sum, check) => ({ passed: sum.passed + check.uptime.passed, failed: sum.failed + check.uptime.failed }),
        { passed: 0, failed: 0 },
      ),
      latency: latencies.length ? latencies.reduce((a, b) => a + b, 0) / latencies.length : null,
      health: groupHealth(members),
    };
  });
}
