import { MIN_LAYOUT_WIDTH } from '@mc/contracts';
import { Outlet } from 'react-router';
import { PaletteHost } from '../command-palette/palette-host';
import { SessionBoundary } from '../session-boundary';
import { Sidebar } from './sidebar';

/**
 * Sidebar mode: the sidebar beside the routed page, never narrower than 800 px (001 §2), and the
 * command palette and keyboard shortcuts of a signed-in console.
 */
export function SidebarLayout() {
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
