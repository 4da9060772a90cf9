import { useState } from 'react';
import { PageShell } from '../../../components/page-shell/page-shell';
import { PrimaryActionButton } from '../../../components/primary-action-button';
import { useCan } from '../../../lib/api/shell-queries';
import type { PermissionRow } from '../api/permissions';
import { PermissionDialog } from '../components/permission-dialog';
import { PermissionsTable } from '../components/permissions-table';

/**
 * /settings/permissions (000 §2, 001 §2): the server-paginated permissions table; 'Add Permission' for
 * people with write access (000 §2) — writing a permission row grants access, so the server asks write on
 * `rbac`, not the matrix's `permissions` column that editors hold; a row opens Edit Permission (read-only
 * without it).
 */
export function PermissionsPage() {
  const canWrite = useCan({ resource: 'rbac', action: 'write' });
  const [open, setOpen] = useState<{ row: PermissionRow | null } | null>(null);
  return (
    <PageShell
      title="Permissions"
      extra={
        canWrite ? (
          <PrimaryActionButton onClick={() => setOpen({ row: null })}>Add Permission</PrimaryActionButton>
        ) : null
      }
    >
      <div className="flex flex-col gap-4 p-4">
        <PermissionsTable onRowClick={(row) => setOpen({ row })} />
      </div>
      <PermissionDialog
        open={open !== null}
        row={open?.row ?? null}
        canWrite={canWrite}
        onClose={() => setOpen(null)}
      />
    </PageShell>
  );
}
