import { EmptyState } from '../../../components/empty-state';
import { ErrorPanel } from '../../../components/error-panel';
import { Modal } from '../../../components/modal';
import { Skeleton } from '../../../components/skeleton';
import { useFormatDateTime } from '../../../lib/date-format';
import type { ConfigChange } from '../api/catalog-types';
import { useConfigChange } from '../api/get-config-changes';
import { AttachEvidence } from './attach-evidence';
import { ConfigDocument } from './config-document';
import { DiffViewer } from './diff-viewer';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="text-sm text-fg">{children || '—'}</dd>
    </div>
  );
}

function hasContent(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/** The item a change row names, whichever shape the search answered. */
export function changeItemName(change: ConfigChange): string {
  return change.name ?? change.config_id;
}

/**
 * One change opened from a changes table: what changed, when and by whom, its diff side by side or
 * unified (the stored unified diff), its JSON patch and details, and Attach as Evidence.
 */
export function ChangeDetailModal({ change, onClose }: { change: ConfigChange; onClose: () => void }) {
  const detail = useConfigChange(change.id);
  const format = useFormatDateTime();
  const full = detail.data;
  let body: React.ReactNode;
  if (detail.isPending) body = <Skeleton />;
  else if (detail.isError) body = <ErrorPanel error={detail.error} onRetry={() => void detail.refetch()} />;
  else if (!full) body = <EmptyState title="This change no longer exists" />;
  else {
    body = (
      <div className="flex flex-col gap-4">
        {full.diff ? (
          <section aria-label="Diff" className="flex flex-col gap-1">
            <h3 className="text-sm font-semibold">Diff</h3>
            <DiffViewer diff={full.diff} />
          </section>
        ) : null}
        {hasContent(full.patches) ? (
          <section aria-label="Patch" className="flex flex-col gap-1">
            <h3 className="text-sm font-semibold">Patch</h3>
            <ConfigDocument value={full.patches} height={240} />
          </section>
        ) : null}
        {hasContent(full.details) ? (
          <section aria-label="Details" className="flex flex-col gap-1">
            <h3 className="text-sm font-semibold">Details</h3>
            <ConfigDocument value={full.details} height={240} />
          </section>
        ) : null}
        {!full.diff && !hasContent(full.patches) && !hasContent(full.details) ? (
          <EmptyState title="This change has no diff or details" />
        ) : null}
      </div>
    );
  }
  return (
    <Modal
      open
      onClose={onClose}
      title={`${change.change_type ?? 'Change'} — ${changeItemName(change)}`}
      size="large"
      expandable
    >
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <dl className="grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-4">
            <Fact label="Severity">{change.severity}</Fact>
            <Fact label="Source">{change.source}</Fact>
            <Fact label="Created">{format(change.created_at)}</Fact>
            <Fact label="Count">
              {change.count && change.count > 1
                ? `${change.count} times since ${format(change.first_observed ?? change.created_at)}`
                : '1'}
            </Fact>
            <Fact label="By">{change.external_created_by ?? change.created_by}</Fact>
            <Fact label="Summary">{change.summary}</Fact>
          </dl>
          <AttachEvidence
            target={{
              type: 'config_change',
              config_change_id: change.id,
              config_id: change.config_id,
              description: `${change.change_type ?? 'Change'} of ${changeItemName(change)}${change.summary ? `: ${change.summary}` : ''}`,
            }}
          />
        </div>
        {body}
      </div>
    </Modal>
  );
}
