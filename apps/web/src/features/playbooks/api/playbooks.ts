import type {
  CheckRow,
  ListedPlaybook,
  PlaybookParams,
  PlaybookRunActionRow,
  PlaybookRunHistory,
  PlaybookRunRequest,
  PlaybookRunRow,
  PlaybookRunStarted,
} from '@mc/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, resolveApiUrl } from '../../../lib/api/client';
import { PLAYBOOKS_LIST_REQUEST } from './page-requests';

/** A playbook as the list shows it. */
export type PlaybookSummary = ListedPlaybook;

/** A run as its page shows it. */
export type PlaybookRunView = Pick<
  PlaybookRunRow,
  'id' | 'playbook_id' | 'status' | 'parameters' | 'error' | 'created_at' | 'start_time' | 'end_time' | 'created_by'
> &
  Partial<Pick<PlaybookRunRow, 'check_id' | 'config_id' | 'component_id'>>;

/** The resource a run is on (or a dialog runs on): a check, a config item or a component. */
export interface PlaybookResource {
  kind: 'check' | 'config' | 'component';
  id: string;
}

/** The request field naming a resource (`check_id`, `config_id` or `component_id`), if any. */
export function resourceField(
  resource: PlaybookResource | null | undefined,
): Omit<PlaybookRunRequest, 'id' | 'params'> {
  if (!resource) return {};
  if (resource.kind === 'check') return { check_id: resource.id };
  if (resource.kind === 'config') return { config_id: resource.id };
  return { component_id: resource.id };
}

/** A person or team as the run's history names them. */
export type NamedRef = NonNullable<PlaybookRunHistory['requested_by']>;

/** GET /api/playbook/run/{id}/history. */
export type { PlaybookRunHistory };

/** Filters of the runs list (all in the URL). */
export interface PlaybookRunFilters {
  playbook?: string;
  status?: string;
  /** A check, config item or component id: runs on it. */
  resource?: string;
  /** ISO times bounding created_at. */
  from?: string;
  to?: string;
}

/** One action row of a run. */
export type PlaybookRunActionView = Pick<
  PlaybookRunActionRow,
  'id' | 'name' | 'status' | 'start_time' | 'end_time' | 'result' | 'error'
>;

/** Query keys of the playbooks area. */
export const playbookKeys = {
  all: ['playbooks'] as const,
  list: () => ['playbooks', 'list'] as const,
  checks: () => ['playbooks', 'checks'] as const,
  params: (id: string, resourceKey: string) => ['playbooks', 'params', id, resourceKey] as const,
  run: (id: string) => ['playbooks', 'run', id] as const,
  history: (id: string, status: string) => ['playbooks', 'run', id, 'history', status] as const,
  one: (id: string) => ['playbooks', 'one', id] as const,
  applicable: (resource: PlaybookResource) => ['playbooks', 'applicable', resource.kind, resource.id] as const,
};

/** The query of the live playbooks, by category then title (at most 1000). */
export function playbooksListQuery() {
  return queryOptions({
    queryKey: playbookKeys.list(),
    queryFn: ({ signal }) =>
      apiGet<PlaybookSummary[]>(PLAYBOOKS_LIST_REQUEST.path, { ...PLAYBOOKS_LIST_REQUEST.options, signal }),
    staleTime: 30_000,
  });
}

/** The live playbooks, by category then title (at most 1000). */
export function usePlaybooks() {
  return useQuery(playbooksListQuery());
}

/** Checks a run may be started on (the first 200 by name). */
export function useRunnableChecks(enabled: boolean) {
  return useQuery({
    queryKey: playbookKeys.checks(),
    queryFn: ({ signal }) =>
      apiGet<Array<Pick<CheckRow, 'id' | 'name' | 'type'>>>('/api/db/checks', {
        signal,
        query: { select: 'id,name,type', deleted_at: 'is.null', order: 'name.asc', limit: '200' },
      }),
    enabled,
  });
}

/** A playbook's parameters for a resource (POST /api/playbook/{id}/params). */
export function usePlaybookParams(id: string, resource: PlaybookResource | null) {
  return useQuery({
    queryKey: playbookKeys.params(id, resource ? `${resource.kind}:${resource.id}` : ''),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<PlaybookParams>(`/api/playbook/${encodeURIComponent(id)}/params`, {
          method: 'POST',
          signal,
          body: resourceField(resource),
        })
      ).data,
    enabled: Boolean(id),
  });
}

/** One playbook by id (null when there is none). */
export function usePlaybook(id: string) {
  return useQuery({
    queryKey: playbookKeys.one(id),
    queryFn: async ({ signal }) =>
      (
        await apiGet<PlaybookSummary[]>('/api/db/playbooks', {
          signal,
          query: { select: 'id,name,title,icon,category,description,spec', id: `eq.${id}`, deleted_at: 'is.null' },
        })
      )[0] ?? null,
    enabled: Boolean(id),
  });
}

/** The playbooks applicable to a resource (GET /api/playbook/list, 000 §7). */
export function useApplicablePlaybooks(resource: PlaybookResource, enabled = true) {
  return useQuery({
    queryKey: playbookKeys.applicable(resource),
    queryFn: ({ signal }) =>
      apiGet<PlaybookSummary[]>('/api/playbook/list', { signal, query: resourceField(resource) }),
    enabled: enabled && Boolean(resource.id),
    staleTime: 30_000,
  });
}

/**
 * Who requested a run, its status changes and approvals: read again whenever the run's status changes
 * (the key holds it) and every 5 s while the run is open.
 */
export function useRunHistory(id: string, status: string | undefined, open: boolean) {
  return useQuery({
    queryKey: playbookKeys.history(id, status ?? ''),
    placeholderData: keepPreviousData,
    enabled: status !== undefined,
    queryFn: ({ signal }) =>
      apiGet<PlaybookRunHistory>(`/api/playbook/run/${encodeURIComponent(id)}/history`, { signal }),
    refetchInterval: open ? 5_000 : false,
  });
}

/** A run with its actions, re-read every 5 s while it is not finished (as upstream's run page). */
export function usePlaybookRun(id: string) {
  return useQuery({
    queryKey: playbookKeys.run(id),
    queryFn: async ({ signal }) => {
      const [runs, actions] = await Promise.all([
        apiGet<PlaybookRunView[]>('/api/db/playbook_runs', { signal, query: { id: `eq.${id}` } }),
        apiGet<PlaybookRunActionView[]>('/api/db/playbook_run_actions', {
          signal,
          query: { playbook_run_id: `eq.${id}`, order: 'start_time.asc' },
        }),
      ]);
      return { run: runs[0] ?? null, actions };
    },
    refetchInterval: (query) =>
      ['completed', 'failed', 'cancelled', 'timed_out'].includes(query.state.data?.run?.status ?? '') ? false : 5_000,
  });
}

/** Starts a run; answers its id. */
export function useRunPlaybook() {
  return useMutation({
    mutationFn: async (request: PlaybookRunRequest) =>
      (await apiRequest<PlaybookRunStarted>('/api/playbook/run', { method: 'POST', body: request })).data,
  });
}

/** Approves or cancels a run, then re-reads it. */
export function useRunCommand(id: string, command: 'approve' | 'cancel') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest(`/api/playbook/run/${command}/${encodeURIComponent(id)}`, { method: 'POST' })).data,
    onSettled: () => client.invalidateQueries({ queryKey: playbookKeys.run(id) }), // the history too (prefix)
  });
}

/**
 * One page of runs, newest first, filtered by playbook, status, resource and time range (server-side,
 * with the total; each filter has its index).
 */
export function usePlaybookRuns(filters: PlaybookRunFilters, pageIndex: number, pageSize: number) {
  return useQuery({
    queryKey: ['playbooks', 'runs', filters, pageIndex, pageSize] as const,
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<PlaybookRunView[]>('/api/db/playbook_runs', {
        signal,
        count: true,
        query: {
          select:
            'id,playbook_id,status,parameters,error,created_at,start_time,end_time,created_by,check_id,config_id,component_id',
          order: 'created_at.desc',
          limit: String(pageSize),
          offset: String(pageIndex * pageSize),
          ...(filters.playbook ? { playbook_id: `eq.${filters.playbook}` } : {}),
          ...(filters.status ? { status: `eq.${filters.status}` } : {}),
          ...(filters.resource
            ? {
                or: `(check_id.eq.${filters.resource},config_id.eq.${filters.resource},component_id.eq.${filters.resource})`,
              }
            : {}),
          ...(filters.from || filters.to
            ? {
                and: `(${[filters.from ? `created_at.gte.${filters.from}` : '', filters.to ? `created_at.lte.${filters.to}` : ''].filter(Boolean).join(',')})`,
              }
            : {}),
        },
      });
      return { rows: answer.data, total: answer.total ?? answer.data.length };
    },
    refetchInterval: 5_000,
  });
}

/**
 * Where an artifact of a run downloads from (GET /api/playbook/run/{id}/artifacts/{artifactId}): a
 * plain link, so the browser streams the file to disk (the server sends it as an attachment).
 */
export function artifactDownloadUrl(runId: string, artifactId: string): string {
  return resolveApiUrl(`/api/playbook/run/${encodeURIComponent(runId)}/artifacts/${encodeURIComponent(artifactId)}`);
}
