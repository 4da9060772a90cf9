import { ADMIN_MESSAGES, type EnvVarSource, formatEnvVar, parseEnvVar, SECRET_MASK } from '@mc/contracts';

const SOURCES: ReadonlyArray<{ kind: EnvVarSource['kind']; label: string }> = [
  { kind: 'static', label: 'Static Value' },
  { kind: 'configmap', label: 'Config Map' },
  { kind: 'secret', label: 'Secret' },
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
        <select
          aria-label={`${label} source`}
          className="rounded border border-border-strong px-2 py-1.5 text-sm"
          value={source.kind}
          onChange={(event) => changeKind(event.target.value as EnvVarSource['kind'])} // options are the three kinds
        >
          {SOURCES.map((option) => (
            <option key={option.kind} value={option.kind}>
              {option.label}
            </option>
          ))}
        </select>
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
