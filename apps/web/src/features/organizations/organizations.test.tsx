import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { apiRequest, configureApiTarget, resolveApiUrl } from '../../lib/api/client';
import { createQueryClient } from '../../lib/query-client';
import { buildOrganizationToken } from '../../test/factories/organizations';
import { fakeApi } from '../../test/fake-api';
import { routerFlushSync } from '../../test/render';
import {
  activateOrganization,
  activeOrganizationId,
  chooseOrganization,
  ORGS_SWITCHED_PATH,
  rememberLastPage,
  TOKEN_REFRESH_MARGIN_MS,
  tokenSource,
} from './active-organization';
import { pickOrganization } from './organization-gate';
import { OrganizationSwitcher } from './organization-switcher';
import type { Organization } from './organizations-api';
import { OrgsSwitchedPage } from './orgs-switched-page';

const org = (id: string, extra: Partial<Organization> = {}): Organization => ({
  id,
  name: `Org ${id}`,
  backend_url: `https://${id}.example.com`,
  instance_finished: true,
  direct: true,
  role: 'owner',
  created_at: '2026-01-01T00:00:00Z',
  ...extra,
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

afterEach(() => {
  configureApiTarget({});
  localStorage.clear();
});

describe('direct mode token', () => {
  it('is fetched once, reused, and renewed a minute before it expires', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    let issued = 0;
    fakeApi({
      '/api/organizations/o1/token': () => {
        issued += 1;
        return {
          body: buildOrganizationToken({ token: `jwt-${issued}`, expires_at: new Date(now + 300_000).toISOString() }),
        };
      },
    });
    const token = tokenSource('o1', () => now);
    expect(await Promise.all([token(), token()])).toEqual(['jwt-1', 'jwt-1']);
    now += 300_000 - TOKEN_REFRESH_MARGIN_MS - 1_000;
    expect(await token()).toBe('jwt-1');
    now += 2_000;
    expect(await token()).toBe('jwt-2');
  });
});

describe('activateOrganization', () => {
  it('direct: data calls go to the backend with the bearer token; sign-in and organisation calls stay local', async () => {
    activateOrganization(org('a'));
    expect(activeOrganizationId()).toBe('a');
    expect(resolveApiUrl('/api/db/checks')).toBe('https://a.example.com/api/db/checks');
    expect(resolveApiUrl('/api/organizations')).toBe('/api/organizations');
    expect(resolveApiUrl('/api/.ory/sessions/whoami')).toBe('/api/.ory/sessions/whoami');
    const { calls } = fakeApi({
      '/api/organizations/a/token': {
        body: buildOrganizationToken(),
      },
      '/api/db/checks': { body: [] },
      '/api/organizations': { body: [] },
    });
    await apiRequest('/api/db/checks');
    await apiRequest('/api/organizations');
    const headersOf = (i: number) => calls[i]?.init?.headers as Record<string, string>;
    const data = calls.findIndex((c) => c.url.href === 'https://a.example.com/api/db/checks');
    const local = calls.findIndex((c) => c.url.pathname === '/api/organizations');
    expect(headersOf(data).Authorization).toBe('Bearer jwt-a');
    expect(headersOf(local).Authorization).toBeUndefined();
  });

  it('not direct, or a backend not ready: through the organisation service’s proxy', () => {
    activateOrganization(org('b', { direct: false }));
    expect(resolveApiUrl('/api/auth/whoami')).toBe('/api/organizations/b/proxy/api/auth/whoami');
    activateOrganization(org('c', { instance_finished: false }));
    expect(resolveApiUrl('/api/auth/whoami')).toBe('/api/organizations/c/proxy/api/auth/whoami');
    activateOrganization(org('d', { backend_url: null }));
    expect(resolveApiUrl('/api/auth/whoami')).toBe('/api/organizations/d/proxy/api/auth/whoami');
  });

  it('keeps the remembered organisation while the person belongs to it, else the first', () => {
    const orgs = [org('a'), org('b')];
    expect(pickOrganization(orgs, 'b')?.id).toBe('b');
    expect(pickOrganization(orgs, 'gone')?.id).toBe('a');
    expect(pickOrganization([], 'b')).toBeUndefined();
  });
});

describe('/organizations/orgs-switched', () => {
  it('clears cached queries and lands on the last page seen in the new organisation', async () => {
    chooseOrganization('b');
    rememberLastPage('b', '/catalog?type=Pod');
    const client = createQueryClient();
    client.setQueryData(['from', 'previous', 'org'], [1]);
    const router = createMemoryRouter(
      [
        { path: '/organizations/orgs-switched', element: <OrgsSwitchedPage /> },
        { path: '*', element: <Where /> },
      ],
      { initialEntries: ['/organizations/orgs-switched'] },
    );
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} flushSync={routerFlushSync} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/catalog?type=Pod'));
    expect(client.getQueryData(['from', 'previous', 'org'])).toBeUndefined();
  });
});

describe('organisation switcher', () => {
  it('offers the organisations in a React Aria select and switches to the chosen one', async () => {
    chooseOrganization('a');
    fakeApi({ '/api/organizations': { body: [org('a'), org('b', { role: 'member' })] } });
    const user = userEvent.setup({ delay: null });
    const router = createMemoryRouter(
      [
        { path: '/', element: <OrganizationSwitcher /> },
        { path: '*', element: <Where /> },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} flushSync={routerFlushSync} />
      </QueryClientProvider>,
    );
    const trigger = await screen.findByRole('button', { name: /Org a.* Organisation$/ });
    expect(document.querySelector('select:not([aria-hidden] *)')).toBeNull();
    await user.click(trigger);
    await user.click(await screen.findByRole('option', { name: 'Org b' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(ORGS_SWITCHED_PATH));
    expect(activeOrganizationId()).toBe('b');
  });
});
