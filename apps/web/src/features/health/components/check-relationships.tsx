import { Link } from 'react-router';
import { ResourceIcon } from '../../../components/resource-icon';
import { StatusDot } from '../../../components/status-dot';
import type { CheckRelationships, RelatedResource } from '../api/get-check';

/** How many related resources the Relationships tab lists. */
export function relationshipCount(relationships: CheckRelationships | undefined): number {
  return relationships ? relationships.components.length + relationships.configs.length : 0;
}

function ResourceList({
  title,
  items,
  href,
}: {
  title: string;
  items: readonly RelatedResource[];
  href: (id: string) => string;
}) {
  return (
    <section aria-label={title}>
      <h3 className="mb-1 text-xs font-semibold uppercase text-fg-subtle">
        {title} ({items.length})
      </h3>
      {items.length === 0 ? (
        <p className="text-sm text-fg-subtle">None</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {items.map((item) => (
            <li key={item.id} className="flex items-center gap-2 text-sm">
              <ResourceIcon source={{ icon: item.icon, type: item.type }} />
              <StatusDot status={item.status} />
              <Link className="text-link hover:underline" to={href(item.id)}>
                {item.name ?? item.id}
              </Link>
              {item.type ? <span className="text-xs text-fg-subtle">{item.type}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The components and configs related to the check (000 §2), linking /topology/{id} and /catalog/{id}. */
export function CheckRelationshipsPanel({ relationships }: { relationships: CheckRelationships | undefined }) {
  return (
    <div className="flex flex-col gap-3">
      <ResourceList title="Components" items={relationships?.components ?? []} href={(id) => `/topology/${id}`} />
      <ResourceList title="Configs" items={relationships?.configs ?? []} href={(id) => `/catalog/${id}`} />
    </div>
  );
}
