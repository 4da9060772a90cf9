import { type BadgeKind, type BadgeWindow, SERVICE_STATE_TEXT, type ServiceState } from '@mc/contracts';
import { type BadgeColor, renderBadge } from './badge-svg.js';
import type { DayTotals } from './page-builder.service.js';
import { latencyOf, uptimeOf } from './public-view.js';

const STATE_COLOR: Readonly<Record<ServiceState, BadgeColor>> = {
  operational: 'green',
  degraded: 'yellow',
  partial_outage: 'orange',
  major_outage: 'red',
  unknown: 'grey',
};

function uptimeColor(uptime: number): BadgeColor {
  if (uptime >= 99.9) return 'green';
  if (uptime >= 99) return 'yellowgreen';
  if (uptime >= 95) return 'yellow';
  if (uptime >= 90) return 'orange';
  return 'red';
}

/** What a badge is drawn from: a service's (or page's) state and daily totals, oldest first. */
export interface BadgeSource {
  state: ServiceState;
  days: readonly DayTotals[];
}

function budgetColor(remaining: number): BadgeColor {
  if (remaining > 50) return 'green';
  if (remaining > 25) return 'yellowgreen';
  if (remaining > 0) return 'yellow';
  return 'red';
}

/**
 * Draws a badge: status (the live state), uptime or average latency over the last days of `window`
 * from the stored daily rollups, or the error budget left of the object's first SLO (the SLO module's
 * figure; "no SLO" in grey for an object without one, never an invented figure).
 */
export function drawBadge(
  kind: BadgeKind,
  window: BadgeWindow,
  source: BadgeSource & { sloBudgetLeft?: number | null },
  label?: string,
): string {
  const days = source.days.slice(-Number.parseInt(window, 10));
  if (kind === 'status')
    return renderBadge(label ?? 'status', SERVICE_STATE_TEXT[source.state], STATE_COLOR[source.state]);
  if (kind === 'uptime') {
    const uptime = uptimeOf(days);
    const text = uptime === null ? 'no data' : `${uptime}%`;
    return renderBadge(label ?? `uptime ${window}`, text, uptime === null ? 'grey' : uptimeColor(uptime));
  }
  if (kind === 'latency') {
    const latency = latencyOf(days);
    return renderBadge(
      label ?? `latency ${window}`,
      latency === null ? 'no data' : `${latency} ms`,
      latency === null ? 'grey' : 'blue',
    );
  }
  const left = source.sloBudgetLeft;
  if (left === undefined || left === null) return renderBadge(label ?? 'SLO budget', 'no SLO', 'grey');
  return renderBadge(label ?? 'SLO budget', `${Math.round(left * 10) / 10}% left`, budgetColor(left));
}
