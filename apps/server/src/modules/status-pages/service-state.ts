import type { ServiceState } from '@mc/contracts';

/** Children and checks of a component, as its roll-up counted them (components.summary). */
interface RollupCounts {
  healthy?: number;
  checks?: { healthy?: number };
}

function parseCounts(summary: string | null): RollupCounts {
  if (!summary) return {};
  try {
    const parsed: unknown = JSON.parse(summary);
    return typeof parsed === 'object' && parsed !== null ? (parsed as RollupCounts) : {}; // the roll-up writes this shape
  } catch {
    return {};
  }
}

/**
 * A component's state from the live roll-up: healthy is Operational, warning Degraded, unhealthy a
 * Major outage — or a Partial outage while some of its children or checks are still healthy; anything
 * else is "No data" (never guessed to be fine).
 */
export function componentState(status: string, summary: string | null): ServiceState {
  if (status === 'healthy') return 'operational';
  if (status === 'warning') return 'degraded';
  if (status !== 'unhealthy') return 'unknown';
  const counts = parseCounts(summary);
  return (counts.healthy ?? 0) + (counts.checks?.healthy ?? 0) > 0 ? 'partial_outage' : 'major_outage';
}

/** A check's state from its last result: passing is Operational, failing a Major outage. */
export function checkState(status: string | null): ServiceState {
  if (status === 'healthy') return 'operational';
  if (status === 'unhealthy') return 'major_outage';
  return 'unknown';
}

/**
 * The state of a whole page or group from its services: a Major outage only when every known service
 * is down, a Partial outage when some are, else Degraded if any is, else Operational; "No data" when
 * no service has a state.
 */
export function overallState(states: readonly ServiceState[]): ServiceState {
  const known = states.filter((state) => state !== 'unknown');
  if (known.length === 0) return 'unknown';
  const down = known.filter((state) => state === 'major_outage').length;
  if (down === known.length) return 'major_outage';
  if (down > 0 || known.includes('partial_outage')) return 'partial_outage';
  if (known.includes('degraded')) return 'degraded';
  return 'operational';
}
