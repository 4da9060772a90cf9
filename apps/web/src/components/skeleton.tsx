import { clsx } from 'clsx';

/** One grey bar standing in for text or a control while its data loads. */
export function SkeletonBar({ className }: { className?: string }) {
  return <div aria-hidden="true" className={clsx('h-4 animate-pulse rounded bg-surface-strong', className)} />;
}

/** How the loading area is laid out: lines of a detail page, rows of a list, or a chart's box. */
export type SkeletonShape = 'lines' | 'rows' | 'chart';

const LINE_WIDTHS = ['w-1/3', 'w-2/3', 'w-1/2', 'w-3/5'];

/**
 * The console's one loading state: grey placeholders in the shape of what is coming, announced once
 * as busy to assistive technology ("Loading …"), so every list, detail and chart waits the same way
 * instead of a spinner here and a blank area there.
 */
export function Skeleton({
  shape = 'lines',
  count = shape === 'rows' ? 6 : 4,
  label = 'Loading',
  className,
}: {
  shape?: SkeletonShape;
  count?: number;
  label?: string;
  className?: string;
}) {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={label}
      data-testid="skeleton"
      className={clsx('flex flex-col gap-3 p-4', className)}
    >
      {shape === 'chart' ? (
        <SkeletonBar className="h-40 w-full" />
      ) : (
        Array.from({ length: count }, (_, index) =>
          shape === 'rows' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <div key={index} className="flex gap-4">
              <SkeletonBar className="w-1/4" />
              <SkeletonBar className="w-1/2" />
              <SkeletonBar className="w-1/6" />
            </div>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <SkeletonBar key={index} className={LINE_WIDTHS[index % LINE_WIDTHS.length]} />
          ),
        )
      )}
    </div>
  );
}
