import { type FormEvent, useRef, useState } from 'react';
import type { Flow, UiNode, UiText } from '../api/ory';
import { runWebauthnCeremony, WEBAUTHN_ANSWER_FIELD } from '../api/webauthn-ceremony';

function Messages({ messages }: { messages?: UiText[] }) {
  if (!messages?.length) return null;
  return (
    <div className="space-y-1">
      {messages.map((m) => (
        <p
          key={`${m.id}-${m.text}`}
          data-testid={`ui-message-${m.id}`}
          className={
            m.type === 'error'
              ? 'text-sm text-status-unhealthy'
              : m.type === 'success'
                ? 'text-sm text-status-healthy'
                : 'text-sm text-fg'
          }
          role={m.type === 'error' ? 'alert' : undefined}
        >
          {m.text}
        </p>
      ))}
    </div>
  );
}

function NodeView({
  node,
  index,
  submitting,
  prefill,
  onTrigger,
}: {
  node: UiNode;
  index: number;
  submitting: boolean;
  prefill?: Record<string, string>;
  onTrigger: (node: UiNode, form: HTMLFormElement | null) => void;
}) {
  const a = node.attributes;
  const label = node.meta.label?.text;
  if (node.type === 'img') return <img src={a.src} alt={label ?? ''} className="mx-auto h-48 w-48" />;
  if (node.type === 'text') {
    const secrets = a.text?.context?.secrets;
    return (
      <div className="space-y-1">
        {label && <p className="text-sm text-fg-muted">{label}</p>}
        {Array.isArray(secrets) ? (
          <ul className="grid grid-cols-2 gap-1 font-mono text-sm" data-testid={a.id}>
            {secrets.map((s: { text: string }) => (
              <li key={s.text}>{s.text}</li>
            ))}
          </ul>
        ) : (
          <code className="block break-all rounded bg-surface-hover p-2 text-sm" data-testid={a.id}>
            {a.text?.text}
          </code>
        )}
      </div>
    );
  }
  if (node.type !== 'input' || !a.name) return null;
  if (a.type === 'hidden') return <input type="hidden" name={a.name} value={String(a.value ?? '')} />;
  if (a.type === 'button' && a.onclickTrigger) {
    return (
      <button
        type="button"
        name={a.name}
        disabled={submitting || a.disabled}
        onClick={(event) => onTrigger(node, event.currentTarget.form)}
        className="w-full rounded border border-primary px-4 py-2 text-sm font-medium text-link hover:bg-primary-soft disabled:opacity-60"
      >
        {label ?? a.name}
      </button>
    );
  }
  if (a.type === 'submit' || a.type === 'button') {
    return (
      <button
        type="submit"
        name={a.name}
        value={String(a.value ?? '')}
        disabled={submitting || a.disabled}
        className="w-full rounded bg-primary px-4 py-2 text-sm font-medium text-on-primary hover:bg-primary-hover disabled:opacity-60"
      >
        {label ?? String(a.value ?? 'Submit')}
      </button>
    );
  }
  const id = `node-${index}-${a.name}`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-fg">
        {label ?? a.name}
      </label>
      <input
        id={id}
        name={a.name}
        type={a.type}
        required={a.required}
        autoComplete={a.autocomplete}
        disabled={a.disabled}
        defaultValue={prefill?.[a.name] ?? (typeof a.value === 'string' ? a.value : undefined)}
        className="block w-full rounded border border-border-strong px-3 py-2 text-sm focus:border-primary focus:outline-none"
      />
      <Messages messages={node.messages} />
    </div>
  );
}

/**
 * Renders a flow's form from its ui nodes (000 §2: auth forms are driven by the provider's node
 * definitions). `groups` limits it to some node groups (the settings sections); the csrf node and
 * other `default` nodes always come along. The clicked button's name and value are submitted.
 */
export function FlowForm({
  flow,
  onSubmit,
  submitting,
  groups,
  prefill,
  showMessages = true,
}: {
  flow: Flow;
  onSubmit: (values: Record<string, unknown>) => void;
  submitting: boolean;
  groups?: string[];
  prefill?: Record<string, string>;
  showMessages?: boolean;
}) {
  const clicked = useRef<HTMLButtonElement | null>(null);
  const [keyError, setKeyError] = useState<string>();
  const nodes = flow.ui.nodes.filter((n) => !groups || n.group === 'default' || groups.includes(n.group));
  const handle = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values: Record<string, unknown> = {};
    for (const [key, value] of new FormData(event.currentTarget)) if (typeof value === 'string') values[key] = value;
    const button = clicked.current;
    if (button?.name) values[button.name] = button.value;
    onSubmit(values);
  };
  // A WebAuthn trigger runs the ceremony, then submits the form with the answer (method webauthn).
  const trigger = (node: UiNode, form: HTMLFormElement | null) => {
    const call = node.attributes.onclickTrigger ?? '';
    const field = WEBAUTHN_ANSWER_FIELD[call];
    if (!form || !field || !node.attributes.onclick) return;
    setKeyError(undefined);
    runWebauthnCeremony(call, node.attributes.onclick).then(
      (answer) => {
        const values: Record<string, unknown> = {};
        for (const [key, value] of new FormData(form)) if (typeof value === 'string') values[key] = value;
        onSubmit({ ...values, [field]: answer, method: 'webauthn' });
      },
      () => setKeyError('The security key did not answer. Please try again.'),
    );
  };
  return (
    <form
      onSubmit={handle}
      onClickCapture={(event) => {
        const target = event.target as HTMLElement; // any element of the form; only buttons matter
        if (target instanceof HTMLButtonElement) clicked.current = target;
      }}
      className="space-y-4"
      noValidate
    >
      {showMessages && <Messages messages={flow.ui.messages} />}
      {keyError && (
        <p role="alert" className="text-sm text-status-unhealthy">
          {keyError}
        </p>
      )}
      {nodes.map((node, index) => (
        <NodeView
          key={`${node.group}-${node.attributes.name ?? node.attributes.id}-${String(node.attributes.value ?? index)}`}
          node={node}
          index={index}
          submitting={submitting}
          prefill={prefill}
          onTrigger={trigger}
        />
      ))}
    </form>
  );
}

/** The page-level messages of a flow, for pages that render them apart from the form. */
export { Messages as FlowMessages };
