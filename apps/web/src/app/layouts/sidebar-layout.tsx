import { MIN_LAYOUT_WIDTH } from '@mc/contracts';
import { Outlet } from 'react-router';
import { SessionBoundary } from '../session-boundary';
import { Sidebar } from './sidebar';

/** Sidebar mode: the sidebar beside the routed page, never narrower than 800 px (001 §2). */
export function SidebarLayout() {
  return (
    <div className="flex h-screen bg-canvas text-fg" style={{ minWidth: MIN_LAYOUT_WIDTH }}>
      <Sidebar />
      <SessionBoundary>
        <Outlet />
      </SessionBoundary>
    </div>
  );
}
