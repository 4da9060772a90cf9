import { useCallback, useEffect, useMemo, useState } from 'react';
import { copyToClipboard } from '../../../components/clipboard';
import { EmptyState } from '../../../components/empty-state';
import { ErrorPanel } from '../../../components/error-panel';
import { PageShell } from '../../../components/page-shell/page-shell';
import { useTimeRangeParams } from '../../../components/time-range-picker/time-range-picker';
import { useUrlParams } from '../../../lib/url-state';
import { useLogBackends } from '../api/get-log-backends';
import { useLogTargets } from '../api/get-log-targets';
import { useLogSearch } from '../api/search-logs';
import { useLogTail } from '../api/use-log-tail';
import { highlightTerms } from '../components/highlight';
import { LogLines } from '../components/log-lines';
import { type LogParams, labelsParam, linesAsNdjson, logParamsFrom, searchRequestOf } from '../components/log-params';
import { LogToolbar } from '../components/log-toolbar';

const button = 'rounded border border-border-strong bg-surface px-2 py-1 text-sm hover:bg-surface-muted';

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-ndjson' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * /logs (000 §2, issue 17): search a log backend — the built-in one (this server's own logs) or a
 * stored one — optionally narrowed to a component with log selectors; query in the backend's syntax,
 * time range, levels and labels, all in the URL. Lines newest first in a virtual list, older pages as
 * the list reaches its end, Live tail (server-sent events), copy, download, and a line's Attach as
 * Evidence. The route and the sidebar entry follow the `logs.disable` flag.
 */
export function LogsPage() {
  const [params, update] = useUrlParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the params object changes identity each render; its text is the real dependency
  const state = useMemo(() => logParamsFrom(params), [key]);
  const [range, setRange] = useTimeRangeParams();
  const backends = useLogBackends();
  const targets = useLogTargets();
  const [live, setLive] = useState(false);

  const first = backends.data?.[0]?.name;
  useEffect(() => {
    if (!state.backend && first) update({ backend: first });
  }, [state.backend, first, update]);

  const change = useCallback(
    (next: Partial<LogParams>) => {
      const merged = { ...state, ...next };
      update({
        backend: merged.backend || undefined,
        target: merged.target || undefined,
        q: merged.text || undefined,
        level: merged.levels.length ? merged.levels.join(',') : undefined,
        labels: labelsParam(merged.labels),
      });
    },
    [state, update],
  );
  const addLabel = useCallback(
    (labelKey: string, value: string) => change({ labels: { ...state.labels, [labelKey]: value } }),
    [change, state.labels],
  );

  const request = useMemo(() => searchRequestOf(state, range), [state, range]);
  const search = useLogSearch(request);
  const tailRequest = useMemo(
    () => (live && request ? { ...request, query: { ...request.query, start: undefined, end: undefined } } : undefined),
    [live, request],
  );
  const tail = useLogTail(tailRequest);
  const searched = useMemo(() => search.data?.pages.flatMap((page) => page.lines) ?? [], [search.data]);
  const lines = useMemo(() => (live ? [...tail.lines, ...searched] : searched), [live, tail.lines, searched]);
  const total = search.data?.pages[0]?.total;
  const terms = useMemo(() => highlightTerms(state.text), [state.text]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = search;
  const more = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <PageShell
      title="Logs"
      loading={search.isFetching}
      onRefresh={() => void search.refetch()}
      extra={
        <div className="flex gap-2">
          <button type="button" className={button} aria-pressed={live} onClick={() => setLive((value) => !value)}>
            {live ? (tail.live ? 'Stop tail (live)' : 'Stop tail') : 'Live tail'}
          </button>
          <button
            type="button"
            className={button}
            disabled={lines.length === 0}
            onClick={() =>
              void copyToClipboard(
                lines.map((line) => `${line.timestamp} ${line.level ?? ''} ${line.message}`).join('\n'),
              )
            }
          >
            Copy
          </button>
          <button
            type="button"
            className={button}
            disabled={lines.length === 0}
            onClick={() => download(`logs-${state.backend}.ndjson`, linesAsNdjson(lines))}
          >
            Download
          </button>
        </div>
      }
    >
      <div className="flex flex-col gap-3">
        {backends.error ? (
          <ErrorPanel error={backends.error} onRetry={() => void backends.refetch()} />
        ) : (
          <LogToolbar
            state={state}
            backends={backends.data ?? []}
            targets={targets.data ?? []}
            range={range}
            onRange={setRange}
            onChange={change}
          />
        )}
        {tail.error && (
          <p role="alert" className="text-sm text-status-unhealthy">
            Live tail stopped: {tail.error}
          </p>
        )}
        {backends.data?.length === 0 ? (
          <EmptyState title="No log backend to search">
            The server's own logs are for administrators. An editor adds a log backend under Settings, Integrations.
          </EmptyState>
        ) : search.error ? (
          <ErrorPanel error={search.error} onRetry={() => void search.refetch()} />
        ) : search.isPending && request ? (
          <p className="text-sm text-fg-muted">Searching…</p>
        ) : lines.length === 0 ? (
          <EmptyState title="No log lines found">
            Widen the time range, or change the query, levels or labels.
          </EmptyState>
        ) : (
          <>
            <p className="text-xs text-fg-muted" aria-live="polite">
              {lines.length.toLocaleString()} lines shown
              {typeof total === 'number' ? ` of ${total.toLocaleString()}` : ''}
              {live ? `, ${tail.lines.length.toLocaleString()} from the live tail` : ''}
            </p>
            <LogLines
              lines={lines}
              terms={terms}
              origin={{ backend: state.backend, ...(state.target ? { componentId: state.target } : {}) }}
              onLabel={addLabel}
              onEnd={more}
            />
          </>
        )}
      </div>
    </PageShell>
  );
}
