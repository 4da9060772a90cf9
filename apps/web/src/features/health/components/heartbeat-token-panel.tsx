import { HEARTBEAT_MESSAGES, type HeartbeatToken } from '@mc/contracts';
import { useState } from 'react';
import { copyToClipboard } from '../../../components/clipboard';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorPanel } from '../../../components/error-panel';
import { Skeleton } from '../../../components/skeleton';
import { useCan } from '../../../lib/api/shell-queries';
import { useFormatDateTime } from '../../../lib/date-format';
import { useHeartbeatState, useIssueHeartbeatToken, useRevokeHeartbeatToken } from '../api/heartbeat-token';

/** The full URL a job calls: the token's path on the server the console is served from. */
export function heartbeatUrl(path: string): string {
  return new URL(path, window.location.origin).href;
}

/** The URL of a token just issued, with its copy button: the only time it is shown. */
function IssuedUrl({ issued }: { issued: HeartbeatToken }) {
  const url = heartbeatUrl(issued.path);
  return (
    <div className="flex flex-col gap-1 rounded border border-border p-2">
      <label htmlFor="heartbeat-url" className="text-sm font-medium">
        Push URL
      </label>
      <div className="flex items-start gap-2">
        <input
          id="heartbeat-url"
          readOnly
          value={url}
          className="min-w-0 flex-1 rounded bg-surface-inverse p-2 font-mono text-xs text-fg-inverse"
        />
        <button
          type="button"
          className="rounded border border-border-strong px-2 py-1 text-xs"
          onClick={() => void copyToClipboard(url)}
        >
          Copy URL
        </button>
      </div>
      <p className="text-xs text-fg-muted">{HEARTBEAT_MESSAGES.shownOnce}</p>
    </div>
  );
}

/**
 * The heartbeat token of a webhook check (issue 33 item 5; docs/health-checks.md), for people who may
 * write checks (the token API needs `canaries` write): the live token by its prefix, when it was issued
 * and when it was last called, Issue (the full push URL shown once with a copy button, as only its hash is kept),
 * and Revoke or replace after a confirmation. Renders nothing for other people.
 */
export function HeartbeatTokenPanel({ checkId }: { checkId: string }) {
  const mayWrite = useCan({ resource: 'canaries', action: 'write' });
  const state = useHeartbeatState(checkId, mayWrite);
  const issue = useIssueHeartbeatToken(checkId);
  const revoke = useRevokeHeartbeatToken(checkId);
  const [issued, setIssued] = useState<HeartbeatToken | undefined>();
  const [confirming, setConfirming] = useState<'revoke' | 'replace' | undefined>();
  const formatDateTime = useFormatDateTime();
  if (!mayWrite) return null;

  const issueNow = () =>
    issue.mutate(undefined, {
      onSuccess: (token) => {
        setIssued(token);
        setConfirming(undefined);
      },
    });
  const revokeNow = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setIssued(undefined);
        setConfirming(undefined);
      },
    });

  let body: React.ReactNode;
  if (state.isPending) body = <Skeleton label="Loading heartbeat token" />;
  else if (state.isError) body = <ErrorPanel error={state.error} onRetry={() => void state.refetch()} />;
  else if (!state.data.active) body = <p className="text-sm text-fg-muted">{HEARTBEAT_MESSAGES.none}</p>;
  else
    body = (
      <table className="text-sm">
        <thead>
          <tr className="text-left text-xs text-fg-muted">
            <th className="pr-4 font-normal">Token</th>
            <th className="pr-4 font-normal">Issued</th>
            <th className="pr-4 font-normal">Last call</th>
            <th className="sr-only">Actions</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td className="pr-4 font-mono text-xs">{state.data.prefix}…</td>
            <td className="pr-4">{formatDateTime(state.data.issued_at)}</td>
            <td className="pr-4">{state.data.last_call_at ? formatDateTime(state.data.last_call_at) : 'Never'}</td>
            <td>
              <button type="button" className="text-xs text-status-unhealthy" onClick={() => setConfirming('revoke')}>
                Revoke
              </button>
            </td>
          </tr>
        </tbody>
      </table>
    );
  const active = state.data?.active === true;
  return (
    <section aria-label="Heartbeat token" className="flex flex-col gap-2">
      <div className="flex items-center gap-3">
        <h3 className="text-sm font-semibold">Heartbeat token</h3>
        <button
          type="button"
          className="ml-auto text-sm text-link disabled:opacity-60"
          disabled={issue.isPending || state.isPending}
          onClick={() => (active ? setConfirming('replace') : issueNow())}
        >
          {active ? 'Issue new token' : 'Issue token'}
        </button>
      </div>
      {issued ? <IssuedUrl issued={issued} /> : null}
      {body}
      <ConfirmDialog
        open={confirming !== undefined}
        title={confirming === 'replace' ? HEARTBEAT_MESSAGES.replaceTitle : HEARTBEAT_MESSAGES.revokeTitle}
        description={
          confirming === 'replace' ? HEARTBEAT_MESSAGES.replaceDescription : HEARTBEAT_MESSAGES.revokeDescription
        }
        confirmText={confirming === 'replace' ? 'Issue new token' : 'Revoke'}
        busy={issue.isPending || revoke.isPending}
        onConfirm={confirming === 'replace' ? issueNow : revokeNow}
        onClose={() => setConfirming(undefined)}
      />
    </section>
  );
}
