import { PRODUCT_NAME } from '@mc/contracts';
import { clsx } from 'clsx';
import { Bell, CircleQuestionMark, RefreshCw } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { openConsoleCommand, usesCommandKey } from '../console-commands';
import { ErrorBoundary } from '../error-boundary';
import { DOCS_URL } from './links';
import { Menu } from './menu';
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
        <Link
          to="/notifications"
          aria-label="Notifications"
          title="Notifications (not built yet)"
          className="inline-flex size-8 items-center justify-center rounded text-fg-muted hover:bg-surface-hover"
        >
          <Bell aria-hidden="true" className="size-4" />
        </Link>
        <PreferencesMenu />
        <Menu label="Help" trigger={<CircleQuestionMark aria-hidden="true" className="size-4" />}>
          {(close) => (
            <>
              <a
                href={DOCS_URL}
                target="_blank"
                rel="noreferrer"
                role="menuitem"
                onClick={close}
                className="block rounded px-2 py-1 hover:bg-surface-hover"
              >
                Docs
              </a>
              <button
                type="button"
                role="menuitem"
                onClick={() => {
                  close();
                  openConsoleCommand('command-palette');
                }}
                className="flex w-full items-center justify-between rounded px-2 py-1 text-left hover:bg-surface-hover"
              >
                Command palette
                <kbd className="font-mono text-xs text-fg-muted">{usesCommandKey() ? '⌘K' : 'Ctrl K'}</kbd>
              </button>
              <button
                type="button"
                role="menuitem"
                onClick={() => {
                  close();
                  openConsoleCommand('keyboard-shortcuts');
                }}
                className="flex w-full items-center justify-between rounded px-2 py-1 text-left hover:bg-surface-hover"
              >
                Keyboard shortcuts
                <kbd className="font-mono text-xs text-fg-muted">?</kbd>
              </button>
            </>
          )}
        </Menu>
        <UserMenu />
      </header>
      <main className="min-h-0 flex-1 overflow-auto p-4">
        <ErrorBoundary>{children}</ErrorBoundary>
      </main>
    </div>
  );
}
