import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorPanel } from '../../../components/error-panel';
import { PageShell } from '../../../components/page-shell/page-shell';
import { Skeleton } from '../../../components/skeleton';
import { Tabs } from '../../../components/tabs';
import { useUrlParams } from '../../../lib/url-state';
import { isUuid } from '../../../lib/uuid';
import { JobHistoryTable } from '../../jobs';
import { TeamMembersPanel } from '../../people';
import { useResource } from '../api/get-resources';
import { ReadOnlyResource } from '../components/read-only-resource';
import { newResource } from '../components/resource-document';
import { ResourceEditor } from '../components/resource-editor';
import type { EditableResource, ResourceType, SpecType } from '../components/resource-model';
import { isEditable } from '../components/resource-origin';
import { resourceType, specTypeOf } from '../components/resource-types';
import { TypePickerGrid } from '../components/type-picker-grid';
import { NO_RESOURCES } from './resource-list-page';
import { resourceTitle } from './resource-titles';

function Breadcrumb({ table, last }: { table: string; last: string }) {
  return (
    <nav aria-label="Breadcrumb">
      <Link to={`/settings/${encodeURIComponent(table)}`} className="text-link hover:underline">
        {resourceTitle(table)}
      </Link>
      <span className="text-fg-subtle"> / </span>
      <span>{last}</span>
    </nav>
  );
}

/** /settings/{table}/new: the picker grid, then the editor of the chosen spec type (straight to it when there is one). */
function NewResource({ type }: { type: ResourceType }) {
  const only = type.specTypes.length === 1 ? type.specTypes[0] : undefined;
  const [specType, setSpecType] = useState<SpecType | undefined>(only);
  if (!specType) return <TypePickerGrid type={type} onPick={setSpecType} />;
  return (
    <ResourceEditor
      key={specType.id}
      type={type}
      specType={specType}
      initial={newResource(type, specType)}
      onBack={only ? undefined : () => setSpecType(undefined)}
    />
  );
}

function ExistingResource({ type, resource }: { type: ResourceType; resource: EditableResource }) {
  const [params, update] = useUrlParams();
  const requested = params.get('tab');
  const active = type.tabs.find((tab) => tab === requested) ?? 'Spec';
  const id = resource.id ?? '';
  return (
    <div className="flex flex-col gap-4">
      {type.tabs.length > 1 ? (
        <Tabs
          label="Resource"
          tabs={type.tabs}
          active={active}
          onChange={(tab) => update({ tab: tab === 'Spec' ? undefined : tab }, ['pageIndex'])}
        />
      ) : null}
      {active === 'Spec' ? (
        isEditable(resource) ? (
          <ResourceEditor type={type} specType={specTypeOf(type, resource.spec)} initial={resource} />
        ) : (
          <ReadOnlyResource type={type} resource={resource} />
        )
      ) : null}
      {active === 'Members' ? <TeamMembersPanel teamId={id} /> : null}
      {active === 'Job History' ? (
        <JobHistoryTable
          id={`job-history-${type.table}`}
          fixed={{
            resource_id: `eq.${id}`,
            ...(type.jobResourceType ? { resource_type: `eq.${type.jobResourceType}` } : {}),
          }}
        />
      ) : null}
    </div>
  );
}

function LoadedResource({ type, id }: { type: ResourceType; id: string }) {
  const query = useResource(type, id, isUuid(id));
  const title = query.data?.name ?? id;
  let body: React.ReactNode;
  if (query.isPending && query.fetchStatus !== 'idle') body = <Skeleton label="Loading resource" />;
  else if (query.isError) body = <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data) body = <EmptyState title={NO_RESOURCES} />;
  else body = <ExistingResource key={query.data.updated_at ?? id} type={type} resource={query.data} />;
  return (
    <PageShell titleText={`${type.title} / ${title}`} title={<Breadcrumb table={type.table} last={title} />}>
      <div className="p-4">{body}</div>
    </PageShell>
  );
}

/**
 * The generic detail of a schema-driven resource (/settings/{table}/{id}, 000 §2, 001 §2): breadcrumb,
 * tabs Spec / Members / Job History by type, the edit form (or a read-only view for resources managed
 * elsewhere), 'No resources found' when there is none; `new` opens the type picker grid.
 */
export function ResourceDetailPage() {
  const { table = '', id = '' } = useParams();
  const type = resourceType(table);
  if (!type) {
    return (
      <PageShell titleText={resourceTitle(table)} title={<Breadcrumb table={table} last={id} />}>
        <EmptyState title={NO_RESOURCES} />
      </PageShell>
    );
  }
  if (id === 'new') {
    return (
      <PageShell titleText={`${type.title} / New`} title={<Breadcrumb table={table} last="New" />}>
        <div className="p-4">
          <NewResource type={type} />
        </div>
      </PageShell>
    );
  }
  return <LoadedResource key={`${table}/${id}`} type={type} id={id} />;
}
