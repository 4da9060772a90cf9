import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Popover as AriaPopover, type PopoverProps } from 'react-aria-components';

/** The look of every floating panel: raised surface, border, shadow, scrolling when the window is short. */
export const FLOATING_PANEL = 'rounded-md border border-border bg-surface-raised text-fg shadow-lg outline-none';

/**
 * A floating panel anchored to its trigger (a Select, ComboBox, Menu or DialogTrigger around it).
 * React Aria places it, flips it to the other side and shifts it along the edge so it never leaves
 * the window (issue 12: the Jobs History time-range picker opened at x = −272 px), and caps its
 * height to the room there is.
 */
export function Popover({
  children,
  className,
  placement = 'bottom start',
  ...props
}: Omit<PopoverProps, 'children' | 'className'> & { children: ReactNode; className?: string }) {
  return (
    <AriaPopover
      placement={placement}
      offset={4}
      containerPadding={8}
      {...props}
      className={clsx(FLOATING_PANEL, 'overflow-auto', className)}
    >
      {children}
    </AriaPopover>
  );
}
