import { TOPOLOGY_TEXTS, type TopologyComponent } from '@mc/contracts';
import { clsx } from 'clsx';
import { Eye, EyeOff, Lightbulb, Siren } from 'lucide-react';
import { Link } from 'react-router';
import { ResourceIcon } from '../../../components/resource-icon';
import { StatusDot } from '../../../components/status-dot';
import { PropertyList } from './property-value';
import { StatusCounts } from './status-counts';

/** Card properties shown before the rest are left to the detail page. */
export const CARD_PROPERTY_LIMIT = 6;

const BORDER: Record<string, string> = {
  unhealthy: 'border-l-status-unhealthy',
  warning: 'border-l-status-warning',
  healthy: 'border-l-status-healthy',
  unknown: 'border-l-status-unknown',
};

/**
 * One component as a card (001 §2 topology cards): its icon, name and status colour, the reason when
 * it is not healthy, its properties with units, its children by status, open incident and insight
 * badges, and its owner. The name opens the component (`linkBase` keeps the standalone view standalone).
 */
export function TopologyCard({
  component,
  width,
  linkBase = '/topology',
  hidden,
  onToggleHidden,
}: {
  component: TopologyComponent;
  width: number;
  linkBase?: string;
  hidden: boolean;
  onToggleHidden?: (id: string) => void;
}) {
  const summary = component.summary;
  const incidents = summary?.incidents ?? 0;
  const insights = summary?.insights ?? 0;
  return (
    <article
      aria-label={component.name}
      data-testid="topology-card"
      data-status={component.status}
      style={{ width }}
      className={clsx(
        'flex flex-col gap-2 rounded-md border border-border border-l-4 bg-surface p-3 shadow-sm',
        BORDER[component.status] ?? BORDER.unknown,
        hidden && 'opacity-60',
      )}
    >
      <header className="flex items-center gap-2">
        <ResourceIcon source={{ icon: component.icon, type: component.type }} className="size-5 shrink-0" />
        <Link
          to={`${linkBase}/${component.id}`}
          className="min-w-0 flex-1 truncate text-sm font-semibold text-fg hover:underline"
        >
          {component.text || component.name}
        </Link>
        <StatusDot status={component.status} />
        {incidents > 0 ? (
          <span
            title={`${incidents} open incidents`}
            className="inline-flex items-center gap-0.5 text-xs text-status-unhealthy"
          >
            <Siren aria-hidden="true" className="size-3.5" />
            {incidents}
          </span>
        ) : null}
        {insights > 0 ? (
          <span
            title={`${insights} open insights`}
            className="inline-flex items-center gap-0.5 text-xs text-status-warning"
          >
            <Lightbulb aria-hidden="true" className="size-3.5" />
            {insights}
          </span>
        ) : null}
        {onToggleHidden ? (
          <button
            type="button"
            onClick={() => onToggleHidden(component.id)}
            aria-label={`${hidden ? TOPOLOGY_TEXTS.unhide : TOPOLOGY_TEXTS.hide} ${component.name}`}
            title={hidden ? TOPOLOGY_TEXTS.unhide : TOPOLOGY_TEXTS.hide}
            className="inline-flex size-6 items-center justify-center rounded text-fg-muted hover:bg-surface-hover"
          >
            {hidden ? (
              <Eye aria-hidden="true" className="size-3.5" />
            ) : (
              <EyeOff aria-hidden="true" className="size-3.5" />
            )}
          </button>
        ) : null}
      </header>
      {component.type ? <p className="text-xs text-fg-muted">{component.type}</p> : null}
      {component.status_reason ? (
        <p className="text-xs text-status-unhealthy" title={component.status_reason}>
          {component.status_reason}
        </p>
      ) : null}
      <PropertyList properties={component.properties} limit={CARD_PROPERTY_LIMIT} />
      <footer className="flex flex-wrap items-center justify-between gap-2">
        <StatusCounts summary={summary} />
        {component.owner ? <span className="text-xs text-fg-muted">Owner: {component.owner}</span> : null}
      </footer>
    </article>
  );
}
