import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildCatalogSummaryRow } from '../../../test/factories/catalog';
import { adminSession, type FakeAnswer, shellApi, viewerSession } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { buildConfigItem, OTHER_ID } from '../testing/build-catalog';
import { giveElementsAScreenSize } from '../testing/element-size';

beforeEach(giveElementsAScreenSize);

const SUMMARY = [
  buildCatalogSummaryRow({
    type: 'Kubernetes::Deployment',
    count: 2,
    health: { healthy: 1, unhealthy: 1 },
    changes: 3,
    analysis: { security: 2 },
  }),
  buildCatalogSummaryRow(),
];
const ITEMS = [buildConfigItem(), buildConfigItem({ id: OTHER_ID, name: 'payments', health: 'unhealthy' })];

function catalogApi(
  list: FakeAnswer | (() => FakeAnswer | Promise<FakeAnswer>),
  summary: FakeAnswer = { body: SUMMARY },
) {
  return shellApi(adminSession, [], {
    '/api/catalog/summary': summary,
    '/api/db/configs': typeof list === 'function' ? () => list() : list,
    '/api/db/config_types': { body: [{ type: 'File' }, { type: 'Kubernetes::Deployment' }] },
    '/api/db/config_statuses': { body: [] },
    '/api/db/config_healths': { body: [{ health: 'healthy' }] },
    '/api/db/config_labels': { body: [{ key: 'app', value: 'checkout' }] },
    '/api/db/config_tags': { body: [{ key: 'namespace', value: 'shop' }] },
  });
}

const withTotal = (rows: unknown[]): FakeAnswer => ({
  body: rows,
  headers: { 'Content-Range': `0-${Math.max(0, rows.length - 1)}/${rows.length}` },
});

describe('/catalog', () => {
  it('shows skeletons while the summary and the list load', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    catalogApi(async () => {
      await gate;
      return withTotal(ITEMS);
    });
    renderApp('/catalog');
    expect(await screen.findByTestId('table-skeleton')).toBeTruthy();
    release();
    expect(await screen.findByRole('link', { name: /payments/ })).toBeTruthy();
  });

  it('summarises by type and lists the items with health, changes and insights', async () => {
    const { calls } = catalogApi(withTotal(ITEMS));
    renderApp('/catalog');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Catalog');
    const summary = await screen.findByRole('region', { name: 'Summary by type' });
    const deployments = await within(summary).findByRole('button', { name: /Kubernetes::Deployment/ });
    expect(deployments.closest('tr')?.textContent).toContain('2');
    expect(await screen.findByText('2 items')).toBeTruthy();
    const row = (await screen.findByRole('link', { name: /payments/ })).closest('tr');
    expect(row?.textContent).toContain('unhealthy');
    const list = calls.find((call) => call.url.pathname === '/api/db/configs');
    expect(list?.url.searchParams.get('order')).toBe('name.asc.nullslast,id.asc');
    expect(list?.url.searchParams.get('select')).not.toContain('config,');
    expect(new Headers(list?.init?.headers).get('Prefer')).toContain('count=exact');
  });

  it('drills into a type from the summary: the URL holds the filter, the list asks for it, Changes carries it', async () => {
    const { calls } = catalogApi(withTotal(ITEMS));
    const { router } = renderApp('/catalog?search=pay');
    const summary = await screen.findByRole('region', { name: 'Summary by type' });
    await userEvent.click(await within(summary).findByRole('button', { name: /Kubernetes::Deployment/ }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('type')).toBe('Kubernetes________Deployment:1'),
    );
    await waitFor(() =>
      expect(
        calls.some(
          (call) =>
            call.url.pathname === '/api/db/configs' &&
            call.url.searchParams.get('type') === 'in.("Kubernetes::Deployment")' &&
            call.url.searchParams.get('name') === 'ilike.*pay*',
        ),
      ).toBe(true),
    );
    const summaryCall = calls.findLast((call) => call.url.pathname === '/api/catalog/summary');
    expect(JSON.parse(String(summaryCall?.init?.body))).toMatchObject({ groupBy: ['type'], search: 'pay' });
    const changes = screen.getByRole('navigation', { name: 'Catalog' }).querySelector('a[href^="/catalog/changes"]');
    expect(changes?.getAttribute('href')).toContain('search=pay');
    expect(changes?.getAttribute('href')).toContain('type=');
  });

  it('says the catalog is empty and offers Add scraper to writers only', async () => {
    catalogApi(withTotal([]), { body: [] });
    const view = renderApp('/catalog');
    expect(await screen.findByText('No configuration items yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add scraper' }).getAttribute('href')).toBe('/catalog/scrapers/new');
    view.unmount();
    shellApi(viewerSession, [], { '/api/catalog/summary': { body: [] }, '/api/db/configs': withTotal([]) });
    renderApp('/catalog');
    expect(await screen.findByText('No configuration items yet')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add scraper' })).toBeNull();
  });

  it("shows the server's message when the list or the summary fails", async () => {
    catalogApi(
      { status: 500, body: { message: 'database unavailable' } },
      { status: 400, body: { message: 'bad tags' } },
    );
    renderApp('/catalog');
    expect(await screen.findByText('database unavailable')).toBeTruthy();
    expect(await screen.findByText('bad tags')).toBeTruthy();
  });
});
