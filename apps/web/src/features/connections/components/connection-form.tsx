import { type ConnectionInput, type ConnectionTypeDefinition, fieldVisible } from '@mc/contracts';
import type { ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Spinner } from '../../../components/spinner';
import { useConnectionNames } from '../api/get-connections';
import { ConnectionFieldInput } from './connection-field-input';
import { type ConnectionFormValues, connectionBody, connectionResolver } from './connection-form-values';

const inputClass =
  'w-full rounded border border-border-strong px-2 py-1.5 text-sm disabled:bg-surface-hover aria-[invalid=true]:border-status-unhealthy';

/**
 * The form of one connection type (001 §3, §5): name and namespace (disabled when editing), then the
 * type's fields, those with a condition (kubernetes method, git authentication) only when it holds.
 * Messages show once a field is touched, all of them on submit; the body goes out in the API's shape.
 * Test sends the values as they are in the form (not the saved ones), after the same validation.
 */
export function ConnectionForm({
  definition,
  initial,
  editing,
  readOnly,
  busy,
  actions,
  testing,
  onTest,
  onSubmit,
  onCancel,
}: {
  definition: ConnectionTypeDefinition;
  initial: ConnectionFormValues;
  editing: boolean;
  readOnly: boolean;
  busy: boolean;
  /** Extra buttons beside Save (Delete, Change type). */
  actions?: ReactNode;
  /** A test of the values being edited is running. */
  testing?: boolean;
  /** Tests the form's current values (validated like a save); no Test button without it. */
  onTest?: (body: ConnectionInput) => void;
  onSubmit: (body: ConnectionInput) => void;
  onCancel: () => void;
}) {
  const form = useForm<ConnectionFormValues>({
    defaultValues: initial,
    resolver: connectionResolver,
    mode: 'onTouched',
  });
  const values = useWatch({ control: form.control }) as ConnectionFormValues; // the whole form, all fields registered with defaults
  const { data: connections = [] } = useConnectionNames();
  const { errors } = form.formState;
  return (
    <form
      noValidate
      aria-label={`${definition.label} connection`}
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((submitted) => onSubmit(connectionBody(submitted)))}
    >
      <fieldset disabled={readOnly} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor="connection-name" className="text-sm font-medium text-fg">
            Name *
          </label>
          <input
            id="connection-name"
            className={inputClass}
            disabled={editing}
            aria-invalid={Boolean(errors.name)}
            {...form.register('name')}
          />
          {errors.name?.message ? <p className="text-xs text-status-unhealthy">{errors.name.message}</p> : null}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="connection-namespace" className="text-sm font-medium text-fg">
            Namespace *
          </label>
          <input
            id="connection-namespace"
            className={inputClass}
            disabled={editing}
            aria-invalid={Boolean(errors.namespace)}
            {...form.register('namespace')}
          />
          {errors.namespace?.message ? (
            <p className="text-xs text-status-unhealthy">{errors.namespace.message}</p>
          ) : null}
        </div>
        {definition.fields
          .filter((field) => fieldVisible(field, values, definition.fields))
          .map((field) => (
            <div key={field.path} className={field.kind === 'secret' ? 'sm:col-span-2' : undefined}>
              <ConnectionFieldInput field={field} control={form.control} connections={connections} />
            </div>
          ))}
      </fieldset>
      <div className="flex flex-wrap items-center justify-end gap-2 border-t border-border pt-3">
        {actions}
        {onTest ? (
          <button
            type="button"
            disabled={testing}
            className="inline-flex items-center gap-2 rounded border border-border-strong px-3 py-1.5 text-sm hover:bg-surface-muted"
            onClick={form.handleSubmit((current) => onTest(connectionBody(current)))}
          >
            {testing ? <Spinner label="Testing…" className="size-3" /> : null}
            Test
          </button>
        ) : null}
        <span className="flex-1" />
        <button type="button" className="rounded border border-border-strong px-3 py-1.5 text-sm" onClick={onCancel}>
          Cancel
        </button>
        {readOnly ? null : (
          <button
            type="submit"
            disabled={busy}
            className="inline-flex items-center gap-2 rounded bg-primary px-3 py-1.5 text-sm text-on-primary hover:bg-primary-hover disabled:opacity-70"
          >
            {busy ? <Spinner label="Saving…" className="size-3" /> : null}
            Save
          </button>
        )}
      </div>
    </form>
  );
}
