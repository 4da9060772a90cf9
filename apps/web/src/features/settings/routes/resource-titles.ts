const TITLES: Record<string, string> = {
  canaries: 'Health Checks',
  topologies: 'Topologies',
  logging_backends: 'Log Backends',
  teams: 'Teams',
  playbooks: 'Playbooks',
  connections: 'Connections',
  notifications: 'Notifications',
};

/** The heading of a generic resource page: a known table's name, else the table name spaced out. */
export function resourceTitle(table: string): string {
  return TITLES[table] ?? table.replace(/[_-]+/g, ' ').replace(/^\w/, (letter) => letter.toUpperCase());
}
