import { ADMIN_MESSAGES, type AgentGenerated, agentGenerateSchema } from '@mc/contracts';
import { useState } from 'react';
import { copyToClipboard } from '../../../components/clipboard';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { useGenerateAgent } from '../api/agent-mutations';
import { PropertiesEditor, type PropertyPair, pairsToMap } from './properties-editor';

const inputClass =
  'w-full rounded border border-border-strong px-2 py-1.5 text-sm aria-[invalid=true]:border-status-unhealthy';

/** A value shown once with a copy button: the token and the install command. */
function OnceValue({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <div className="flex items-start gap-2">
        <textarea
          id={id}
          readOnly
          rows={label === 'Token' ? 1 : 4}
          className="min-w-0 flex-1 resize-none rounded bg-surface-inverse p-2 font-mono text-xs text-fg-inverse"
          value={value}
        />
        <button
          type="button"
          className="rounded border border-border-strong px-2 py-1 text-xs"
          onClick={() => void copyToClipboard(value)}
        >
          Copy {label.toLowerCase()}
        </button>
      </div>
    </div>
  );
}

/**
 * Registers an agent (POST /api/agent/generate) and shows its access token and install command this
 * one time: the server keeps only the token's hash, so closing the dialog discards them.
 */
export function GenerateAgentModal({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [pairs, setPairs] = useState<PropertyPair[]>([]);
  const [touched, setTouched] = useState(false);
  const [generated, setGenerated] = useState<AgentGenerated>();
  const generate = useGenerateAgent();
  const parsed = agentGenerateSchema.safeParse({ name, description: description || undefined });
  const nameError =
    touched && !parsed.success ? parsed.error.issues.find((i) => i.path[0] === 'name')?.message : undefined;

  if (generated) {
    return (
      <Modal open onClose={onClose} title={`Agent ${generated.name} registered`} size="medium">
        <div className="flex flex-col gap-3">
          <p
            role="status"
            className="rounded border border-status-warning/40 bg-status-warning-soft px-3 py-2 text-sm text-status-warning"
          >
            {ADMIN_MESSAGES.tokenOnce}
          </p>
          <OnceValue id="agent-token" label="Token" value={generated.access_token} />
          <OnceValue id="agent-install-command" label="Install command" value={generated.install_command} />
          <div className="flex justify-end border-t border-border pt-3">
            <button type="button" className="rounded bg-primary px-3 py-1.5 text-sm text-on-primary" onClick={onClose}>
              Done
            </button>
          </div>
        </div>
      </Modal>
    );
  }
  return (
    <Modal open onClose={onClose} title="Add Agent" size="small">
      <form
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!parsed.success) return;
          const properties = pairsToMap(pairs);
          generate.mutate(
            { ...parsed.data, ...(Object.keys(properties).length ? { properties } : {}) },
            { onSuccess: setGenerated },
          );
        }}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor="agent-name" className="text-sm font-medium text-fg">
            Name *
          </label>
          <input
            id="agent-name"
            className={inputClass}
            aria-invalid={Boolean(nameError)}
            value={name}
            onChange={(event) => setName(event.target.value)}
            onBlur={() => setTouched(true)}
          />
          {nameError ? <p className="text-xs text-status-unhealthy">{nameError}</p> : null}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="agent-new-description" className="text-sm font-medium text-fg">
            Description
          </label>
          <input
            id="agent-new-description"
            className={inputClass}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>
        <PropertiesEditor pairs={pairs} onChange={setPairs} />
        <div className="flex justify-end gap-2 border-t border-border pt-3">
          <button type="button" className="rounded border border-border-strong px-3 py-1.5 text-sm" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            disabled={generate.isPending}
            className="inline-flex items-center gap-2 rounded bg-primary px-3 py-1.5 text-sm text-on-primary hover:bg-primary-hover disabled:opacity-70"
          >
            {generate.isPending ? <Spinner label="Generating…" className="size-3" /> : null}
            Generate
          </button>
        </div>
      </form>
    </Modal>
  );
}
