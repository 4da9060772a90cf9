import { lazy, Suspense, useMemo } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorPanel } from '../../../components/error-panel';
import { ResourceIcon } from '../../../components/resource-icon';
import { Skeleton } from '../../../components/skeleton';
import { Tabs } from '../../../components/tabs';
import { Select } from '../../../components/ui/select';
import { useUrlParams } from '../../../lib/url-state';
import type { ConfigItem, RelatedConfig } from '../api/catalog-types';
import { RELATED_DEPTHS, RELATED_MAX_DEPTH, type RelationKind, useRelatedConfigs } from '../api/get-related-configs';
import { HealthBadge } from './health-badge';
import { layoutRelationships } from './relationship-layout';

// xyflow loads with the Relationships tab, not with the catalog (the graph is outside the area's chunk).
const RelationshipsGraph = lazy(() =>
  import('../relationships-graph').then((module) => ({ default: module.RelationshipsGraph })),
);

/** Depth the Relationships tab opens at. */
export const DEFAULT_RELATED_DEPTH = 3;

/** How the list names a row's direction from the item. */
const DIRECTION_TEXT: Record<string, string> = {
  incoming: 'Points to this item',
  outgoing: 'This item points to it',
  both: 'Both ways',
};

/** The relationship kinds the tab offers, as the URL's `relation` holds them. */
const RELATION_OPTIONS: readonly { value: RelationKind; label: string }[] = [
  { value: 'both', label: 'Hard and soft' },
  { value: 'hard', label: 'Hard (from the source)' },
  { value: 'soft', label: 'Soft (linked by hand)' },
];

/** The relationship kind from the URL; anything else is both (001 §5: malformed values are ignored). */
export function relationKind(raw: string | null): RelationKind {
  return raw === 'hard' || raw === 'soft' ? raw : 'both';
}

type View = 'Graph' | 'List';
const VIEWS: readonly View[] = ['Graph', 'List'];

/** The depth from the URL, clamped to 1…10 (000 §9). */
export function relatedDepth(raw: string | null): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) return DEFAULT_RELATED_DEPTH;
  return Math.min(value, RELATED_MAX_DEPTH);
}

function RelatedList({ rows }: { rows: readonly RelatedConfig[] }) {
  return (
    <table className="w-full text-sm" aria-label="Related items">
      <thead className="bg-surface-muted text-left text-xs font-semibold text-fg-muted">
        <tr>
          <th scope="col" className="px-3 py-2">
            Name
          </th>
          <th scope="col" className="px-3 py-2">
            Type
          </th>
          <th scope="col" className="px-3 py-2">
            Health
          </th>
          <th scope="col" className="px-3 py-2">
            Direction
          </th>
          <th scope="col" className="px-3 py-2">
            Depth
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} className="border-t border-border-muted">
            <td className="px-3 py-1.5">
              <Link
                to={`/catalog/${row.id}/relationships`}
                className="inline-flex items-center gap-2 text-link hover:underline"
              >
                <ResourceIcon source={{ type: row.type }} />
                {row.name ?? row.id}
              </Link>
            </td>
            <td className="px-3 py-1.5">{row.type}</td>
            <td className="px-3 py-1.5">
              <HealthBadge health={row.health} />
            </td>
            <td className="px-3 py-1.5">{DIRECTION_TEXT[row.direction ?? ''] ?? row.direction}</td>
            <td className="px-3 py-1.5">{row.depth ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The Relationships tab (issue 13 §6): related items in both directions up to the chosen depth
 * (1–10), drawn as a graph (each card opens its item) or listed; hard relationships only (what scrapers
 * found in the source), soft ones only (manual links) or both; deleted items on request.
 */
export function RelationshipsPanel({ item }: { item: ConfigItem }) {
  const [params, update] = useUrlParams();
  const depth = relatedDepth(params.get('depth'));
  const includeDeleted = params.get('deleted') === 'true';
  const relation = relationKind(params.get('relation'));
  const view: View = params.get('view') === 'list' ? 'List' : 'Graph';
  const related = useRelatedConfigs(item.id, { depth, includeDeleted, relation });
  const all = related.data;
  const rows = useMemo(() => (all ?? []).filter((row) => row.id !== item.id), [all, item.id]);
  const layout = useMemo(() => layoutRelationships(item, all ?? []), [item, all]);
  let body: React.ReactNode;
  if (related.isPending) body = <Skeleton />;
  else if (related.isError) body = <ErrorPanel error={related.error} onRetry={() => void related.refetch()} />;
  else if (rows.length === 0) body = <EmptyState title="No related items" />;
  else if (view === 'List') body = <RelatedList rows={rows} />;
  else {
    body = (
      <Suspense fallback={<Skeleton />}>
        <RelationshipsGraph nodes={layout.nodes} edges={layout.edges} />
      </Suspense>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-4">
        <Tabs
          label="Relationships view"
          tabs={VIEWS}
          active={view}
          onChange={(next) => update({ view: next === 'List' ? 'list' : undefined })}
        />
        <Select
          label="Depth"
          inline
          value={String(depth)}
          onChange={(next) => update({ depth: next })}
          choices={RELATED_DEPTHS.map((value) => ({ value: String(value), label: String(value) }))}
        />
        <Select
          label="Relationships"
          inline
          value={relation}
          onChange={(next) => update({ relation: next === 'both' ? undefined : next })}
          choices={RELATION_OPTIONS}
        />
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={includeDeleted}
            onChange={(event) => update({ deleted: event.target.checked ? 'true' : undefined })}
          />
          Include deleted items
        </label>
        <span className="text-xs text-fg-muted">{rows.length} related</span>
      </div>
      {body}
    </div>
  );
}
