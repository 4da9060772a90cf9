import { Spinner } from './spinner';

/**
 * The Cancel and primary buttons that end a create/edit dialog (001 §4), the primary one disabled and
 * spinning (named `busyLabel`, e.g. "Saving…") while the save runs. Without `onSubmit` the primary
 * button submits its form — the enclosing one, or the one named by `form` when it sits in a footer.
 */
export function DialogActions({
  onCancel,
  submitLabel,
  busyLabel,
  busy,
  disabled = false,
  onSubmit,
  form,
}: {
  onCancel: () => void;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  disabled?: boolean;
  onSubmit?: () => void;
  form?: string;
}) {
  return (
    <>
      <button type="button" className="rounded border border-border-strong px-3 py-1.5 text-sm" onClick={onCancel}>
        Cancel
      </button>
      <button
        type={onSubmit ? 'button' : 'submit'}
        form={form}
        disabled={disabled || busy}
        onClick={onSubmit}
        className="inline-flex items-center gap-2 rounded bg-primary px-3 py-1.5 text-sm text-on-primary hover:bg-primary-hover disabled:opacity-60"
      >
        {busy ? <Spinner label={busyLabel} className="size-3" /> : null}
        {submitLabel}
      </button>
    </>
  );
}
