import type { PublicStatusPage, StatusPage } from '@mc/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '../../../components/toaster';
import { adminSession, shellApi, viewerSession } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';

const wait = { timeout: 10_000 };
const at = '2026-12-06T10:00:00Z';

const shop: StatusPage = {
  id: '0190f000-0000-7000-8000-000000000001',
  slug: 'shop',
  title: 'Shop status',
  description: '',
  logo_url: null,
  visibility: 'public',
  components: { names: [], types: [], labels: { tier: 'public' } },
  checks: { names: ['checkout-http'], types: [], labels: {} },
  created_at: at,
  updated_at: at,
};

const preview: PublicStatusPage = {
  title: 'Partners',
  description: '',
  logo_url: null,
  state: 'partial_outage',
  generated_at: at,
  groups: [
    {
      name: 'Payments',
      services: [
        { name: 'Checkout API', state: 'operational', uptime: 99.5, days: [] },
        { name: 'Ledger DB', state: 'major_outage', uptime: null, days: [] },
      ],
    },
  ],
  incidents: [],
  maintenance: [],
};

function server(session = adminSession) {
  return shellApi(session, [], {
    '/api/status-pages': (_, init) =>
      init?.method === 'POST'
        ? {
            status: 201,
            body: {
              ...shop,
              id: '0190f000-0000-7000-8000-000000000002',
              slug: 'partners',
              title: 'Partners',
              visibility: 'token',
              token: 'mcsp_once',
            },
          }
        : { body: { data: [shop], total: 1 } },
    '/api/status-pages/preview': { body: preview },
    '/api/status-pages/0190f000-0000-7000-8000-000000000002': {
      body: {
        ...shop,
        id: '0190f000-0000-7000-8000-000000000002',
        slug: 'partners',
        title: 'Partners',
        visibility: 'token',
      },
    },
  });
}

describe('status pages editor', { timeout: 60_000 }, () => {
  it('a viewer reads the list with each public address, and is offered no new page', async () => {
    server(viewerSession);
    renderApp('/status-pages');
    expect(await screen.findByRole('link', { name: 'Shop status' }, wait)).toBeTruthy();
    expect(screen.getByRole('link', { name: '/status/shop' }).getAttribute('href')).toBe('/status/shop');
    expect(screen.queryByRole('link', { name: 'New status page' })).toBeNull();
  });

  it('an editor previews what readers would see, saves a token page and is shown its token once', async () => {
    const { calls } = server();
    render(<Toaster />);
    renderApp('/status-pages/new');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title *', {}, wait), 'Partners');
    await user.type(screen.getByLabelText(/Slug/), 'Not a slug');
    await user.type(screen.getAllByLabelText('Labels (key=value, all must match)')[0] as HTMLElement, 'tier=public');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Slug is lower-case letters/, {}, wait)).toBeTruthy();
    await user.clear(screen.getByLabelText(/Slug/));
    await user.type(screen.getByLabelText(/Slug/), 'partners');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Ledger DB', {}, wait)).toBeTruthy();
    expect(screen.getByText(/99.5% over 90 days/)).toBeTruthy();
    await user.click(screen.getByLabelText(/Token-protected/));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(
      () => expect(calls.some((c) => c.init?.method === 'POST' && c.url.pathname === '/api/status-pages')).toBe(true),
      wait,
    );
    const sent = calls.find((c) => c.init?.method === 'POST' && c.url.pathname === '/api/status-pages');
    expect(JSON.parse(String(sent?.init?.body))).toMatchObject({
      slug: 'partners',
      visibility: 'token',
      components: { labels: { tier: 'public' } },
    });
    expect((await screen.findByTestId('issued-token', {}, wait)).textContent).toContain(
      '/status/partners?token=mcsp_once',
    );
  });
});
