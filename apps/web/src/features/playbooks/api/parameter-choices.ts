import type { NamedRow } from '@mc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';
import { isUuid } from '../../../lib/uuid';
import { playbookKeys } from './playbooks';

/**
 * Where each picker parameter type (001 §3) finds its choices: a data API table, searched by name on
 * the server. The data API applies the caller's row scopes, so a picker only offers what its user may
 * read, and a run only receives ids its requester could see.
 */
export const PARAMETER_CHOICE_SOURCES = {
  people: { table: 'people', select: 'id,name,email' },
  team: { table: 'teams', select: 'id,name' },
  component: { table: 'components', select: 'id,name,type' },
  config: { table: 'config_items', select: 'id,name,type' },
  check: { table: 'checks', select: 'id,name,type' },
} as const;

/** A parameter type the dialog offers as a searchable picker. */
export type PickerParameterType = keyof typeof PARAMETER_CHOICE_SOURCES;

/** Whether a parameter type is picked from the server rather than typed. */
export function isPickerParameterType(type: string): type is PickerParameterType {
  return Object.hasOwn(PARAMETER_CHOICE_SOURCES, type);
}

/** How many matches one search asks for: a first page, narrowed by typing (000 §9 keeps lists short). */
export const PARAMETER_CHOICE_PAGE_SIZE = 50;

/** One choice of a picker parameter. */
export type ParameterChoice = Pick<NamedRow, 'id' | 'name' | 'type' | 'email'>;

/** The first page of live `type` rows whose name contains `search`, by name. */
export function parameterChoicesQuery(type: PickerParameterType, search: string) {
  const source = PARAMETER_CHOICE_SOURCES[type];
  return queryOptions({
    queryKey: [...playbookKeys.all, 'choices', type, search] as const,
    queryFn: ({ signal }) =>
      apiGet<ParameterChoice[]>(`/api/db/${source.table}`, {
        signal,
        query: {
          select: source.select,
          deleted_at: 'is.null',
          order: 'name.asc',
          limit: String(PARAMETER_CHOICE_PAGE_SIZE),
          // `*` is the data API's wildcard: typed, it is matched as any text, like a space
          ...(search ? { name: `ilike.*${search.replaceAll('*', ' ').trim()}*` } : {}),
        },
      }),
    staleTime: 30_000,
  });
}

/** The choices of a picker parameter for what has been typed. */
export function useParameterChoices(type: PickerParameterType, search: string) {
  return useQuery(parameterChoicesQuery(type, search));
}

/** The name of one chosen row (a default id arrives without its name). */
export function useParameterChoiceName(type: PickerParameterType, id: string) {
  const source = PARAMETER_CHOICE_SOURCES[type];
  return useQuery({
    queryKey: [...playbookKeys.all, 'choice', type, id] as const,
    queryFn: async ({ signal }) =>
      (
        await apiGet<ParameterChoice[]>(`/api/db/${source.table}`, {
          signal,
          query: { select: source.select, id: `eq.${id}` },
        })
      )[0] ?? null,
    enabled: isUuid(id),
    staleTime: 30_000,
  });
}
