import type { PublicStatusPage } from '@mc/contracts';
import type { BuiltPage, DayTotals } from './page-builder.service.js';

/** Uptime of some days in percent (passed of all runs), null without runs; three decimals at most. */
export function uptimeOf(days: readonly DayTotals[]): number | null {
  let passed = 0;
  let total = 0;
  for (const day of days) {
    passed += day.passed;
    total += day.passed + day.failed;
  }
  return total === 0 ? null : Math.floor((passed / total) * 100_000) / 1000;
}

/** Average run duration (ms) over some days, null without runs. */
export function latencyOf(days: readonly DayTotals[]): number | null {
  let duration = 0;
  let total = 0;
  for (const day of days) {
    duration += day.duration;
    total += day.passed + day.failed;
  }
  return total === 0 ? null : Math.round(duration / total);
}

/**
 * What a page publishes and nothing else: titles, the chosen services' names, states and uptime, the
 * public incidents with their public updates, and maintenance titles and times. No ids, labels, types,
 * check messages or internal reasons leave through here — every public answer (HTML, JSON, Atom) is
 * rendered from this one shape.
 */
export function publicView(built: BuiltPage): PublicStatusPage {
  return {
    title: built.page.title,
    description: built.page.description,
    logo_url: built.page.logo_url,
    state: built.state,
    generated_at: built.generatedAt.toISOString(),
    groups: built.groups.map((group) => ({
      name: group.name,
      services: group.services.map((service) => ({
        name: service.name,
        state: service.state,
        uptime: uptimeOf(service.days),
        days: service.days.map((day) => ({ date: day.date, uptime: uptimeOf([day]) })),
      })),
    })),
    incidents: built.incidents,
    maintenance: built.maintenance.map((w) => ({
      title: w.title,
      starts_at: w.start.toISOString(),
      ends_at: w.end.toISOString(),
      ongoing: w.ongoing,
    })),
  };
}
