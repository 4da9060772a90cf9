import type { PlaybookParameter, PlaybookRunStatus } from '@mc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api/client';

/** A playbook as the list shows it. */
export interface PlaybookSummary {
  id: string;
  name: string;
  title: string;
  icon: string | null;
  category: string;
  description: string | null;
  spec: Record<string, unknown>;
}

/** A run as its page shows it. */
export interface PlaybookRunView {
  id: string;
  playbook_id: string;
  status: PlaybookRunStatus;
  parameters: Record<string, unknown> | null;
  error: string | null;
  created_at: string;
  start_time: string | null;
  end_time: string | null;
  created_by: string | null;
}

/** One action row of a run. */
export interface PlaybookRunActionView {
  id: string;
  name: string;
  status: string;
  start_time: string | null;
  end_time: string | null;
  result: Record<string, unknown> | null;
  error: string | null;
}

/** Query keys of the playbooks area. */
export const playbookKeys = {
  all: ['playbooks'] as const,
  list: () => ['playbooks', 'list'] as const,
  checks: () => ['playbooks', 'checks'] as const,
  params: (id: string, checkId: string) => ['playbooks', 'params', id, checkId] as const,
  run: (id: string) => ['playbooks', 'run', id] as const,
};

/** The live playbooks, by category then title (at most 1000). */
export function usePlaybooks() {
  return useQuery({
    queryKey: playbookKeys.list(),
    queryFn: ({ signal }) =>
      apiGet<PlaybookSummary[]>('/api/db/playbooks', {
        signal,
        query: {
          select: 'id,name,title,icon,category,description,spec',
          deleted_at: 'is.null',
          order: 'category.asc,title.asc',
          limit: '1000',
        },
      }),
    staleTime: 30_000,
  });
}

/** Checks a run may be started on (the first 200 by name). */
export function useRunnableChecks(enabled: boolean) {
  return useQuery({
    queryKey: playbookKeys.checks(),
    queryFn: ({ signal }) =>
      apiGet<{ id: string; name: string; type: string }[]>('/api/db/checks', {
        signal,
        query: { select: 'id,name,type', deleted_at: 'is.null', order: 'name.asc', limit: '200' },
      }),
    enabled,
  });
}

/** A playbook's parameters for a check (POST /api/playbook/{id}/params). */
export function usePlaybookParams(id: string, checkId: string | null) {
  return useQuery({
    queryKey: playbookKeys.params(id, checkId ?? ''),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ params: PlaybookParameter[] }>(`/api/playbook/${encodeURIComponent(id)}/params`, {
          method: 'POST',
          signal,
          body: checkId ? { check_id: checkId } : {},
        })
      ).data,
    enabled: Boolean(id),
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
    mutationFn: async (request: { id: string; check_id?: string; params: Record<string, unknown> }) =>
      (await apiRequest<{ run_id: string }>('/api/playbook/run', { method: 'POST', body: request })).data,
  });
}

/** Approves or cancels a run, then re-reads it. */
export function useRunCommand(id: string, command: 'approve' | 'cancel') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest(`/api/playbook/run/${command}/${encodeURIComponent(id)}`, { method: 'POST' })).data,
    onSettled: () => client.invalidateQueries({ queryKey: playbookKeys.run(id) }),
  });
}

/** One page of runs, newest first, filtered by playbook and status (server-side, with the total). */
export function usePlaybookRuns(filters: { playbook?: string; status?: string }, pageIndex: number, pageSize: number) {
  return useQuery({
    queryKey: ['playbooks', 'runs', filters, pageIndex, pageSize] as const,
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<PlaybookRunView[]>('/api/db/playbook_runs', {
        signal,
        count: true,
        query: {
          select: 'id,playbook_id,status,parameters,error,created_at,start_time,end_time,created_by',
          order: 'created_at.desc',
          limit: String(pageSize),
          offset: String(pageIndex * pageSize),
          ...(filters.playbook ? { playbook_id: `eq.${filters.playbook}` } : {}),
          ...(filters.status ? { status: `eq.${filters.status}` } : {}),
        },
      });
      return { rows: answer.data, total: answer.total ?? answer.data.length };
    },
    refetchInterval: 5_000,
  });
}
