import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildJobHistoryRow, buildScraperRunAnswer } from '../../../test/factories/catalog';
import { adminSession, type FakeAnswer, shellApi, viewerSession } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { buildConfigItem, buildScraper, SCRAPER_ID } from '../testing/build-catalog';
import { giveElementsAScreenSize } from '../testing/element-size';

beforeEach(giveElementsAScreenSize);

const RUN = buildJobHistoryRow({
  resource_id: SCRAPER_ID,
  success_count: 3,
  details: { scrape_summary: { created: 2, updated: 1, unchanged: 0, deleted: 0, errors: 0 } },
});

function scrapersApi(list: FakeAnswer | (() => Promise<FakeAnswer>), extra: Record<string, FakeAnswer> = {}) {
  return shellApi(adminSession, [], {
    '/api/db/config_scrapers': typeof list === 'function' ? () => list() : list,
    '/api/db/job_history': { body: [RUN] },
    ...extra,
  });
}

describe('/catalog/scrapers', () => {
  it('shows a skeleton, then each scraper with its kind, schedule and last run; Run Now scrapes it', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { calls } = scrapersApi(
      async () => {
        await gate;
        return { body: [buildScraper()] };
      },
      {
        [`/api/catalog/scrapers/${SCRAPER_ID}/run`]: {
          body: buildScraperRunAnswer({ scraper_id: SCRAPER_ID }),
        },
      },
    );
    renderApp('/catalog/scrapers');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Catalog Scrapers');
    expect(await screen.findByTestId('table-skeleton')).toBeTruthy();
    release();
    const row = (await screen.findByRole('link', { name: 'shop-files' })).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('file');
    expect(row.textContent).toContain('@every 30m');
    expect(await within(row).findByText(/3 changed, 0 errors/)).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'Run shop-files now' }));
    await waitFor(() =>
      expect(calls.some((call) => call.url.pathname.endsWith('/run') && call.init?.method === 'POST')).toBe(true),
    );
  });

  it('offers Add scraper to writers, and says when there are none', async () => {
    scrapersApi({ body: [] });
    const view = renderApp('/catalog/scrapers');
    expect(await screen.findByText('No scrapers yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add scraper' })).toBeTruthy();
    view.unmount();
    shellApi(viewerSession, [], {
      '/api/db/config_scrapers': { body: [buildScraper()] },
      '/api/db/job_history': { body: [] },
    });
    renderApp('/catalog/scrapers');
    expect(await screen.findByText('Never run')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add scraper' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Run .* now/ })).toBeNull();
  });

  it("shows the server's message when the list fails", async () => {
    scrapersApi({ status: 500, body: { message: 'scrapers unavailable' } });
    renderApp('/catalog/scrapers');
    expect(await screen.findByText('scrapers unavailable')).toBeTruthy();
  });
});

describe('/catalog/scrapers/{id}', () => {
  const detail = { body: [{ ...buildScraper(), labels: {}, agent_id: null }] };

  it('edits the spec in the resource editor, lists the last runs and the items it produced', async () => {
    scrapersApi(detail, {
      '/api/db/configs': { body: [buildConfigItem()], headers: { 'Content-Range': '0-0/1' } },
    });
    renderApp(`/catalog/scrapers/${SCRAPER_ID}`);
    expect((await screen.findByRole('navigation', { name: 'Breadcrumb' })).textContent).toBe(
      'Catalog Scrapers / shop-files',
    );
    expect(await screen.findByRole('button', { name: 'Update' })).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Last Runs' }));
    const runs = await screen.findByRole('list', { name: 'Last runs' });
    expect(runs.textContent).toContain('updated 1');
    await userEvent.click(screen.getByRole('tab', { name: 'Items' }));
    expect(await screen.findByRole('link', { name: /checkout/ })).toBeTruthy();
  });

  it('opens the type picker for a new scraper, and says when a scraper does not exist', async () => {
    scrapersApi({ body: [] });
    const view = renderApp('/catalog/scrapers/new');
    expect(await screen.findByRole('button', { name: /Custom Scraper/ })).toBeTruthy();
    view.unmount();
    renderApp('/catalog/scrapers/s1');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Catalog Scraper');
    expect(await screen.findByText('No scraper found')).toBeTruthy();
  });

  it("shows the server's message when the scraper cannot be read", async () => {
    scrapersApi({ status: 500, body: { message: 'scraper unavailable' } });
    renderApp(`/catalog/scrapers/${SCRAPER_ID}`);
    expect(await screen.findByText('scraper unavailable')).toBeTruthy();
  });
});
