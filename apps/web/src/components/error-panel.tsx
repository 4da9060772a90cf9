import { UI_MESSAGES } from '@mc/contracts';
import { ApiError } from '../lib/api/api-error';

/**
 * The console's one error state (001 §2): the error's message (or 'Something went wrong'), the
 * server's request id when a call failed — the id its logs carry, so an operator can quote it — a
 * Retry when the caller can try again, and for a failure of the console itself its stack, folded.
 */
export function ErrorPanel({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const message = error instanceof Error && error.message ? error.message : UI_MESSAGES.somethingWentWrong;
  const requestId = error instanceof ApiError ? error.requestId : undefined;
  const stack = error instanceof Error && !(error instanceof ApiError) ? error.stack : undefined;
  return (
    <div
      role="alert"
      data-testid="error-panel"
      className="m-4 flex flex-col gap-2 rounded-md border border-status-unhealthy/40 bg-status-unhealthy-soft p-4 text-sm text-fg"
    >
      <p className="font-medium text-status-unhealthy">{message}</p>
      {requestId ? (
        <p className="text-fg-muted">
          Request ID: <code className="select-all font-mono text-xs text-fg">{requestId}</code>
        </p>
      ) : null}
      {stack ? (
        <details className="text-fg-muted">
          <summary className="cursor-pointer">Details</summary>
          <pre className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap text-xs">{stack}</pre>
        </details>
      ) : null}
      {onRetry ? (
        <div>
          <button
            type="button"
            onClick={onRetry}
            className="inline-flex h-8 items-center rounded border border-border-strong bg-surface px-3 text-sm font-medium text-fg hover:bg-surface-hover"
          >
            Retry
          </button>
        </div>
      ) : null}
    </div>
  );
}
