import { SIDEBAR_AUTO_COLLAPSE_WIDTH, STORAGE_KEYS } from '@mc/contracts';
import { clsx } from 'clsx';
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
    isActive ? 'bg-blue-50 font-medium text-blue-700' : 'text-gray-700 hover:bg-gray-100',
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
      <span aria-hidden="true" className="w-5 text-center">
        {item.icon}
      </span>
      {collapsed ? (
        <span className="sr-only">{item.notBuilt ? `${item.name} (${NOT_BUILT_LABEL})` : item.name}</span>
      ) : (
        <span className="truncate">{item.name}</span>
      )}
      {item.notBuilt && !collapsed ? (
        <span className="ml-auto shrink-0 rounded bg-gray-100 px-1.5 text-[10px] text-gray-500">{NOT_BUILT_LABEL}</span>
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
        <span aria-hidden="true" className="w-5 text-center">
          ⚙
        </span>
        {collapsed ? <span className="sr-only">Settings</span> : <span className="flex-1 text-left">Settings</span>}
        {collapsed ? null : <span aria-hidden="true">{open ? '▾' : '▸'}</span>}
      </button>
      {open && !collapsed ? (
        <div className="ml-4 flex flex-col border-l border-gray-200 pl-2">
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
          className="absolute top-0 left-full z-50 ml-1 w-56 rounded-md border border-gray-200 bg-white p-1 shadow-lg"
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
        'flex h-full shrink-0 flex-col border-r border-gray-200 bg-white transition-[width]',
        collapsed ? 'w-14' : 'w-56',
      )}
    >
      <div className="flex h-12 items-center justify-between border-b border-gray-200 px-3">
        <Link to="/" className="truncate font-semibold text-gray-900" aria-label="Mission Control home">
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
              <div key={`skeleton-${index.toString()}`} className="h-7 animate-pulse rounded bg-gray-100" />
            ))}
          </div>
        )}
      </div>
      <button
        type="button"
        aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
        onClick={() => setCollapsed(!collapsed)}
        className="h-10 border-t border-gray-200 text-gray-500 hover:bg-gray-50"
      >
        {collapsed ? '»' : '«'}
      </button>
    </nav>
  );
}
