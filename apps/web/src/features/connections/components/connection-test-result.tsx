import { ADMIN_MESSAGES, type ConnectionTestResult } from '@mc/contracts';
import { clsx } from 'clsx';
import { errorMessage } from '../../../lib/api/api-error';

const LOOKS = {
  success: {
    title: ADMIN_MESSAGES.testSucceeded,
    role: 'status',
    box: 'border-status-healthy/40 bg-status-healthy-soft text-status-healthy',
  },
  failure: {
    title: ADMIN_MESSAGES.testFailed,
    role: 'alert',
    box: 'border-status-unhealthy/40 bg-status-unhealthy-soft text-status-unhealthy',
  },
  unavailable: {
    title: ADMIN_MESSAGES.testUnavailable,
    role: 'status',
    box: 'border-border-strong bg-surface-muted text-fg',
  },
} as const;

const HOW = { reached: 'Dialled the target', invalid: 'Nothing dialled', unavailable: 'Nothing dialled' } as const;

/**
 * The answer of the Test button, in the form where it was asked: green only when the server reached
 * the target and it answered as expected; neutral when this server has no test for the type; red with
 * the reason otherwise (refused by the egress policy, unreachable, credentials refused, bad values).
 */
export function ConnectionTestOutcome({ result, error }: { result?: ConnectionTestResult; error?: unknown }) {
  if (!result && !error) return null;
  const outcome = result?.mode === 'unavailable' ? 'unavailable' : result?.ok === true ? 'success' : 'failure';
  const look = LOOKS[outcome];
  const message = result ? result.message : errorMessage(error);
  return (
    <div role={look.role} data-outcome={outcome} className={clsx('rounded border px-3 py-2 text-sm', look.box)}>
      <p className="font-medium">{look.title}</p>
      <p>{message}</p>
      {result ? (
        <p className="text-xs opacity-80">
          {HOW[result.mode]} in {result.duration_ms} ms
        </p>
      ) : null}
    </div>
  );
}
