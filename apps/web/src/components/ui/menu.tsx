import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  MenuSection as AriaMenuSection,
  Button,
  Header,
  type MenuItemProps,
  MenuTrigger,
} from 'react-aria-components';
import { Popover } from './popover';

/**
 * A button opening a menu (user, help, row actions): Enter, Space or ArrowDown opens it on the first
 * item, arrows move, typing jumps to an item, Escape closes it and focus goes back to the button.
 */
export function MenuButton({
  label,
  trigger,
  children,
  buttonClassName,
  placement = 'bottom end',
}: {
  /** The accessible name of the button and of the menu. */
  label: string;
  trigger: ReactNode;
  children: ReactNode;
  buttonClassName?: string;
  placement?: 'bottom end' | 'bottom start';
}) {
  return (
    <MenuTrigger>
      <Button
        aria-label={label}
        className={clsx(
          'inline-flex h-8 items-center gap-1 rounded px-2 text-sm text-fg-muted outline-none hover:bg-surface-hover focus-visible:ring-2 focus-visible:ring-focus',
          buttonClassName,
        )}
      >
        {trigger}
      </Button>
      <Popover placement={placement} className="w-72 p-1 text-sm">
        <AriaMenu aria-label={label} className="outline-none">
          {children}
        </AriaMenu>
      </Popover>
    </MenuTrigger>
  );
}

/** One action or link of a menu; with `href` it is a link (a new tab with `target="_blank"`). */
export function MenuItem({ className, ...props }: Omit<MenuItemProps, 'className'> & { className?: string }) {
  return (
    <AriaMenuItem
      {...props}
      className={clsx(
        'block cursor-default rounded px-2 py-1 text-fg outline-none data-[focused]:bg-surface-hover data-[disabled]:opacity-50',
        className,
      )}
    />
  );
}

/**
 * A group of menu items under a non-interactive line of text (a greeting, a version line) that
 * names the group for screen readers.
 */
export function MenuSection({
  header,
  headerClassName,
  headerTestId,
  children,
}: {
  header: ReactNode;
  headerClassName?: string;
  headerTestId?: string;
  children: ReactNode;
}) {
  return (
    <AriaMenuSection>
      <Header data-testid={headerTestId} className={clsx('px-2 py-1', headerClassName)}>
        {header}
      </Header>
      {children}
    </AriaMenuSection>
  );
}
