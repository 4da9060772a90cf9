import { Outlet } from 'react-router';
import { SessionBoundary } from '../session-boundary';

/** /view/* pages: no sidebar, the page alone (000 §2). */
export function StandaloneLayout() {
  return (
    <div className="flex h-screen bg-canvas text-fg">
      <SessionBoundary>
        <Outlet />
      </SessionBoundary>
    </div>
  );
}
