import { resourceType } from '../components/resource-types';

const OTHER_TITLES: Record<string, string> = {
  connections: 'Connections',
};

/** The heading of a generic resource page: a known table's title, else the table name spaced out. */
export function resourceTitle(table: string): string {
  return (
    resourceType(table)?.title ??
    OTHER_TITLES[table] ??
    table.replace(/[_-]+/g, ' ').replace(/^\w/, (letter) => letter.toUpperCase())
  );
}
