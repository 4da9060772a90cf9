import { ADMIN_MESSAGES, type ConnectionTestResult } from '@mc/contracts';
import { clsx } from 'clsx';
import { errorMessage } from '../../../../lib/api/api-error';

/**
 * The answer of the Test button, in the form where it was asked: green when the server reached the
 * target (or validated the fields of a type it cannot reach), red with the reason otherwise.
 */
export function ConnectionTestOutcome({ result, error }: { result?: ConnectionTestResult; error?: unknown }) {
  if (!result && !error) return null;
  const ok = result?.ok === true;
  const message = result ? result.message : errorMessage(error);
  return (
    <div
      role={ok ? 'status' : 'alert'}
      data-outcome={ok ? 'success' : 'failure'}
      className={clsx(
        'rounded border px-3 py-2 text-sm',
        ok ? 'border-green-300 bg-green-50 text-green-800' : 'border-red-300 bg-red-50 text-red-800',
      )}
    >
      <p className="font-medium">{ok ? ADMIN_MESSAGES.testSucceeded : ADMIN_MESSAGES.testFailed}</p>
      <p>{message}</p>
      {result ? (
        <p className="text-xs opacity-80">
          {result.mode === 'reached' ? 'Reached the target' : 'Fields validated only'} in {result.duration_ms} ms
        </p>
      ) : null}
    </div>
  );
}
