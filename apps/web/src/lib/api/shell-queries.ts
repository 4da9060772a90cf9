import type { About, LogoutUrl } from '@mc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { browser } from '../browser';
import { disabledFeatures, type PropertyRow } from '../feature-flags';
import { can, type Requirement, type Session } from '../permissions';
import { apiGet } from './client';
import { PROPERTIES_REQUEST, SESSION_REQUEST } from './shell-requests';

/**
 * The calls every screen shares (the shell's own data): who is signed in, the feature flags and the
 * server version. They live in lib because the shell, the guards and every area read them.
 */
export const shellKeys = {
  session: ['auth', 'whoami'] as const,
  properties: ['db', 'properties', 'flags'] as const,
  about: ['about'] as const,
};

/** GET /api/auth/whoami: user, roles and permissions; a 401 sends the browser to sign in. */
export const sessionQuery = queryOptions({
  queryKey: shellKeys.session,
  queryFn: ({ signal }) => apiGet<Session>(SESSION_REQUEST.path, { ...SESSION_REQUEST.options, signal }),
  retry: false,
});

/** The signed-in user, as a query. */
export function useSession() {
  return useQuery(sessionQuery);
}

/** Whether the signed-in user may do an action; false until the session loads. */
export function useCan(requirement: Requirement): boolean {
  const { data } = useSession();
  return data ? can(data, requirement) : false;
}

/** How often an open console re-reads the feature flags. */
export const FEATURE_FLAGS_REFETCH_MS = 60_000;

/** GET /api/db/properties: the `<feature>.disable` rows (001 §6). */
export const propertiesQuery = queryOptions({
  queryKey: shellKeys.properties,
  queryFn: ({ signal }) => apiGet<PropertyRow[]>(PROPERTIES_REQUEST.path, { ...PROPERTIES_REQUEST.options, signal }),
  retry: false,
  // Flags changed in another console apply on this one's next fetch, without a reload (001 §6): on
  // returning to the tab and at least once a minute; cached rows keep showing meanwhile. Fresh for that
  // minute otherwise: each page that mounts the flags asked for them again, beside its own first calls.
  staleTime: FEATURE_FLAGS_REFETCH_MS,
  refetchOnWindowFocus: 'always',
  refetchInterval: FEATURE_FLAGS_REFETCH_MS,
});

/**
 * The disabled features and whether they are still loading. A properties call that fails counts
 * as no feature disabled, so a missing data API never locks the console.
 */
export function useFeatureFlags(): { disabled: ReadonlySet<string>; loading: boolean } {
  const { data, isPending, isError } = useQuery(propertiesQuery);
  return { disabled: disabledFeatures(Array.isArray(data) ? data : []), loading: isPending && !isError };
}

/** GET /api/about: the backend version ('NA' when unknown) and whether self-registration is open. */
export const aboutQuery = queryOptions({
  queryKey: shellKeys.about,
  queryFn: ({ signal }) => apiGet<Partial<About>>('/api/about', { signal, redirectOn401: false }),
  retry: false,
});

/** The backend's version, or 'NA'. */
export function useBackendVersion(): string {
  const { data } = useQuery(aboutQuery);
  return data?.version || 'NA';
}

/** The built-in identity provider's Kratos-compatible public API. */
export const IDENTITY_API_BASE = '/api/.ory';

/**
 * Ends the session and lands on sign-in with return_to = the current path and query (001 §2): asks
 * the identity provider for a logout URL whose own return_to is that sign-in address, then follows
 * it. Without a session (or provider) it goes straight to sign-in.
 */
export async function signOut(): Promise<void> {
  const here = `${window.location.pathname}${window.location.search}`;
  const loginUrl = `/login?return_to=${encodeURIComponent(here)}`;
  try {
    const { logout_url: logoutUrl } = await apiGet<Partial<LogoutUrl>>(
      `${IDENTITY_API_BASE}/self-service/logout/browser`,
      { query: { return_to: loginUrl }, redirectOn401: false },
    );
    browser.assign(logoutUrl ?? loginUrl);
  } catch {
    browser.assign(loginUrl);
  }
}
