/**
 * The boot script: runs before the console's entry has loaded and asks for the calls the page being opened
 * makes first, so the server answers them while the browser still loads and runs the console (on a small
 * machine the entry took 200–400 ms to arrive and run before it asked anything; docs/web.md 'Early calls').
 * The console's own calls take these answers (lib/api/client.ts, requestEarly). It must stay small and free
 * of React: scripts/route-preload.ts emits it as an entry of its own, and boot.test.ts checks its imports.
 */
import { earlyPageRequests } from './app/early-page-requests';
import { requestEarly } from './lib/api/client';
import { isHostedOrgMode } from './lib/auth-mode';

if (!isHostedOrgMode()) {
  for (const request of earlyPageRequests(window.location.pathname, window.location.search)) requestEarly(request);
}
