import { type DataApiRow, STALE_TIMES } from '@mc/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';
import { catalogKeys } from './keys';

/** The option list views of 000 §7 and the column holding each option. */
const OPTION_SOURCES = {
  types: { path: '/api/db/config_types', column: 'type' },
  statuses: { path: '/api/db/config_statuses', column: 'status' },
  healths: { path: '/api/db/config_healths', column: 'health' },
  tags: { path: '/api/db/config_tags', column: null },
  labels: { path: '/api/db/config_labels', column: null },
  changeTypes: { path: '/api/db/change_types', column: 'change_type' },
  analyzers: { path: '/api/db/config_analysis_analyzers', column: 'analyzer' },
} as const;

/** Which option list. */
export type OptionList = keyof typeof OPTION_SOURCES;

/** A tag or label option row ({key, value}) as the 'key=value' item the filters hold. */
export function optionValue(row: DataApiRow, column: string | null): string | null {
  if (column) {
    const value = row[column];
    return typeof value === 'string' && value !== '' ? value : null;
  }
  const key = row.key ?? row.name;
  if (typeof key !== 'string' || key === '') return null;
  return `${key}=${String(row.value ?? '')}`;
}

/** The options of one list (types, statuses, healths, tags, labels, change types, analyzers), sorted. */
export function useConfigOptions(list: OptionList) {
  const source = OPTION_SOURCES[list];
  return useQuery({
    queryKey: catalogKeys.options(list),
    queryFn: async ({ signal }) => {
      const rows = await apiGet<DataApiRow[]>(source.path, { signal, query: { limit: 1000 } });
      const values = rows.flatMap((row) => optionValue(row, source.column) ?? []);
      return [...new Set(values)].sort((a, b) => a.localeCompare(b));
    },
    staleTime: list === 'labels' ? STALE_TIMES.labels : STALE_TIMES.default,
  });
}
