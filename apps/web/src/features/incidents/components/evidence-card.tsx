import type { EvidenceResource, IncidentEvidenceView } from '@mc/contracts';
import { capitalise } from '@mc/contracts';
import { Link } from 'react-router';
import type { useIncidentWrite } from '../api/incident-mutations';

function uptimePercent(uptime: { passed: number; failed: number }): string {
  const total = uptime.passed + uptime.failed;
  return total === 0 ? 'no runs' : `${((uptime.passed / total) * 100).toFixed(1)}% uptime`;
}

/** What a resource its reader may not read shows in place of its name and status (docs/incidents.md). */
const HIDDEN_TEXT: Readonly<Record<Extract<EvidenceResource, { kind: 'hidden' }>['of'], string>> = {
  check: 'A check you may not read',
  config: 'A config item you may not read',
  config_change: 'A change of a config item you may not read',
  config_analysis: 'An insight on a config item you may not read',
  component: 'A component you may not read',
};

/** The linked resource as it is now: a check's status and uptime, a config's health, a change's diff. */
export function ResourceSummary({ resource }: { resource: EvidenceResource | null }) {
  if (!resource) return null;
  switch (resource.kind) {
    case 'check':
      return (
        <p className="text-sm">
          <Link className="text-link underline" to={`/health?checkId=${resource.id}&timeRange=1h`}>
            {resource.name}
          </Link>{' '}
          — {capitalise(resource.status ?? 'unknown')}, {uptimePercent(resource.uptime)} (24h)
        </p>
      );
    case 'config':
      return (
        <p className="text-sm">
          <Link className="text-link underline" to={`/catalog/${resource.id}`}>
            {resource.name ?? resource.id}
          </Link>{' '}
          ({resource.type}) — health {resource.health ?? 'unknown'}
        </p>
      );
    case 'config_change':
      return (
        <div className="text-sm">
          <p>
            {resource.change_type} on{' '}
            <Link className="text-link underline" to={`/catalog/${resource.config_id}`}>
              {resource.config_name ?? resource.config_id}
            </Link>
            {resource.summary ? `: ${resource.summary}` : ''}
          </p>
          {resource.diff ? (
            <pre className="mt-1 max-h-48 overflow-auto rounded bg-surface-muted p-2 text-xs">{resource.diff}</pre>
          ) : null}
        </div>
      );
    case 'config_analysis':
      return (
        <p className="text-sm">
          {resource.analyzer}: {resource.message} ({resource.severity ?? 'unknown'}) on{' '}
          <Link className="text-link underline" to={`/catalog/${resource.config_id}`}>
            {resource.config_name ?? resource.config_id}
          </Link>
        </p>
      );
    case 'component':
      return (
        <p className="text-sm">
          <Link className="text-link underline" to={`/topology/${resource.id}`}>
            {resource.name}
          </Link>{' '}
          — {resource.status}
        </p>
      );
    case 'hidden':
      return <p className="text-sm text-fg-muted">{HIDDEN_TEXT[resource.of]}</p>;
  }
}

/** One evidence row with its live resource and the definition-of-done and done toggles. */
export function EvidenceCard({
  evidence,
  canWrite,
  write,
}: {
  evidence: IncidentEvidenceView;
  canWrite: boolean;
  write: ReturnType<typeof useIncidentWrite>;
}) {
  const toggle = (field: 'done' | 'definition_of_done') =>
    write.mutate({ method: 'PATCH', path: `evidences/${evidence.id}`, body: { [field]: !evidence[field] } });
  const label = evidence.description || capitalise(evidence.type);
  return (
    <li aria-label={`Evidence ${label}`} className="rounded border border-border p-2">
      <div className="flex items-center gap-2">
        <span className="text-xs uppercase text-fg-subtle">{capitalise(evidence.type)}</span>
        <span className="flex-1 text-sm">{label}</span>
        {canWrite ? (
          <>
            <label className="flex items-center gap-1 text-xs">
              <input
                type="checkbox"
                checked={evidence.definition_of_done}
                onChange={() => toggle('definition_of_done')}
              />
              Definition of done
            </label>
            <label className="flex items-center gap-1 text-xs">
              <input type="checkbox" checked={evidence.done} onChange={() => toggle('done')} />
              Done
            </label>
          </>
        ) : (
          <span className="text-xs text-fg-muted">
            {evidence.definition_of_done ? 'Definition of done' : ''} {evidence.done ? 'Done' : ''}
          </span>
        )}
      </div>
      <ResourceSummary resource={evidence.resource} />
      {evidence.script ? <pre className="mt-1 rounded bg-surface-muted p-1 text-xs">{evidence.script}</pre> : null}
    </li>
  );
}
