import { clsx } from 'clsx';
import { type ReactNode, useState } from 'react';
import { Spinner } from './spinner';

/** An icon button that is disabled and spins until its click action's promise settles (001 §4). */
export function AsyncIconButton({
  label,
  icon,
  onClick,
  className,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => Promise<unknown>;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await onClick();
    } catch {
      // the action reports its own failure (a toast); the button only needs to stop spinning
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={busy}
      aria-busy={busy}
      onClick={run}
      className={clsx(
        'inline-flex size-8 items-center justify-center rounded hover:bg-surface-hover disabled:opacity-60',
        className,
      )}
    >
      {busy ? <Spinner label={`${label}…`} /> : icon}
    </button>
  );
}
