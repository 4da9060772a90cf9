import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseOption, selectButton } from '../../../test/choose-option';
import { buildCatalogChangesResponse, buildCheckSummaryForConfig } from '../../../test/factories/catalog';
import { buildPlaybook } from '../../../test/factories/playbooks';
import { adminSession, type FakeAnswer, shellApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { buildChange, buildConfigItem, buildInsight, buildRelated, ITEM_ID, OTHER_ID } from '../testing/build-catalog';
import { giveElementsAScreenSize } from '../testing/element-size';

// jsdom has no layout: xyflow measures its nodes through these.
class NoResize {
  observe() {}
  unobserve() {}
  disconnect() {}
}
class Matrix {
  m22 = 1;
}

beforeEach(() => {
  giveElementsAScreenSize();
  vi.stubGlobal('ResizeObserver', NoResize);
  vi.stubGlobal('DOMMatrixReadOnly', Matrix);
});

function itemApi(extra: Record<string, FakeAnswer> = {}, item: FakeAnswer = { body: [buildConfigItem()] }) {
  return shellApi(adminSession, [], {
    '/api/db/config_detail': item,
    '/api/db/config_items': { body: [{ config: { kind: 'Deployment', spec: { replicas: 3 } } }] },
    '/api/db/incidents': { body: [] },
    '/api/db/change_types': { body: [] },
    ...extra,
  });
}

/**
 * A document no page should choke on, as the server would send it: 5,000 levels deep (written as text:
 * JSON.stringify itself overflows the stack at that depth), 20,000 keys, a megabyte string, control bytes.
 */
function oddDocumentText(): string {
  const depth = 5000;
  const deep = `${'{"next":'.repeat(depth)}"bottom"${'}'.repeat(depth)}`;
  const wide = JSON.stringify(Object.fromEntries(Array.from({ length: 20_000 }, (_, index) => [`key${index}`, index])));
  const rest = JSON.stringify({ binary: '\u0000\u0001\u0002\u00ff\ufffd PNG\r\n\u001a', blob: 'A'.repeat(1_000_000) });
  return `[{"config":{${rest.slice(1, -1)},"deep":${deep},"wide":${wide}}}]`;
}

describe('/catalog/{id}', () => {
  it('shows the header, costs, tabs with counts, the facts and the document', async () => {
    itemApi({}, { body: [buildConfigItem({ cost_total_30d: 12.5 })] });
    renderApp(`/catalog/${ITEM_ID}`);
    const breadcrumb = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(breadcrumb.textContent).toBe('Catalog / checkout');
    expect(document.title).toBe('checkout | Catalog | Mission Control');
    const header = screen.getByRole('region', { name: 'Configuration item' });
    expect(within(header).getByText('healthy')).toBeTruthy();
    expect(header.textContent).toContain('$12.50');
    expect(await within(header).findByRole('button', { name: 'Attach as Evidence' })).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Configuration item tabs' });
    expect(within(tabs).getByRole('link', { name: /Changes/ }).textContent).toBe('Changes2');
    const doc = await screen.findByRole('region', { name: 'Document' });
    expect(doc.textContent).toContain('"replicas": 3');
  });

  it('draws an odd document (deep, wide, huge, binary-looking) without breaking the page', async () => {
    itemApi({ '/api/db/config_items': { body: oddDocumentText() } });
    renderApp(`/catalog/${ITEM_ID}`);
    const doc = await screen.findByRole('region', { name: 'Document' });
    expect(doc.querySelectorAll('div > div').length).toBeLessThan(200);
    expect(await screen.findByText(/lines$/)).toBeTruthy();
    expect(doc.textContent).toContain('"binary": "\\u0000\\u0001\\u0002');
    expect(doc.textContent).toMatch(/\(998,0\d\d more characters\)/);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Catalog / checkout');
  });

  it('lists the changes of the item only, since it was first seen', async () => {
    const { calls } = itemApi({
      '/api/catalog/changes': { body: buildCatalogChangesResponse({ changes: [buildChange()] }) },
    });
    renderApp(`/catalog/${ITEM_ID}/changes`);
    expect(await screen.findByText('spec.replicas 2 → 3')).toBeTruthy();
    const body = JSON.parse(String(calls.find((call) => call.url.pathname === '/api/catalog/changes')?.init?.body));
    expect(body).toMatchObject({ id: ITEM_ID, recursive: 'none', from: '2026-11-20T10:00:00Z' });
  });

  it('lists the insights of the item', async () => {
    itemApi({ '/api/db/config_analysis_items': { body: [buildInsight()], headers: { 'Content-Range': '0-0/1' } } });
    renderApp(`/catalog/${ITEM_ID}/insights`);
    expect(await screen.findByText('Container runs as root')).toBeTruthy();
  });

  it('draws the relationships as a graph whose cards open the related item, lists them, changes depth and kind', async () => {
    const { calls } = itemApi({
      '/api/db/rpc/related_configs_recursive': {
        body: [
          buildRelated({ id: ITEM_ID, name: 'checkout', depth: 0, direction: 'self', related_ids: [OTHER_ID] }),
          buildRelated(),
        ],
      },
    });
    const { router } = renderApp(`/catalog/${ITEM_ID}/relationships`);
    expect(await screen.findByTestId('relationships-graph', {}, { timeout: 10_000 })).toBeTruthy();
    // xyflow keeps a card hidden (and so nameless to role queries) until it has measured it, which jsdom cannot do
    const card = await waitFor(() => {
      const found = document.querySelector('a[aria-label="Open orders-db"]');
      if (!found) throw new Error('no card for orders-db yet');
      return found;
    });
    expect(card.getAttribute('href')).toBe(`/catalog/${OTHER_ID}/relationships`);
    // the controls, edges and background follow the console's theme (issue 30: themed in dark mode)
    const flow = screen.getByTestId('relationships-graph').querySelector('.react-flow');
    expect(flow?.classList.contains('light')).toBe(true);
    document.documentElement.dataset.theme = 'dark';
    await waitFor(() => expect(flow?.classList.contains('dark')).toBe(true));
    delete document.documentElement.dataset.theme;
    const rpc = calls.find((call) => call.url.pathname === '/api/db/rpc/related_configs_recursive')?.url.searchParams;
    expect(rpc?.get('type_filter')).toBe('all');
    expect(rpc?.get('select')).toBe('id,name,type,health,status,depth,direction,related_ids,deleted_at');
    expect(rpc?.get('max_depth')).toBe('3');
    expect(rpc?.get('outgoing_relation')).toBe('both');
    const user = userEvent.setup();
    expect(selectButton('Depth').textContent).toBe('3');
    await chooseOption(user, 'Depth', '10');
    await waitFor(() => expect(router.state.location.search).toContain('depth=10'));
    await chooseOption(user, 'Relationships', 'Hard (from the source)');
    await waitFor(() => expect(router.state.location.search).toContain('relation=hard'));
    await waitFor(() => {
      const hard = calls.filter((call) => call.url.pathname === '/api/db/rpc/related_configs_recursive').at(-1)
        ?.url.searchParams;
      expect([hard?.get('incoming_relation'), hard?.get('outgoing_relation')]).toEqual(['hard', 'hard']);
    });
    await userEvent.click(screen.getByRole('tab', { name: 'List' }));
    const list = await screen.findByRole('table', { name: 'Related items' });
    expect(within(list).getByRole('link', { name: /orders-db/ })).toBeTruthy();
  });

  it('lists the playbooks applicable to the item, and its linked checks', async () => {
    itemApi({
      '/api/playbook/list': {
        body: [buildPlaybook({ id: 'p1', name: 'restart', title: 'Restart pod' })],
      },
      '/api/db/rpc/check_summary_for_config': {
        body: buildCheckSummaryForConfig([
          { id: 'k1', name: 'checkout-http', type: 'http', status: 'healthy', icon: null, last_runtime: null },
        ]),
      },
    });
    const view = renderApp(`/catalog/${ITEM_ID}/playbooks`);
    expect(await screen.findByRole('button', { name: 'Run Restart pod' })).toBeTruthy();
    view.unmount();
    renderApp(`/catalog/${ITEM_ID}/checks`);
    const link = await screen.findByRole('link', { name: 'checkout-http' });
    expect(link.getAttribute('href')).toBe('/health?checkId=k1&timeRange=1h');
  });

  it('says when there is no such item, without asking for an id that cannot exist', async () => {
    const { calls } = itemApi({}, { body: [] });
    const view = renderApp(`/catalog/${ITEM_ID}`);
    expect(await screen.findByText('No configuration item found')).toBeTruthy();
    view.unmount();
    renderApp('/catalog/not-an-id/changes');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Catalog');
    expect(calls.filter((call) => call.url.pathname === '/api/db/config_detail')).toHaveLength(1);
  });

  it("shows the server's message when the item cannot be read", async () => {
    itemApi({}, { status: 500, body: { message: 'catalog unavailable' } });
    renderApp(`/catalog/${ITEM_ID}`);
    expect(await screen.findByText('catalog unavailable')).toBeTruthy();
  });
});
