import { Link } from 'react-router';
import { ResourceIcon } from '../../../components/resource-icon';
import { TagList, tagsFromRecord } from '../../../components/tag-list';
import type { ConfigItem } from '../api/catalog-types';
import { AttachEvidence } from './attach-evidence';
import { formatCost } from './cost';
import { HealthBadge } from './health-badge';

const COSTS = [
  ['cost_per_minute', 'Per minute'],
  ['cost_total_1d', '1 day'],
  ['cost_total_7d', '7 days'],
  ['cost_total_30d', '30 days'],
] as const;

/** The item's costs, when it has any (issue 13 §6: costs where present). */
export function ConfigCosts({ item }: { item: ConfigItem }) {
  const costs = COSTS.map(([key, label]) => [label, formatCost(item[key])] as const).filter(([, text]) => text);
  if (costs.length === 0) return null;
  return (
    <dl aria-label="Costs" className="flex flex-wrap gap-4 text-sm">
      {costs.map(([label, text]) => (
        <div key={label}>
          <dt className="text-xs text-fg-muted">Cost {label}</dt>
          <dd className="tabular-nums">{text}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The item's header: type, health, status, tags and labels, costs, and Attach as Evidence. */
export function ConfigHeader({ item }: { item: ConfigItem }) {
  const name = item.name ?? item.id;
  return (
    <section
      aria-label="Configuration item"
      className="flex flex-col gap-2 rounded-md border border-border bg-surface p-3"
    >
      <div className="flex flex-wrap items-center gap-3">
        <ResourceIcon source={item} className="size-7" />
        <div className="flex min-w-0 flex-col">
          <span className="truncate text-lg font-semibold">{name}</span>
          <span className="text-xs text-fg-muted">{item.type}</span>
        </div>
        {item.health ? <HealthBadge health={item.health} /> : null}
        {item.status ? <span className="rounded bg-surface-hover px-2 py-0.5 text-xs">{item.status}</span> : null}
        {item.deleted_at ? (
          <span className="rounded bg-status-unhealthy-soft px-2 py-0.5 text-xs text-status-unhealthy">
            Deleted{item.delete_reason ? `: ${item.delete_reason}` : ''}
          </span>
        ) : null}
        <span className="ml-auto" />
        {item.scraper_id ? (
          <Link to={`/catalog/scrapers/${item.scraper_id}`} className="text-sm text-link hover:underline">
            Scraper
          </Link>
        ) : null}
        <AttachEvidence
          target={{ type: 'config', config_id: item.id, description: `${item.type ?? 'Item'} ${name}` }}
        />
      </div>
      {item.tags && Object.keys(item.tags).length > 0 ? <TagList tags={tagsFromRecord(item.tags)} minRows={6} /> : null}
      <ConfigCosts item={item} />
    </section>
  );
}
