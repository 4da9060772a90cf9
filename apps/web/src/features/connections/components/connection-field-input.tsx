import { type ConnectionField, FIELD_REQUIRED } from '@mc/contracts';
import type { ReactNode } from 'react';
import { type Control, Controller, type Path } from 'react-hook-form';
import { Select } from '../../../components/ui/select';
import type { ConnectionFormValues } from './connection-form-values';
import { EnvVarInput } from './env-var-input';

const inputClass =
  'w-full rounded border border-border-strong px-2 py-1.5 text-sm aria-[invalid=true]:border-status-unhealthy';

/** Secret-like fields whose values are documents (certificates, kubeconfigs, service-account JSON). */
const MULTILINE = new Set(['certificate', 'properties.credentials']);

/** Where connection fields refer to another connection: `connection://<type>/<name>` choices. */
export interface ConnectionChoice {
  name: string;
  namespace: string;
  type: string;
}

/**
 * A URL problem names its field, as the server's answer does ('URL: not a valid Postgres URL; …');
 * the spec's own texts ('This field is required') stay exactly as written.
 */
function namedMessage(path: string, label: string, message: string): string {
  return path === 'url' && message !== FIELD_REQUIRED ? `${label}: ${message}` : message;
}

/** A field's message, once it has one: what screen readers read with the field (role alert, its id). */
function FieldMessage({ id, path, label, message }: { id: string; path: string; label: string; message?: string }) {
  return message ? (
    <p id={id} role="alert" className="text-xs text-status-unhealthy">
      {namedMessage(path, label, message)}
    </p>
  ) : null;
}

/**
 * One field of a connection type, drawn by its kind: text, number (typed as text so 'This field must
 * be a number' can show), switch, select, a secret with its env-var source, or a connection reference.
 * Its message shows once the field is touched or the form submitted (001 §5).
 */
export function ConnectionFieldInput({
  field,
  control,
  connections,
}: {
  field: ConnectionField;
  control: Control<ConnectionFormValues>;
  connections: readonly ConnectionChoice[];
}) {
  const id = `connection-${field.path.replace('.', '-')}`;
  const errorId = `${id}-error`;
  const label = `${field.label}${field.required ? ' *' : ''}`;
  return (
    <Controller
      control={control}
      name={field.path as Path<ConnectionFormValues>} // every field path is a path of the form values
      render={({ field: input, fieldState }) => {
        const invalid = Boolean(fieldState.error);
        // The message names the field for screen readers too: each input is described by it.
        const described = invalid ? errorId : undefined;
        const text = typeof input.value === 'string' ? input.value : '';
        let editor: ReactNode;
        if (field.kind === 'switch') {
          return (
            <label className="flex items-center gap-2 text-sm text-fg">
              <input
                id={id}
                type="checkbox"
                checked={input.value === true}
                onChange={(event) => input.onChange(event.target.checked)}
                onBlur={input.onBlur}
              />
              {field.label}
            </label>
          );
        }
        if (field.kind === 'secret') {
          editor = (
            <EnvVarInput
              id={id}
              label={field.label}
              value={text}
              multiline={MULTILINE.has(field.path)}
              invalid={invalid}
              describedBy={described}
              onChange={input.onChange}
              onBlur={input.onBlur}
            />
          );
        } else if (field.kind === 'select' || field.kind === 'connection') {
          const options =
            field.kind === 'select'
              ? (field.options ?? []).map((option) => ({ value: option, label: option }))
              : connections.map((choice) => ({
                  value: `connection://${choice.type}/${choice.name}`,
                  label: `${choice.name} (${choice.type}, ${choice.namespace})`,
                }));
          const choices = [
            ...(field.default === undefined ? [{ value: '', label: 'Select…' }] : []),
            ...(text && !options.some((option) => option.value === text) ? [{ value: text, label: text }] : []),
            ...options,
          ];
          // The Select draws its own label (a button is named by its value and its label).
          return (
            <div className="flex flex-col gap-1">
              <Select
                label={label}
                value={text}
                choices={choices}
                onChange={input.onChange}
                onBlur={input.onBlur}
                isInvalid={invalid}
                describedBy={described}
                className="[&>label]:font-medium"
              />
              {field.hint ? <p className="text-xs text-fg-subtle">{field.hint}</p> : null}
              <FieldMessage id={errorId} path={field.path} label={field.label} message={fieldState.error?.message} />
            </div>
          );
        } else if (field.kind === 'textarea') {
          editor = (
            <textarea
              id={id}
              rows={4}
              aria-invalid={invalid}
              aria-describedby={described}
              className={inputClass}
              {...input}
              value={text}
            />
          );
        } else {
          editor = (
            <input
              id={id}
              inputMode={field.kind === 'number' ? 'numeric' : undefined}
              aria-invalid={invalid}
              aria-describedby={described}
              className={inputClass}
              {...input}
              value={text}
            />
          );
        }
        return (
          <div className="flex flex-col gap-1">
            <label htmlFor={id} className="text-sm font-medium text-fg">
              {label}
            </label>
            {editor}
            {field.hint ? <p className="text-xs text-fg-subtle">{field.hint}</p> : null}
            <FieldMessage id={errorId} path={field.path} label={field.label} message={fieldState.error?.message} />
          </div>
        );
      }}
    />
  );
}
