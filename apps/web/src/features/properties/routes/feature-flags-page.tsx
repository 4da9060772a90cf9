import { disabledFeatures, type Property } from '@mc/contracts';
import { useState } from 'react';
import { ErrorPanel } from '../../../components/error-panel';
import { PageShell } from '../../../components/page-shell/page-shell';
import { useCan } from '../../../lib/api/shell-queries';
import { useProperties } from '../api/get-properties';
import { PropertiesTable } from '../components/properties-table';
import { PropertyModal } from '../components/property-modal';

/**
 * /settings/feature-flags (000 §2, 001 §6): the properties by name, what each flag turns off, and the
 * features off right now (children of a disabled parent included). Adding, editing and deleting need
 * write on feature_flags; every change refreshes the console's flags without a reload.
 */
export function FeatureFlagsPage() {
  const canWrite = useCan({ resource: 'feature_flags', action: 'write' });
  const properties = useProperties();
  const [open, setOpen] = useState<{ property?: Property } | null>(null);
  const off = [...disabledFeatures(properties.data ?? [])].sort();
  return (
    <PageShell
      title="Feature Flags"
      onRefresh={() => void properties.refetch()}
      loading={properties.isFetching}
      extra={
        canWrite ? (
          <button
            type="button"
            className="rounded bg-primary px-3 py-1.5 text-sm text-on-primary hover:bg-primary-hover"
            onClick={() => setOpen({})}
          >
            Add Property
          </button>
        ) : null
      }
    >
      <div className="flex min-h-0 flex-1 flex-col gap-3 p-4">
        <p className="text-sm text-fg" data-testid="disabled-features">
          {off.length ? `Disabled features: ${off.join(', ')}` : 'No feature is disabled.'}
        </p>
        {properties.error ? (
          <ErrorPanel error={properties.error} onRetry={() => void properties.refetch()} />
        ) : (
          <PropertiesTable
            rows={properties.data ?? []}
            loading={properties.isPending}
            onOpen={(property) => setOpen({ property })}
          />
        )}
      </div>
      {open ? (
        <PropertyModal
          key={open.property?.name ?? 'new'}
          property={open.property}
          canWrite={canWrite}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </PageShell>
  );
}
