import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shellApi, viewerSession } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';

const ROWS = [
  {
    id: 'c1',
    name: 'api-health',
    namespace: 'default',
    source: 'UI',
    created_at: '2026-11-22T01:00:00Z',
    updated_at: '2026-11-22T02:00:00Z',
  },
  {
    id: 'c2',
    name: 'db-health',
    namespace: 'prod',
    source: 'KubernetesCRD',
    created_at: '2026-11-22T01:00:00Z',
    updated_at: '2026-11-22T02:00:00Z',
  },
];

describe('/settings/{table}', () => {
  it('lists the table ordered by name, at most 100, with links to each and an Add button', async () => {
    const api = shellApi(undefined, [], { '/api/db/canaries': { body: ROWS } });
    renderApp('/settings/canaries');
    const link = await screen.findByRole('link', { name: 'api-health' });
    expect(link.getAttribute('href')).toBe('/settings/canaries/c1');
    expect(screen.getByRole('link', { name: 'db-health' }).getAttribute('href')).toBe('/settings/canaries/c2');
    expect(screen.getByRole('link', { name: 'Add Health Check' }).getAttribute('href')).toBe('/settings/canaries/new');
    const call = api.calls.find((entry) => entry.url.pathname === '/api/db/canaries');
    expect(call?.url.searchParams.get('order')).toBe('name.asc');
    expect(call?.url.searchParams.get('limit')).toBe('100');
  });

  it("says 'No resources found' when the table is empty", async () => {
    shellApi(undefined, [], { '/api/db/topologies': { body: [] } });
    renderApp('/settings/topologies');
    expect(await screen.findByText('No resources found')).toBeTruthy();
  });

  it("says 'No resources found' for a table the editor does not know", async () => {
    shellApi();
    renderApp('/settings/widgets');
    expect(await screen.findByText('No resources found')).toBeTruthy();
  });

  it('hides Add from users without write access', async () => {
    shellApi(viewerSession, [], { '/api/db/canaries': { body: ROWS } });
    renderApp('/settings/canaries');
    await screen.findByRole('link', { name: 'api-health' });
    expect(screen.queryByRole('link', { name: 'Add Health Check' })).toBeNull();
  });
});
