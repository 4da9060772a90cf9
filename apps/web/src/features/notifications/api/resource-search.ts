import type { NamedRow } from '@mc/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';
import { notificationKeys } from './keys';

/** Resource kinds a silence can name. */
export type SilenceResourceKind = 'check' | 'component' | 'config';

const TABLES: Record<SilenceResourceKind, string> = {
  check: 'checks',
  component: 'components',
  config: 'config_items',
};

/** Up to 20 live resources of `kind` whose name contains `text`, and the one with `selected` id. */
export function useResourceSearch(kind: SilenceResourceKind, text: string, selected: string | undefined) {
  return useQuery({
    queryKey: [...notificationKeys.all, 'resource-search', kind, text, selected ?? ''],
    queryFn: async ({ signal }) => {
      const query: Record<string, string> = {
        select: 'id,name,type',
        deleted_at: 'is.null',
        order: 'name.asc',
        limit: '20',
      };
      if (text.trim()) query.name = `ilike.*${text.trim().replace(/[*,()]/g, '')}*`;
      const found = await apiGet<Array<Pick<NamedRow, 'id' | 'name' | 'type'>>>(`/api/db/${TABLES[kind]}`, {
        signal,
        query,
      });
      if (selected && !found.some((row) => row.id === selected)) {
        const chosen = await apiGet<Array<Pick<NamedRow, 'id' | 'name' | 'type'>>>(`/api/db/${TABLES[kind]}`, {
          signal,
          query: { select: 'id,name,type', id: `eq.${selected}` },
        });
        return [...chosen, ...found];
      }
      return found;
    },
    staleTime: 30_000,
  });
}
