import { ADMIN_MESSAGES } from '@mc/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { useDeleteAgent, useUpdateAgent } from '../api/agent-mutations';
import type { AgentRow } from '../api/get-agents';
import { PropertiesEditor, pairsFrom, pairsToMap } from './properties-editor';

/**
 * One agent: its description and properties, editable by those who may write agents, and a soft
 * delete that can also clean up what the agent reported (000 §4).
 */
export function AgentEditModal({
  agent,
  canWrite,
  onClose,
}: {
  agent: AgentRow;
  canWrite: boolean;
  onClose: () => void;
}) {
  const [description, setDescription] = useState(agent.description ?? '');
  const [pairs, setPairs] = useState(() => pairsFrom(agent.properties));
  const [confirming, setConfirming] = useState(false);
  const [cleanup, setCleanup] = useState(false);
  const update = useUpdateAgent(agent.id, agent.name);
  const remove = useDeleteAgent();
  const save = () =>
    update.mutate({ description: description.trim() || null, properties: pairsToMap(pairs) }, { onSuccess: onClose });
  return (
    <>
      <Modal open onClose={onClose} title={`Edit ${agent.name}`} size="small">
        <form
          noValidate
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <fieldset disabled={!canWrite} className="flex flex-col gap-3">
            <div className="flex flex-col gap-1">
              <label htmlFor="agent-description" className="text-sm font-medium text-fg">
                Description
              </label>
              <textarea
                id="agent-description"
                rows={2}
                className="w-full rounded border border-border-strong px-2 py-1.5 text-sm"
                value={description}
                onChange={(event) => setDescription(event.target.value)}
              />
            </div>
            <PropertiesEditor pairs={pairs} disabled={!canWrite} onChange={setPairs} />
          </fieldset>
          <div className="flex items-center gap-2 border-t border-border pt-3">
            {canWrite ? (
              <button
                type="button"
                className="rounded border border-status-unhealthy/40 px-3 py-1.5 text-sm text-status-unhealthy hover:bg-status-unhealthy-soft"
                onClick={() => setConfirming(true)}
              >
                Delete
              </button>
            ) : null}
            <span className="flex-1" />
            <button type="button" className="rounded border border-border-strong px-3 py-1.5 text-sm" onClick={onClose}>
              Cancel
            </button>
            {canWrite ? (
              <button
                type="submit"
                disabled={update.isPending}
                className="inline-flex items-center gap-2 rounded bg-primary px-3 py-1.5 text-sm text-on-primary hover:bg-primary-hover disabled:opacity-70"
              >
                {update.isPending ? <Spinner label="Saving…" className="size-3" /> : null}
                Save
              </button>
            ) : null}
          </div>
        </form>
      </Modal>
      <ConfirmDialog
        open={confirming}
        title="Delete agent"
        busy={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(
            { id: agent.id, name: agent.name, cleanup },
            {
              onSuccess: () => {
                setConfirming(false);
                onClose();
              },
            },
          )
        }
        description={
          <div className="flex flex-col gap-2">
            <p>{ADMIN_MESSAGES.confirmDelete(agent.name)}</p>
            <label className="flex items-start gap-2">
              <input type="checkbox" checked={cleanup} onChange={(event) => setCleanup(event.target.checked)} />
              <span>
                Clean up
                <span className="block text-xs text-fg-subtle">{ADMIN_MESSAGES.cleanupHint}</span>
              </span>
            </label>
          </div>
        }
      />
    </>
  );
}
