import { ADMIN_MESSAGES, type EnvVarSource, formatEnvVar, parseEnvVar, SECRET_MASK } from '@mc/contracts';
import { Select } from '../../../components/ui/select';

const SOURCES: ReadonlyArray<{ value: EnvVarSource['kind']; label: string }> = [
  { value: 'static', label: 'Static Value' },
  { value: 'configmap', label: 'Config Map' },
  { value: 'secret', label: 'Secret' },
];

const inputClass = 'w-full rounded border border-border-strong px-2 py-1.5 text-sm';

/**
 * A secret-like field with its env-var source (001 §3): a static value, or a key of a config map or
 * secret. The value is the one stored string (`secret://name/key` for references). A stored secret
 * arrives as the mask and is shown as such; typing replaces it, leaving it keeps the stored one.
 */
export function EnvVarInput({
  id,
  label,
  value,
  multiline = false,
  invalid = false,
  describedBy,
  onChange,
  onBlur,
}: {
  id: string;
  label: string;
  value: string;
  multiline?: boolean;
  invalid?: boolean;
  /** The id of the field's message, read with each input (aria-describedby). */
  describedBy?: string;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const source = parseEnvVar(value);
  const change = (next: EnvVarSource) => onChange(formatEnvVar(next));
  const changeKind = (kind: EnvVarSource['kind']) =>
    change(kind === 'static' ? { kind, value: '' } : { kind, name: '', key: '' });
  return (
    <div className="flex flex-col gap-1">
      <div className="flex gap-2">
        <Select
          label={`${label} source`}
          hideLabel
          className="shrink-0"
          value={source.kind}
          choices={SOURCES}
          onChange={(kind) => changeKind(kind as EnvVarSource['kind'])} // the choices are the three kinds
        />
        {source.kind === 'static' ? (
          multiline ? (
            <textarea
              id={id}
              rows={4}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              className={`${inputClass} font-mono`}
              value={source.value}
              onChange={(event) => change({ kind: 'static', value: event.target.value })}
              onBlur={onBlur}
            />
          ) : (
            <input
              id={id}
              type="password"
              autoComplete="new-password"
              aria-invalid={invalid}
              aria-describedby={describedBy}
              className={inputClass}
              value={source.value}
              onChange={(event) => change({ kind: 'static', value: event.target.value })}
              onBlur={onBlur}
            />
          )
        ) : (
          <>
            <input
              id={id}
              aria-label={`${label} ${source.kind === 'secret' ? 'secret' : 'config map'} name`}
              placeholder="Name"
              aria-invalid={invalid}
              aria-describedby={describedBy}
              className={inputClass}
              value={source.name}
              onChange={(event) => change({ ...source, name: event.target.value })}
              onBlur={onBlur}
            />
            <input
              aria-label={`${label} key`}
              placeholder="Key"
              aria-invalid={invalid}
              aria-describedby={describedBy}
              className={inputClass}
              value={source.key}
              onChange={(event) => change({ ...source, key: event.target.value })}
              onBlur={onBlur}
            />
          </>
        )}
      </div>
      {value === SECRET_MASK ? <p className="text-xs text-fg-subtle">{ADMIN_MESSAGES.secretKept}</p> : null}
    </div>
  );
}
