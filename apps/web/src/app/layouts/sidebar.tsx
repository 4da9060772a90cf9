import { SIDEBAR_AUTO_COLLAPSE_WIDTH, STORAGE_KEYS } from '@mc/contracts';
import { clsx } from 'clsx';
import { ChevronDown, ChevronRight, ChevronsLeft, ChevronsRight, Settings } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { useFeatureFlags, useSession } from '../../lib/api/shell-queries';
import { useStoredString } from '../../lib/storage';
import { type NavItem, PRIMARY_NAV, SETTINGS_NAV, sortByName } from '../nav-items';
import { isNavItemVisible, showsSettingsGroup } from '../nav-visibility';

/** The mark of an entry whose page exists but whose area is not built yet. */
const NOT_BUILT_LABEL = 'not built yet';

function itemClass(isActive: boolean, collapsed: boolean) {
  return clsx(
    'flex h-9 w-full items-center gap-3 rounded px-3 text-sm',
    collapsed && 'justify-center px-0',
    isActive ? 'bg-primary-soft font-medium text-link' : 'text-fg-muted hover:bg-surface-hover hover:text-fg',
  );
}

function Entry({ item, collapsed, onNavigate }: { item: NavItem; collapsed: boolean; onNavigate?: () => void }) {
  return (
    <NavLink
      to={item.href}
      onClick={onNavigate}
      title={collapsed ? `${item.name}${item.notBuilt ? ` (${NOT_BUILT_LABEL})` : ''}` : undefined}
      className={({ isActive }) => itemClass(isActive, collapsed)}
    >
      <item.icon aria-hidden="true" className="size-4 shrink-0" strokeWidth={1.75} />
      {collapsed ? (
        <span className="sr-only">{item.notBuilt ? `${item.name} (${NOT_BUILT_LABEL})` : item.name}</span>
      ) : (
        <span className="truncate">{item.name}</span>
      )}
      {item.notBuilt && !collapsed ? (
        <span className="ml-auto shrink-0 rounded bg-surface-hover px-1.5 text-2xs text-fg-subtle">
          {NOT_BUILT_LABEL}
        </span>
      ) : null}
    </NavLink>
  );
}

function SettingsGroup({ items, collapsed }: { items: NavItem[]; collapsed: boolean }) {
  const [open, setOpen] = useState(false);
  const flyout = collapsed && open;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!flyout) return;
    const onDown = (event: MouseEvent) => {
      if (ref.current && event.target instanceof Node && !ref.current.contains(event.target)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [flyout]);
  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        title={collapsed ? 'Settings' : undefined}
        className={itemClass(false, collapsed)}
      >
        <Settings aria-hidden="true" className="size-4 shrink-0" strokeWidth={1.75} />
        {collapsed ? <span className="sr-only">Settings</span> : <span className="flex-1 text-left">Settings</span>}
        {collapsed ? null : open ? (
          <ChevronDown aria-hidden="true" className="size-4" />
        ) : (
          <ChevronRight aria-hidden="true" className="size-4" />
        )}
      </button>
      {open && !collapsed ? (
        <div className="ml-4 flex flex-col border-l border-border pl-2">
          {items.map((item) => (
            <Entry key={item.href} item={item} collapsed={false} />
          ))}
        </div>
      ) : null}
      {flyout ? (
        <div
          role="menu"
          aria-label="Settings"
          data-testid="settings-flyout"
          className="absolute top-0 left-full z-50 ml-1 w-56 rounded-md border border-border bg-surface-raised p-1 shadow-lg"
        >
          {items.map((item) => (
            <Entry key={item.href} item={item} collapsed={false} onNavigate={() => setOpen(false)} />
          ))}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The sidebar of 001 §2: 56 units wide, 14 collapsed (persisted under sidebarCollapsed), a skeleton
 * until the user loads, entries hidden by feature flag or missing read permission, no Settings group
 * for viewers, and an auto-collapse on an outside click below 1024 px.
 */
export function Sidebar() {
  const [collapsedRaw, setCollapsedRaw] = useStoredString(STORAGE_KEYS.sidebarCollapsed, 'false');
  const collapsed = collapsedRaw === 'true';
  const setCollapsed = (value: boolean) => setCollapsedRaw(String(value));
  const { data: session } = useSession();
  const { disabled } = useFeatureFlags();
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    if (collapsed) return;
    const onDown = (event: MouseEvent) => {
      if (window.innerWidth >= SIDEBAR_AUTO_COLLAPSE_WIDTH) return;
      if (ref.current && event.target instanceof Node && !ref.current.contains(event.target)) setCollapsedRaw('true');
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [collapsed, setCollapsedRaw]);

  const primary = session ? sortByName(PRIMARY_NAV.filter((item) => isNavItemVisible(item, session, disabled))) : [];
  const settings =
    session && showsSettingsGroup(session)
      ? sortByName(SETTINGS_NAV.filter((item) => isNavItemVisible(item, session, disabled)))
      : [];

  return (
    <nav
      ref={ref}
      aria-label="Main"
      data-collapsed={collapsed}
      className={clsx(
        'flex h-full shrink-0 flex-col border-r border-border bg-surface transition-[width]',
        collapsed ? 'w-14' : 'w-56',
      )}
    >
      <div className="flex h-12 items-center justify-between border-b border-border px-3">
        <Link to="/" className="truncate font-semibold text-fg" aria-label="Mission Control home">
          {collapsed ? 'MC' : 'Mission Control'}
        </Link>
      </div>
      <div className="flex flex-1 flex-col gap-0.5 overflow-y-auto p-2">
        {session ? (
          <>
            {primary.map((item) => (
              <Entry key={item.href} item={item} collapsed={collapsed} />
            ))}
            {settings.length ? <SettingsGroup items={settings} collapsed={collapsed} /> : null}
          </>
        ) : (
          <div data-testid="sidebar-skeleton" aria-busy="true" className="flex flex-col gap-2">
            {Array.from({ length: 6 }, (_, index) => (
              <div key={`skeleton-${index.toString()}`} className="h-7 animate-pulse rounded bg-surface-hover" />
            ))}
          </div>
        )}
      </div>
      <button
        type="button"
        aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
        onClick={() => setCollapsed(!collapsed)}
        className="flex h-10 items-center justify-center border-t border-border text-fg-subtle hover:bg-surface-hover hover:text-fg"
      >
        {collapsed ? (
          <ChevronsRight aria-hidden="true" className="size-4" />
        ) : (
          <ChevronsLeft aria-hidden="true" className="size-4" />
        )}
      </button>
    </nav>
  );
}
