import { CHECK_RUN_NOW_ROLES } from '@mc/contracts';
import { useSession } from '../../../lib/api/shell-queries';
import { useRunCheck } from '../api/run-check';

/** Whether these roles may Run Now (000 §6: admin, editor, responder or commander). */
export function canRunNow(roles: readonly string[] | undefined): boolean {
  return (roles ?? []).some((role) => (CHECK_RUN_NOW_ROLES as readonly string[]).includes(role));
}

/** Run Now on a check; rendered only for the roles of 000 §6, busy while the run is in flight. */
export function RunNowButton({ checkId }: { checkId: string }) {
  const { data: session } = useSession();
  const run = useRunCheck();
  if (!canRunNow(session?.roles)) return null;
  return (
    <button
      type="button"
      disabled={run.isPending}
      onClick={() => run.mutate(checkId)}
      className="rounded bg-primary px-2 py-1 text-sm text-on-primary disabled:opacity-60"
    >
      {run.isPending ? 'Running…' : 'Run Now'}
    </button>
  );
}
