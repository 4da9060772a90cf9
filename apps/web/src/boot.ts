/**
 * The boot script: asks for the calls the page being opened makes first, so the server answers them while
 * the browser still loads and runs the console (on a small machine the entry took 200–400 ms to arrive and
 * run before it asked anything; docs/web.md 'Early calls'). The build bundles it on its own and inlines it
 * into index.html (scripts/route-preload.ts), so it runs while the HTML is parsed, before any script file
 * has arrived; the console's calls take these answers (lib/api/early-answers.ts). It must stay small and
 * free of React: boot.test.ts checks its imports.
 */
import { earlyPageRequests } from './app/early-page-requests';
import { askEarly } from './lib/api/early-answers';
import { isHostedOrgMode } from './lib/auth-mode';

if (!isHostedOrgMode()) {
  for (const request of earlyPageRequests(window.location.pathname, window.location.search)) askEarly(request);
}
