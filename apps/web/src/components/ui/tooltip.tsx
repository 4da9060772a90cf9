import type { ReactElement, ReactNode } from 'react';
import { Tooltip as AriaTooltip, TooltipTrigger } from 'react-aria-components';

/**
 * A short hint on hover or keyboard focus of its trigger (a React Aria `Button` or `Link`), placed
 * by the library on whichever side has room; Escape hides it.
 */
export function Tooltip({
  content,
  children,
  placement = 'top',
}: {
  content: ReactNode;
  children: ReactElement;
  placement?: 'top' | 'bottom' | 'start' | 'end';
}) {
  return (
    <TooltipTrigger delay={400}>
      {children}
      <AriaTooltip
        placement={placement}
        offset={6}
        containerPadding={8}
        className="max-w-xs rounded bg-surface-inverse px-2 py-1 text-xs text-fg-inverse shadow"
      >
        {content}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
