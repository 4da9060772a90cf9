import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorPanel } from '../../../components/error-panel';
import { Skeleton } from '../../../components/skeleton';
import { StatusDot } from '../../../components/status-dot';
import { useConfigChecks } from '../api/get-config';

/** The Checks tab: the health checks linked to the item, each opening on /health (001 §2: timeRange 1h). */
export function ConfigChecksTab({ id }: { id: string }) {
  const checks = useConfigChecks(id);
  if (checks.isPending) return <Skeleton />;
  if (checks.isError) return <ErrorPanel error={checks.error} onRetry={() => void checks.refetch()} />;
  if (checks.data.length === 0) return <EmptyState title="No health checks are linked to this item" />;
  return (
    <ul aria-label="Checks" className="divide-y divide-border-muted rounded border border-border bg-surface">
      {checks.data.map((check) => (
        <li key={check.id} className="flex items-center gap-2 px-3 py-2 text-sm">
          <StatusDot status={check.status} />
          <Link
            to={`/health?checkId=${encodeURIComponent(check.id)}&timeRange=1h`}
            className="text-link hover:underline"
          >
            {check.name ?? check.id}
          </Link>
          <span className="text-xs text-fg-muted">{check.type}</span>
        </li>
      ))}
    </ul>
  );
}
