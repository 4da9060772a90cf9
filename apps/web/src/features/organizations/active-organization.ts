import { configureApiTarget } from '../../lib/api/client';
import { readStored, writeStored } from '../../lib/storage';
import { fetchOrgToken, ORG_SERVICE_PREFIXES, type Organization } from './organizations-api';

/** Where the console lands after choosing or creating an organisation (000 §2). */
export const ORGS_SWITCHED_PATH = '/organizations/orgs-switched';

const ACTIVE_KEY = 'mc.organization.active';
const LAST_PAGE_KEY = 'mc.organization.last-page.';
/** A token is renewed this long before it expires, so no call goes out with a stale one. */
export const TOKEN_REFRESH_MARGIN_MS = 60_000;

/** The organisation the console works in (hosted mode), kept across reloads. */
export function activeOrganizationId(): string | undefined {
  return readStored(ACTIVE_KEY);
}

/** Makes `orgId` the organisation the console opens in next (the switch lands on orgs-switched). */
export function chooseOrganization(orgId: string): void {
  writeStored(ACTIVE_KEY, orgId);
}

/** Remembers the page last seen in an organisation, for the landing after a switch. */
export function rememberLastPage(orgId: string, path: string): void {
  writeStored(`${LAST_PAGE_KEY}${orgId}`, path);
}

/** The page to land on in an organisation: the last one seen there, else the home page. */
export function lastPageOf(orgId: string): string {
  return readStored(`${LAST_PAGE_KEY}${orgId}`) ?? '/';
}

/**
 * A token source for direct mode: asks the organisation service for a token and reuses it until a
 * minute before it expires (tokens live at most 5 minutes), one request at a time.
 */
export function tokenSource(orgId: string, now: () => number = Date.now): () => Promise<string> {
  let current: { token: string; expiresAt: number } | undefined;
  let pending: Promise<string> | undefined;
  return () => {
    if (current && current.expiresAt - TOKEN_REFRESH_MARGIN_MS > now()) return Promise.resolve(current.token);
    pending ??= fetchOrgToken(orgId)
      .then(({ token, expires_at }) => {
        current = { token, expiresAt: Date.parse(expires_at) };
        return token;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
}

/**
 * Points the console's data calls at an organisation (000 §7): in direct mode at its backend address
 * with a bearer token; otherwise, and while its backend is not ready, through the organisation
 * service's proxy (which answers the provisioning 503 until the backend is finished). Sign-in and
 * organisation calls always stay on the organisation service.
 */
export function activateOrganization(org: Organization | undefined): void {
  writeStored(ACTIVE_KEY, org?.id);
  if (!org) {
    configureApiTarget({});
    return;
  }
  if (org.direct && org.backend_url && org.instance_finished) {
    configureApiTarget({
      baseUrl: `${org.backend_url.replace(/\/+$/, '')}/api`,
      getToken: tokenSource(org.id),
      localPrefixes: ORG_SERVICE_PREFIXES,
    });
    return;
  }
  configureApiTarget({ baseUrl: `/api/organizations/${org.id}/proxy/api`, localPrefixes: ORG_SERVICE_PREFIXES });
}
