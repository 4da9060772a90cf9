import { StatusDot } from '../../../components/status-dot';

/** An item's health as a dot and its word (healthy, unhealthy, warning, unknown). */
export function HealthBadge({ health }: { health?: string | null }) {
  if (!health) return <span className="text-fg-subtle">—</span>;
  return (
    <span className="inline-flex items-center gap-1.5">
      <StatusDot status={health} />
      <span>{health}</span>
    </span>
  );
}
