import { PRODUCT_NAME } from '@mc/contracts';
import { clsx } from 'clsx';
import { CircleQuestionMark, RefreshCw } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Keyboard, Text } from 'react-aria-components';
import { NotificationsBell } from '../../features/notifications/components/notifications-bell';
import { openConsoleCommand, usesCommandKey } from '../console-commands';
import { ErrorBoundary } from '../error-boundary';
import { MenuButton, MenuItem } from '../ui/menu';
import { DOCS_URL } from './links';
import { PreferencesMenu } from './preferences-menu';
import { UserMenu } from './user-menu';

/** 'Health | Mission Control': every page title ends with the product name (001 §1). */
export function documentTitle(title: string | undefined): string {
  return title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/**
 * The page frame of 001 §2: a sticky header with the title and extra actions, an optional refresh
 * button that spins while loading, the notifications bell, preferences, help and user menus; the
 * content sits in an error boundary.
 */
export function PageShell({
  title,
  titleText,
  extra,
  onRefresh,
  loading = false,
  children,
}: {
  title: ReactNode;
  /** The text for the browser tab when `title` is not plain text. */
  titleText?: string;
  extra?: ReactNode;
  onRefresh?: () => void;
  loading?: boolean;
  children?: ReactNode;
}) {
  const text = titleText ?? (typeof title === 'string' ? title : undefined);
  useEffect(() => {
    document.title = documentTitle(text);
  }, [text]);
  return (
    <div className="flex min-h-0 min-w-0 flex-1 flex-col">
      <header className="sticky top-0 z-20 flex h-12 shrink-0 items-center gap-2 border-b border-border bg-surface px-4">
        <h1 className="min-w-0 flex-1 truncate text-base font-semibold text-fg">{title}</h1>
        {extra}
        {onRefresh ? (
          <button
            type="button"
            aria-label="Refresh"
            aria-busy={loading}
            onClick={onRefresh}
            className="inline-flex size-8 items-center justify-center rounded text-fg-muted hover:bg-surface-hover"
          >
            <RefreshCw aria-hidden="true" className={clsx('size-4', loading && 'animate-spin')} />
          </button>
        ) : null}
        <NotificationsBell />
        <PreferencesMenu />
        <MenuButton label="Help" trigger={<CircleQuestionMark aria-hidden="true" className="size-4" />}>
          <MenuItem href={DOCS_URL} target="_blank" rel="noreferrer">
            Docs
          </MenuItem>
          <MenuItem textValue="Command palette" onAction={() => openConsoleCommand('command-palette')}>
            <Text slot="label">Command palette</Text>
            <Keyboard className="float-right font-mono text-xs text-fg-muted">
              {usesCommandKey() ? '⌘K' : 'Ctrl K'}
            </Keyboard>
          </MenuItem>
          <MenuItem textValue="Keyboard shortcuts" onAction={() => openConsoleCommand('keyboard-shortcuts')}>
            <Text slot="label">Keyboard shortcuts</Text>
            <Keyboard className="float-right font-mono text-xs text-fg-muted">?</Keyboard>
          </MenuItem>
        </MenuButton>
        <UserMenu />
      </header>
      <main className="min-h-0 flex-1 overflow-auto p-4">
        <ErrorBoundary>{children}</ErrorBoundary>
      </main>
    </div>
  );
}
