import type { CheckLocations } from '@mc/contracts';
import { StatusDot } from '../../../components/status-dot';
import { relativeTime } from '../../../lib/relative-time';

/**
 * A multi-location check's locations (docs/agents.md "Locations"): the quorum verdict, then each
 * location with its latest status, message and age; a location whose agent is offline says so, as it
 * does not count. Nothing for a check run from one place.
 */
export function CheckLocationsPanel({ locations }: { locations: CheckLocations | undefined }) {
  if (!locations || locations.quorum === null || locations.locations.length === 0) return null;
  return (
    <section aria-label="Locations" className="rounded border border-border px-3 py-2">
      <h3 className="text-xs font-semibold uppercase text-fg-subtle">Locations</h3>
      <p className="mt-1 text-sm text-fg">
        {locations.healthy} of {locations.locations.length} locations healthy · quorum {locations.quorum}
      </p>
      <ul className="mt-1 flex flex-col gap-1">
        {locations.locations.map((location) => {
          const status = !location.agent_online ? 'unknown' : (location.status ?? 'unknown');
          const detail = !location.agent_id
            ? 'no such agent'
            : location.status === null
              ? 'no result yet'
              : !location.agent_online
                ? 'agent offline'
                : location.error || location.message || location.status;
          return (
            <li key={location.name} className="flex items-center gap-2 text-sm">
              <StatusDot status={status} />
              <span className="font-medium">{location.name}</span>
              <span className="flex-1 truncate text-fg-muted">{detail}</span>
              {location.time ? <span className="text-xs text-fg-subtle">{relativeTime(location.time)}</span> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
