import { Link } from 'react-router';
import { ErrorPanel } from '../../../components/error-panel';
import { Skeleton } from '../../../components/skeleton';
import { TagList, tagsFromRecord } from '../../../components/tag-list';
import { useFormatDateTime } from '../../../lib/date-format';
import type { ConfigItem } from '../api/catalog-types';
import { useConfigDocument } from '../api/get-config';
import { ConfigDocument } from './config-document';
import { displayLine } from './safe-text';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="break-words text-sm">{children || '—'}</dd>
    </div>
  );
}

/** The Details tab: the item's facts and its scraped document (drawn safely, however large). */
export function ConfigDetailsTab({ item }: { item: ConfigItem }) {
  const document = useConfigDocument(item.id);
  const format = useFormatDateTime();
  return (
    <div className="grid gap-4 lg:grid-cols-[20rem_1fr]">
      <dl className="flex flex-col gap-3">
        <Fact label="Type">{item.type}</Fact>
        <Fact label="Class">{item.config_class}</Fact>
        <Fact label="Namespace">{item.namespace}</Fact>
        <Fact label="Description">{item.description ? displayLine(item.description, 2000) : ''}</Fact>
        <Fact label="External IDs">{(item.external_id ?? []).map((id) => displayLine(id, 200)).join(', ')}</Fact>
        <Fact label="Labels">
          {item.labels && Object.keys(item.labels).length > 0 ? <TagList tags={tagsFromRecord(item.labels)} /> : ''}
        </Fact>
        {item.parent_id ? (
          <Fact label="Parent">
            <Link to={`/catalog/${item.parent_id}`} className="text-link hover:underline">
              Open parent
            </Link>
          </Fact>
        ) : null}
        <Fact label="Created">{format(item.created_at)}</Fact>
        <Fact label="Updated">{format(item.updated_at)}</Fact>
        {item.deleted_at ? <Fact label="Deleted">{format(item.deleted_at)}</Fact> : null}
      </dl>
      <section aria-label="Config" className="flex min-w-0 flex-col gap-1">
        <h2 className="text-sm font-semibold">Config</h2>
        {document.isPending ? <Skeleton /> : null}
        {document.isError ? <ErrorPanel error={document.error} onRetry={() => void document.refetch()} /> : null}
        {document.isSuccess ? (
          document.data === null ? (
            <p className="text-sm text-fg-muted">This item has no document.</p>
          ) : (
            <ConfigDocument value={document.data} />
          )
        ) : null}
      </section>
    </div>
  );
}
