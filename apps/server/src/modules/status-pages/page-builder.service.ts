import {
  type PublicIncident,
  type ServiceState,
  STATUS_PAGE_MAX_INCIDENTS,
  STATUS_PAGE_MAX_SERVICES,
  STATUS_PAGE_MAX_UPDATES,
  STATUS_PAGE_PAST_INCIDENT_DAYS,
  STATUS_PAGE_UPTIME_DAYS,
} from '@mc/contracts';
import type { Database } from '@mc/db';
import { dailyCheckTotals } from '../health/index.js';
import { maintenanceOfScope, type PageMaintenance } from './maintenance-source.js';
import {
  checksOfComponents,
  publicIncidents,
  publicUpdates,
  selectChecks,
  selectComponents,
} from './page-content.repo.js';
import { checkState, componentState, overallState } from './service-state.js';
import type { StatusPageRow } from './status-pages.repo.js';

/** One day of a service: runs passed and failed, and their summed duration (ms). */
export interface DayTotals {
  date: string;
  passed: number;
  failed: number;
  duration: number;
}

/** A service as built, with the ids a badge looks it up by (never served to readers). */
export interface BuiltService {
  kind: 'component' | 'check';
  id: string;
  name: string;
  state: ServiceState;
  /** Oldest first, {@link STATUS_PAGE_UPTIME_DAYS} of them, today last. */
  days: DayTotals[];
}

/** A page as built from the live topology, checks, rollups and incidents. */
export interface BuiltPage {
  page: StatusPageRow;
  state: ServiceState;
  generatedAt: Date;
  groups: { name: string; services: BuiltService[] }[];
  incidents: PublicIncident[];
  maintenance: (PageMaintenance & { ongoing: boolean })[];
}

/** The group of services whose component has no parent, or checks not under a page component. */
const ROOT_GROUP = 'Services';
const CHECKS_GROUP = 'Checks';

/** The UTC dates of the bar, oldest first. */
export function barDates(now: Date, days = STATUS_PAGE_UPTIME_DAYS): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

function emptyDays(dates: string[]): DayTotals[] {
  return dates.map((date) => ({ date, passed: 0, failed: 0, duration: 0 }));
}

async function servicesOf(database: Database, page: StatusPageRow, dates: string[]) {
  const [components, checks] = await Promise.all([
    selectComponents(database.db, page.component_selector, STATUS_PAGE_MAX_SERVICES),
    selectChecks(database.db, page.check_selector, STATUS_PAGE_MAX_SERVICES),
  ]);
  const links = await checksOfComponents(
    database.db,
    components.map((c) => c.id),
  );
  const since = new Date(`${dates[0]}T00:00:00Z`);
  const totals = await dailyCheckTotals(
    database,
    [...new Set([...checks.map((k) => k.id), ...links.map((l) => l.check_id)])],
    since,
  );
  const byCheck = new Map<string, Map<string, DayTotals>>();
  for (const row of totals) {
    const days = byCheck.get(row.check_id) ?? new Map<string, DayTotals>();
    days.set(row.day, { date: row.day, passed: row.passed, failed: row.failed, duration: row.duration });
    byCheck.set(row.check_id, days);
  }
  const daysOf = (checkIds: string[]): DayTotals[] =>
    emptyDays(dates).map((day) => {
      for (const id of checkIds) {
        const found = byCheck.get(id)?.get(day.date);
        if (found) {
          day.passed += found.passed;
          day.failed += found.failed;
          day.duration += found.duration;
        }
      }
      return day;
    });
  return { components, checks, links, daysOf };
}

/** Groups the services as the topology groups them: a component under its parent, a check under its page component. */
async function groupsOf(database: Database, page: StatusPageRow, dates: string[]) {
  const { components, checks, links, daysOf } = await servicesOf(database, page, dates);
  const groups = new Map<string, BuiltService[]>();
  const add = (group: string, service: BuiltService) => groups.set(group, [...(groups.get(group) ?? []), service]);
  const nameOf = new Map(components.map((c) => [c.id, c.name]));
  for (const c of components) {
    const own = links.filter((l) => l.component_id === c.id).map((l) => l.check_id);
    const state = componentState(c.status, c.summary);
    add(c.parent_name ?? ROOT_GROUP, { kind: 'component', id: c.id, name: c.name, state, days: daysOf(own) });
  }
  for (const k of checks) {
    const under = links.find((l) => l.check_id === k.id && nameOf.has(l.component_id));
    const group = under ? (nameOf.get(under.component_id) as string) : CHECKS_GROUP; // has() just held
    add(group, { kind: 'check', id: k.id, name: k.name, state: checkState(k.status), days: daysOf([k.id]) });
  }
  return {
    groups: [...groups].map(([name, services]) => ({ name, services })),
    componentIds: components.map((c) => c.id),
    checkIds: checks.map((k) => k.id),
  };
}

async function incidentsOf(database: Database, componentIds: string[], checkIds: string[]): Promise<PublicIncident[]> {
  const rows = await publicIncidents(
    database.db,
    componentIds,
    checkIds,
    STATUS_PAGE_PAST_INCIDENT_DAYS,
    STATUS_PAGE_MAX_INCIDENTS,
  );
  const updates = await publicUpdates(
    database.db,
    rows.map((r) => r.id),
    STATUS_PAGE_MAX_UPDATES,
  );
  return rows.map((r) => ({
    title: r.title,
    status: r.status,
    severity: r.severity,
    started_at: new Date(r.created_at).toISOString(),
    resolved_at: r.resolved ? new Date(r.resolved).toISOString() : null,
    updates: updates
      .filter((u) => u.incident_id === r.id)
      .map((u) => ({ at: new Date(u.created_at).toISOString(), text: u.comment })),
  }));
}

/** Scheduled windows shown: those ongoing now or starting within this many days. */
const MAINTENANCE_AHEAD_DAYS = 14;

/**
 * Builds a page from what is true now: its services' states from the live roll-up, a daily uptime bar
 * from the stored rollups, its public incidents with their public updates, and its maintenance.
 */
export async function buildPage(database: Database, page: StatusPageRow, now = new Date()): Promise<BuiltPage> {
  const dates = barDates(now);
  const { groups, componentIds, checkIds } = await groupsOf(database, page, dates);
  const ahead = new Date(now.getTime() + MAINTENANCE_AHEAD_DAYS * 86_400_000);
  const [incidents, windows] = await Promise.all([
    incidentsOf(database, componentIds, checkIds),
    maintenanceOfScope(database, { componentIds, checkIds }, now, ahead),
  ]);
  const maintenance = windows
    .filter((w) => w.end > now)
    .map((w) => ({ ...w, ongoing: w.start <= now }))
    .sort((a, b) => a.start.getTime() - b.start.getTime());
  const state = overallState(groups.flatMap((g) => g.services.map((s) => s.state)));
  return { page, state, generatedAt: now, groups, incidents, maintenance };
}
