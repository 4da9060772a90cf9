import { PRODUCT_NAME } from '@mc/contracts';
import { clsx } from 'clsx';
import { RefreshCw } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { DeferredControl, deferred } from '../deferred-control';
import { ErrorBoundary } from '../error-boundary';
import { HelpFace, PreferencesFace, UserFace } from './control-faces';
import { NotificationsBell } from './notifications-bell';

// The header's menus load their React Aria parts on first use (see deferred-control.tsx).
const preferences = deferred(() => import('./preferences-menu').then((module) => module.PreferencesMenu));
const help = deferred(() => import('./help-menu').then((module) => module.HelpMenu));
const user = deferred(() => import('./user-menu').then((module) => module.UserMenu));

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
        <DeferredControl control={preferences} label="Preferences" popup="dialog" face={<PreferencesFace />} />
        <DeferredControl control={help} label="Help" popup="menu" face={<HelpFace />} />
        <DeferredControl control={user} label="User menu" popup="menu" face={<UserFace />} />
      </header>
      <main className="min-h-0 flex-1 overflow-auto p-4">
        <ErrorBoundary>{children}</ErrorBoundary>
      </main>
    </div>
  );
}
