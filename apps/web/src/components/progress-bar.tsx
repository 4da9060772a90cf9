import { clampProgress } from '../lib/format';

/** A bar whose fill is clamped to 5–100 % so even 0 stays visible (001 §5). */
export function ProgressBar({ value, label }: { value: number; label?: string }) {
  const width = clampProgress(value);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuenow={width}
      aria-valuemin={0}
      aria-valuemax={100}
      className="h-2 w-full overflow-hidden rounded bg-surface-strong"
    >
      <div className="h-full rounded bg-primary" style={{ width: `${width}%` }} />
    </div>
  );
}
