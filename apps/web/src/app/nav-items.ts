import {
  Activity,
  Boxes,
  Cable,
  Flag,
  HeartPulse,
  KeyRound,
  LayoutDashboard,
  ListOrdered,
  Logs,
  type LucideIcon,
  Megaphone,
  Network,
  Puzzle,
  RotateCcwClock,
  ScrollText,
  Server,
  Siren,
  SquarePlay,
  UserRound,
  UsersRound,
} from 'lucide-react';

/** A sidebar entry (001 §3 nav item): where it goes, its icon, and what hides it. */
export interface NavItem {
  name: string;
  href: string;
  /** Every entry has a real icon: a blank square in a collapsed sidebar leaves the entry unfindable. */
  icon: LucideIcon;
  /** Hidden when `<featureName>.disable` is 'true' (or its parent's). */
  featureName?: string;
  /** Hidden without read permission on this resource. */
  resourceName?: string;
  /** The page exists but its area is not built yet; the entry says so. */
  notBuilt?: boolean;
}

/** Primary entries of 000 §2; the sidebar sorts them by name. */
export const PRIMARY_NAV: readonly NavItem[] = [
  {
    name: 'Dashboard',
    href: '/topology',
    icon: LayoutDashboard,
    featureName: 'topology',
    resourceName: 'topologies',
  },
  { name: 'Health', href: '/health', icon: HeartPulse, featureName: 'health', resourceName: 'canaries' },
  { name: 'Incidents', href: '/incidents', icon: Siren, featureName: 'incidents', resourceName: 'incident' },
  { name: 'Catalog', href: '/catalog', icon: Boxes, featureName: 'config', resourceName: 'database' },
  { name: 'Logs', href: '/logs', icon: ScrollText, featureName: 'logs', resourceName: 'database' },
  {
    name: 'Playbooks',
    href: '/playbooks',
    icon: SquarePlay,
    featureName: 'playbooks',
    resourceName: 'playbooks',
  },
];

/**
 * Schema-driven resources with a generic list at /settings/{table} (000 §2). Catalog scrapers have
 * their own pages under /catalog/scrapers and are not listed here.
 */
export const SCHEMA_RESOURCES: ReadonlyArray<NavItem & { table: string }> = [
  {
    name: 'Health Checks',
    table: 'canaries',
    href: '/settings/canaries',
    icon: Activity,
    featureName: 'settings.health',
    resourceName: 'canaries',
  },
  {
    name: 'Topologies',
    table: 'topologies',
    href: '/settings/topologies',
    icon: Network,
    featureName: 'settings.topology',
    resourceName: 'topologies',
  },
  {
    name: 'Log Backends',
    table: 'logging_backends',
    href: '/settings/logging_backends',
    icon: Logs,
    featureName: 'logs',
    resourceName: 'logging_backends',
  },
];

/** The Settings group of 000 §2 plus the generic resources; sorted by name in the sidebar. */
export const SETTINGS_NAV: readonly NavItem[] = [
  // not in 000 §2's primary entries (issue 33): published from the topology, so listed with its settings
  { name: 'Status Pages', href: '/status-pages', icon: Megaphone, resourceName: 'topologies' },
  {
    name: 'Connections',
    href: '/settings/connections',
    icon: Cable,
    featureName: 'settings.connections',
    resourceName: 'connections',
  },
  {
    name: 'Permissions',
    href: '/settings/permissions',
    icon: KeyRound,
    featureName: 'settings.permissions',
    resourceName: 'permissions',
  },
  {
    name: 'Users',
    href: '/settings/users',
    icon: UserRound,
    featureName: 'settings.users',
    resourceName: 'identities',
  },
  {
    name: 'Teams',
    href: '/settings/teams',
    icon: UsersRound,
    featureName: 'settings.teams',
    resourceName: 'identities',
  },
  {
    name: 'Jobs History',
    href: '/settings/jobs',
    icon: RotateCcwClock,
    featureName: 'settings.job_history',
    resourceName: 'database',
  },
  {
    name: 'Feature Flags',
    href: '/settings/feature-flags',
    icon: Flag,
    featureName: 'settings.feature_flags',
    resourceName: 'feature_flags',
  },
  {
    name: 'Event Queue',
    href: '/settings/event-queue-status',
    icon: ListOrdered,
    featureName: 'settings.event_queue',
    resourceName: 'database',
  },
  { name: 'Agents', href: '/settings/agents', icon: Server, featureName: 'agents', resourceName: 'agents' },
  {
    name: 'Integrations',
    href: '/settings/integrations',
    icon: Puzzle,
    featureName: 'settings.integrations',
    resourceName: 'integrations',
  },
  ...SCHEMA_RESOURCES,
];

/** Entries in name order (000 §2: "Entries are sorted by name"). */
export function sortByName<T extends { name: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.name.localeCompare(b.name));
}
