import { MIN_LAYOUT_WIDTH } from '@mc/contracts';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { loadOrganizationGate, loadOrganizationSwitcher } from '../../features/organizations';
import { isHostedOrgMode } from '../../lib/auth-mode';
import { PaletteHost } from '../command-palette/palette-host';
import { SessionBoundary } from '../session-boundary';
import { Sidebar } from './sidebar';

/**
 * Sidebar mode: the sidebar beside the routed page, never narrower than 800 px (001 §2), and the
 * command palette and keyboard shortcuts of a signed-in console.
 */
export function SidebarLayout() {
  if (isHostedOrgMode()) return <HostedSidebarLayout />;
  return (
    <div className="flex h-screen bg-canvas text-fg" style={{ minWidth: MIN_LAYOUT_WIDTH }}>
      <Sidebar />
      <SessionBoundary>
        <Outlet />
        <PaletteHost />
      </SessionBoundary>
    </div>
  );
}

/**
 * The organisation switcher and gate, loaded only by a hosted build: their dialogs would otherwise put
 * the dialog primitives in the entry every flow-mode first screen downloads.
 */
const OrganizationSwitcher = lazy(async () => ({
  default: (await loadOrganizationSwitcher()).OrganizationSwitcher,
}));
const OrganizationGate = lazy(async () => ({
  default: (await loadOrganizationGate()).OrganizationGate,
}));

/**
 * Hosted mode (000 §1): the same layout under the organisation switcher, once the active organisation
 * has been chosen and the API client points at its backend.
 */
function HostedSidebarLayout() {
  return (
    <div className="flex h-screen bg-canvas text-fg" style={{ minWidth: MIN_LAYOUT_WIDTH }}>
      <Sidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <Suspense fallback={null}>
          <OrganizationSwitcher />
          <OrganizationGate>
            <SessionBoundary>
              <Outlet />
              <PaletteHost />
            </SessionBoundary>
          </OrganizationGate>
        </Suspense>
      </div>
    </div>
  );
}
