import { catalogPageRequests } from '../features/catalog/api/page-requests';
import { healthPageRequests } from '../features/health/api/page-requests';
import { incidentsPageRequests } from '../features/incidents/api/page-requests';
import { notificationsPageRequests } from '../features/notifications/api/page-requests';
import { playbooksPageRequests } from '../features/playbooks/api/page-requests';
import type { EarlyRequest } from '../lib/api/request-parts';
import { PROPERTIES_REQUEST, SESSION_REQUEST } from '../lib/api/shell-requests';

const SHELL_ONLY = (): EarlyRequest[] => [];

/**
 * The pages the boot script asks for calls on (the landing page and the sidebar's entries, as
 * scripts/route-preload.ts preloads their chunks), each with its own first calls. Pages without a session
 * (sign-in, recovery, …) are not here: a 401 there must not be asked for at all.
 */
const PAGES: Readonly<Record<string, (search: string) => EarlyRequest[]>> = {
  '/topology': SHELL_ONLY,
  '/health': healthPageRequests,
  '/incidents': incidentsPageRequests,
  '/catalog': catalogPageRequests,
  '/playbooks': playbooksPageRequests,
  '/notifications': notificationsPageRequests,
  '/logs': SHELL_ONLY,
  '/settings/connections': SHELL_ONLY,
};

/**
 * The calls the page at this address makes first: who-am-I and the feature flags, which the route guards
 * wait for, then the page's own data; none for other pages.
 */
export function earlyPageRequests(pathname: string, search: string): EarlyRequest[] {
  const page = PAGES[pathname.replace(/\/+$/, '')];
  return page ? [SESSION_REQUEST, PROPERTIES_REQUEST, ...page(search)] : [];
}
