import { vi } from 'vitest';
import type { Session } from '../lib/permissions';
import { buildAbout } from './factories/system';

/** One canned answer of the fake API. */
export interface FakeAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Handler = FakeAnswer | ((url: URL, init: RequestInit | undefined) => FakeAnswer | Promise<FakeAnswer>);

/** A session with every permission of the admin role. */
export const adminSession: Session = {
  user: { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' },
  roles: ['admin'],
  permissions: [],
};

/** A viewer who may read everything except rbac, identities and connections (001 §6). */
export const viewerSession: Session = {
  user: { id: 'u2', name: 'Vic Viewer', email: 'vic@example.com' },
  roles: ['viewer'],
  permissions: [
    'database',
    'incident',
    'canaries',
    'topologies',
    'config_scrapers',
    'agents',
    'feature_flags',
    'logging_backends',
    'integrations',
    'notifications',
    'playbooks',
    'playbook_runs',
    'permissions',
  ].map((resource) => ({ resource, action: 'read' })),
};

/**
 * Stubs `fetch` with a path → answer table (the browser's network boundary; the screens and the
 * client above it run for real). Unknown paths answer 404. Returns the list of calls made.
 */
export function fakeApi(routes: Record<string, Handler>): { calls: Array<{ url: URL; init?: RequestInit }> } {
  const calls: Array<{ url: URL; init?: RequestInit }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push({ url, init });
      const handler = routes[url.pathname];
      const answer =
        typeof handler === 'function'
          ? await handler(url, init)
          : (handler ?? { status: 404, body: { message: 'Not found' } });
      const body =
        answer.body === undefined ? null : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      return new Response(body, { status: answer.status ?? 200, headers: answer.headers });
    }),
  );
  return { calls };
}

/** The shell's usual answers: a session, feature-flag rows and the server version. */
export function shellApi(
  session: Session | null = adminSession,
  properties: Array<{ name: string; value: string }> = [],
  extra: Record<string, Handler> = {},
) {
  return fakeApi({
    '/api/auth/whoami': session ? { body: session } : { status: 401, body: { message: 'Unauthorized' } },
    '/api/db/properties': { body: properties },
    '/api/about': { body: buildAbout() },
    ...extra,
  });
}
