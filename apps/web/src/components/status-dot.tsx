import { clsx } from 'clsx';

/** The dot colours of 001 §4: red, gray, orange, or green for everything else. */
export type DotColour = 'red' | 'gray' | 'orange' | 'green';

/** degraded, missing, unhealthy → red; unknown, suspended → gray; warning, warn → orange; else green. */
export function statusDotColour(status: string | null | undefined): DotColour {
  const value = (status ?? '').toLowerCase();
  if (['degraded', 'missing', 'unhealthy'].includes(value)) return 'red';
  if (['unknown', 'suspended'].includes(value)) return 'gray';
  if (['warning', 'warn'].includes(value)) return 'orange';
  return 'green';
}

const CLASSES: Record<DotColour, string> = {
  red: 'bg-status-unhealthy',
  gray: 'bg-status-unknown',
  orange: 'bg-status-warning',
  green: 'bg-status-healthy',
};

/** A small round status indicator. */
export function StatusDot({ status }: { status?: string | null }) {
  const colour = statusDotColour(status);
  return (
    <span
      title={status ?? undefined}
      data-colour={colour}
      className={clsx('inline-block size-2.5 shrink-0 rounded-full', CLASSES[colour])}
    />
  );
}
