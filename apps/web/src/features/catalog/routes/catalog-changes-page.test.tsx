import type { CatalogChange } from '@mc/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildCatalogChangesResponse } from '../../../test/factories/catalog';
import { adminSession, type FakeAnswer, shellApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { buildChange, CHANGE_ID, SAMPLE_DIFF } from '../testing/build-catalog';
import { giveElementsAScreenSize } from '../testing/element-size';

beforeEach(giveElementsAScreenSize);

function changesApi(search: FakeAnswer | (() => Promise<FakeAnswer>), detail: FakeAnswer = { body: [] }) {
  return shellApi(adminSession, [], {
    '/api/catalog/changes': typeof search === 'function' ? () => search() : search,
    '/api/db/config_changes': detail,
    '/api/db/change_types': { body: [{ change_type: 'diff' }] },
    '/api/db/config_types': { body: [{ type: 'Kubernetes::Deployment' }] },
    '/api/db/config_labels': { body: [] },
    '/api/db/config_tags': { body: [] },
    '/api/db/incidents': { body: [] },
  });
}

const page = (changes: CatalogChange[]): FakeAnswer => ({ body: buildCatalogChangesResponse({ changes }) });

describe('/catalog/changes', () => {
  it('shows a skeleton, then the changes; the search carries the type filter and the severity', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { calls } = changesApi(async () => {
      await gate;
      return page([buildChange()]);
    });
    renderApp('/catalog/changes?type=File%3A1&severity=high&tags=namespace%3Dshop%3A1');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Catalog Changes');
    expect(await screen.findByTestId('table-skeleton')).toBeTruthy();
    release();
    expect(await screen.findByRole('link', { name: 'checkout' })).toBeTruthy();
    const body = JSON.parse(String(calls.find((call) => call.url.pathname === '/api/catalog/changes')?.init?.body));
    expect(body).toMatchObject({
      config_type: 'File',
      severity: 'high',
      tags: 'namespace=shop',
      sort_by: '-created_at',
    });
  });

  it('opens a change with its diff side by side and unified, and offers Attach as Evidence', async () => {
    changesApi(page([buildChange()]), { body: [{ ...buildChange(), diff: SAMPLE_DIFF, patches: null, details: {} }] });
    const { router } = renderApp('/catalog/changes');
    await userEvent.click(await screen.findByText('spec.replicas 2 → 3'));
    await waitFor(() => expect(router.state.location.search).toContain(`changeId=${CHANGE_ID}`));
    const dialog = await screen.findByRole('dialog');
    const side = await within(dialog).findByRole('table', { name: 'Side-by-side diff' });
    const changed = within(side).getByText('replicas: 2').closest('tr');
    expect(changed?.textContent).toContain('replicas: 3');
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Unified' }));
    const unified = await within(dialog).findByRole('table', { name: 'Unified diff' });
    expect(
      within(unified)
        .getByText(/-replicas: 2/)
        .closest('tr')?.dataset.kind,
    ).toBe('removed');
    expect(await within(dialog).findByRole('button', { name: 'Attach as Evidence' })).toBeTruthy();
  });

  it('says when no change falls in the window', async () => {
    changesApi(page([]));
    renderApp('/catalog/changes');
    expect(await screen.findByText('No changes in this window')).toBeTruthy();
  });

  it("shows the server's message when the search is refused", async () => {
    changesApi({ status: 400, body: { message: "'from' must be before 'to'" } });
    renderApp('/catalog/changes');
    expect(await screen.findByText("'from' must be before 'to'")).toBeTruthy();
  });
});
