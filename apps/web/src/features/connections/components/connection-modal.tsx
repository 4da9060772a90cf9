import { ADMIN_MESSAGES, type ConnectionInput, type ConnectionTypeDefinition, connectionType } from '@mc/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorPanel } from '../../../components/error-panel';
import { Modal } from '../../../components/modal';
import { Skeleton } from '../../../components/skeleton';
import { useCan } from '../../../lib/api/shell-queries';
import { useDeleteConnection } from '../api/delete-connection';
import { useConnection } from '../api/get-connection';
import { useSaveConnection } from '../api/save-connection';
import { useTestConnection } from '../api/test-connection';
import { ConnectionForm } from './connection-form';
import { connectionToValues, emptyConnectionValues } from './connection-form-values';
import { ConnectionTestOutcome } from './connection-test-result';
import { ConnectionTypePicker } from './connection-type-picker';

/**
 * Creating a connection (pick a type, then its form, which can be tested before saving) or editing one
 * (its form with masked secrets, Test of the edited values, and Delete). Without write access on
 * connections the form is read-only and has no actions.
 */
export function ConnectionModal({ id, onClose }: { id?: string; onClose: () => void }) {
  const canWrite = useCan({ resource: 'connections', action: 'write' });
  const [picked, setPicked] = useState<ConnectionTypeDefinition>();
  const [confirming, setConfirming] = useState(false);
  const existing = useConnection(id);
  const save = useSaveConnection(id);
  const remove = useDeleteConnection();
  const test = useTestConnection();

  const current = existing.data;
  const definition = id ? (existing.data ? connectionType(existing.data.type) : undefined) : picked;
  const title = id
    ? `Edit ${existing.data?.name ?? 'connection'}`
    : picked
      ? `Add ${picked.label} connection`
      : 'Add Connection';
  const submit = (body: ConnectionInput) => save.mutate(body, { onSuccess: onClose });

  let content: React.ReactNode;
  if (id && existing.isPending) content = <Skeleton label="Loading connection" />;
  else if (id && existing.error)
    content = <ErrorPanel error={existing.error} onRetry={() => void existing.refetch()} />;
  else if (!definition) {
    content = id ? (
      <p className="text-sm text-fg">Unknown connection type '{existing.data?.type}'</p>
    ) : (
      <ConnectionTypePicker onPick={setPicked} />
    );
  } else {
    content = (
      <div className="flex flex-col gap-3">
        <ConnectionForm
          key={definition.type}
          definition={definition}
          initial={existing.data ? connectionToValues(existing.data) : emptyConnectionValues(definition)}
          editing={Boolean(id)}
          readOnly={!canWrite}
          busy={save.isPending}
          onSubmit={submit}
          onCancel={onClose}
          testing={test.isPending}
          {...(canWrite ? { onTest: (body: ConnectionInput) => test.mutate({ ...(id ? { id } : {}), body }) } : {})}
          actions={
            id && canWrite ? (
              <button
                type="button"
                className="rounded border border-status-unhealthy/40 px-3 py-1.5 text-sm text-status-unhealthy hover:bg-status-unhealthy-soft"
                onClick={() => setConfirming(true)}
              >
                Delete
              </button>
            ) : !id ? (
              <button type="button" className="text-sm text-link" onClick={() => setPicked(undefined)}>
                Change type
              </button>
            ) : null
          }
        />
        <ConnectionTestOutcome result={test.data} error={test.error ?? undefined} />
      </div>
    );
  }

  return (
    <>
      <Modal open onClose={onClose} title={title} size="large" expandable>
        {content}
      </Modal>
      {id && current ? (
        <ConfirmDialog
          open={confirming}
          title="Delete connection"
          description={ADMIN_MESSAGES.confirmDelete(current.name)}
          busy={remove.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            remove.mutate(
              { id, name: current.name },
              {
                onSuccess: () => {
                  setConfirming(false);
                  onClose();
                },
              },
            )
          }
        />
      ) : null}
    </>
  );
}
