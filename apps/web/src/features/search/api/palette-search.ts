import type { CheckRow, Connection, IncidentPage } from '@mc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';

/** How many matches of each kind the palette asks the server for (a jump list, not a result page). */
export const PALETTE_RESULT_LIMIT = 8;
/** How long typing must pause before the palette searches. */
export const PALETTE_DEBOUNCE_MS = 150;
/** How long a search's answer is reused while the palette stays open and the text comes back. */
export const PALETTE_STALE_MS = 10_000;

/** Something the palette can jump to, found on the server by name. */
export interface PaletteMatch {
  kind: 'check' | 'incident' | 'connection';
  id: string;
  label: string;
  detail: string;
  href: string;
}

/** Which kinds the signed-in person may read; the palette never asks for the others (no 403 noise). */
export interface PaletteScope {
  checks: boolean;
  incidents: boolean;
  connections: boolean;
}

/**
 * The text as a data-API `ilike` pattern: PostgREST's wildcard is `*`, and `,()` would split or
 * group the filter, so those characters are dropped rather than sent.
 */
export function ilikePattern(text: string): string {
  return `*${text.replace(/[*%,()\\]/g, ' ').trim()}*`;
}

async function searchChecks(text: string, signal: AbortSignal): Promise<PaletteMatch[]> {
  const rows = await apiGet<Array<Pick<CheckRow, 'id' | 'name' | 'type'>>>('/api/db/checks', {
    signal,
    query: {
      select: 'id,name,type',
      name: `ilike.${ilikePattern(text)}`,
      deleted_at: 'is.null',
      order: 'name.asc',
      limit: PALETTE_RESULT_LIMIT,
    },
  });
  return rows.map((row) => ({
    kind: 'check',
    id: row.id,
    label: row.name,
    detail: row.type ?? 'check',
    href: `/health?checkId=${encodeURIComponent(row.id)}`,
  }));
}

async function searchIncidents(text: string, signal: AbortSignal): Promise<PaletteMatch[]> {
  const page = await apiGet<IncidentPage>('/api/incidents', {
    signal,
    query: { search: text, pageSize: PALETTE_RESULT_LIMIT },
  });
  return (page.data ?? []).map((row) => ({
    kind: 'incident',
    id: row.id,
    label: `${row.incident_id} ${row.title}`,
    detail: `${row.severity} · ${row.status}`,
    href: `/incidents/${encodeURIComponent(row.id)}`,
  }));
}

async function searchConnections(text: string, signal: AbortSignal): Promise<PaletteMatch[]> {
  const rows = await apiGet<Array<Pick<Connection, 'id' | 'name' | 'namespace' | 'type'>>>('/api/db/connections_list', {
    signal,
    query: {
      select: 'id,name,namespace,type',
      name: `ilike.${ilikePattern(text)}`,
      order: 'name.asc',
      limit: PALETTE_RESULT_LIMIT,
    },
  });
  return rows.map((row) => ({
    kind: 'connection',
    id: row.id,
    label: row.name,
    detail: `${row.type} · ${row.namespace}`,
    href: `/settings/connections?id=${encodeURIComponent(row.id)}`,
  }));
}

/**
 * Checks, incidents and connections whose name holds `text`, searched on the server (each kind
 * limited to {@link PALETTE_RESULT_LIMIT}) for the kinds in `scope`. One kind failing leaves the
 * others' matches; nothing is asked for an empty text.
 */
export function usePaletteSearch(text: string, scope: PaletteScope) {
  return useQuery({
    queryKey: ['search', 'palette', text, scope],
    queryFn: async ({ signal }) => {
      const searches = [
        scope.checks ? searchChecks(text, signal) : null,
        scope.incidents ? searchIncidents(text, signal) : null,
        scope.connections ? searchConnections(text, signal) : null,
      ];
      const answers = await Promise.allSettled(searches.map((search) => search ?? Promise.resolve([])));
      return answers.flatMap((answer) => (answer.status === 'fulfilled' ? answer.value : []));
    },
    enabled: text.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: PALETTE_STALE_MS,
  });
}
