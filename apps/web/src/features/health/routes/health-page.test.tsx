import { HEALTH_DASHBOARD } from '@mc/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseOption, selectButton } from '../../../test/choose-option';
import { buildHealthSummary } from '../../../test/factories/health';
import { type FakeAnswer, shellApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { buildCheck } from '../testing/build-check';

vi.mock('../components/check-chart', () => ({ CheckChart: () => <div>chart</div> }));

// the first test of a file also waits for the lazy health chunk to be transformed (seconds on a loaded machine)
const wait = { timeout: 15_000 };
const checks = [
  buildCheck({ id: 'a', name: 'api', namespace: 'prod', labels: { critical: 'true', team: 'x' } }),
  buildCheck({
    id: 'b',
    name: 'db',
    namespace: 'dev',
    status: 'unhealthy',
    uptime: { passed: 1, failed: 3 },
    description: 'Postgres primary',
  }),
  buildCheck({
    id: 'c',
    name: 'cache',
    namespace: 'prod',
    status: 'unhealthy',
    uptime: { passed: 0, failed: 2 },
    endpoint: 'redis://cache:6379',
  }),
];

function healthApi(summary: (url: URL, init?: RequestInit) => FakeAnswer | Promise<FakeAnswer>) {
  return shellApi(undefined, [], { '/api/canary/api/summary': summary });
}

const rows = () => within(screen.getByRole('table', { name: 'Health checks' }));

describe('/health', { timeout: 30_000 }, () => {
  it('shows a skeleton while loading, then hides passing checks by default and counts active filters', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { calls } = healthApi(async () => {
      await gate;
      return { body: buildHealthSummary(checks) };
    });
    renderApp('/health');
    expect(await screen.findByTestId('table-skeleton', {}, wait)).toBeTruthy();
    release();
    await screen.findByRole('link', { name: 'db' }, wait);
    expect(rows().queryByRole('link', { name: 'api' })).toBeNull();
    expect(screen.getByTestId('active-filter-count').textContent).toBe('1');
    const call = calls.find((c) => c.url.pathname === '/api/canary/api/summary');
    expect(call?.init?.method).toBe('POST');

    await userEvent.click(screen.getByRole('switch', { name: 'Hide Passing' }));
    expect(await rows().findByRole('link', { name: 'api' }, wait)).toBeTruthy();
    expect(screen.getByTestId('active-filter-count').textContent).toBe('0');
    // boolean label values are a switch; others a multi-select
    await userEvent.click(screen.getByRole('switch', { name: 'critical' }));
    await waitFor(() => expect(rows().queryByRole('link', { name: 'db' })).toBeNull(), wait);
    expect(screen.getByTestId('active-filter-count').textContent).toBe('1');
    expect(screen.getByRole('button', { name: /team/ })).toBeTruthy();
  });

  it('search waits 400 ms and matches name, description or endpoint', async () => {
    healthApi(() => ({ body: buildHealthSummary(checks) }));
    const { router } = renderApp('/health');
    await screen.findByRole('link', { name: 'db' }, wait);
    const search = screen.getByPlaceholderText(HEALTH_DASHBOARD.searchPlaceholder);
    await userEvent.type(search, 'redis');
    expect(rows().getByRole('link', { name: 'db' })).toBeTruthy();
    await waitFor(() => expect(rows().queryByRole('link', { name: 'db' })).toBeNull(), wait);
    expect(rows().getByRole('link', { name: 'cache' })).toBeTruthy();
    expect(router.state.location.search).toContain('query=redis');
    await userEvent.clear(search);
    await userEvent.type(search, 'postgres');
    await waitFor(() => expect(rows().queryByRole('link', { name: 'cache' })).toBeNull(), wait);
    expect(rows().getByRole('link', { name: 'db' })).toBeTruthy();
  });

  it('tabs are All plus the namespaces; groups by canary with summed uptime and mixed status; rows link to the check', async () => {
    healthApi(() => ({ body: buildHealthSummary(checks) }));
    renderApp('/health?hidePassing=false');
    await screen.findByRole('link', { name: 'db' }, wait);
    const tabs = screen.getByRole('tablist', { name: 'Tabs' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['All', 'dev', 'prod']);
    expect(selectButton('Group By').textContent).toBe('Canary');
    expect(selectButton('Tab By').textContent).toBe('Namespace');
    const group = screen.getByRole('rowgroup', { name: 'Group web' });
    const groupRow = within(group).getAllByRole('row')[0] as HTMLElement;
    expect(groupRow.textContent).toContain('web (3)');
    expect(groupRow.textContent).toContain('mixed');
    expect(groupRow.textContent).toContain('28.6%'); // (1+1+0) / (1+0 + 1+3 + 0+2)
    expect(rows().getByRole('link', { name: 'db' }).getAttribute('href')).toBe(
      '/health?hidePassing=false&checkId=b&timeRange=1h',
    );
    await userEvent.click(within(tabs).getByRole('tab', { name: 'dev' }));
    await waitFor(() => expect(rows().queryByRole('link', { name: 'cache' })).toBeNull(), wait);
    await chooseOption(userEvent.setup(), 'Group By', 'None');
    expect(screen.queryByRole('rowgroup', { name: /Group/ })).toBeNull();
  });

  it('auto refresh by the refresh setting aborts an in-flight fetch silently', async () => {
    const signals: AbortSignal[] = [];
    healthApi((_url, init) => {
      const signal = init?.signal as AbortSignal;
      signals.push(signal);
      if (signals.length === 2) {
        // the second fetch hangs until the next tick aborts it
        return new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      }
      return { body: buildHealthSummary(checks) };
    });
    renderApp('/health?refresh=1s');
    await screen.findByRole('link', { name: 'db' }, wait);
    await waitFor(() => expect(signals.length).toBeGreaterThanOrEqual(3), { timeout: 8000 });
    expect(signals[1]?.aborted).toBe(true);
    expect(screen.getByRole('link', { name: 'db' })).toBeTruthy();
    expect(screen.queryByText(/error/i)).toBeNull();
  });
});

describe('/view/health', { timeout: 30_000 }, () => {
  it('shows the same dashboard standalone, without the sidebar navigation', async () => {
    healthApi(() => ({ body: buildHealthSummary(checks) }));
    renderApp('/view/health?hidePassing=false');
    const link = await screen.findByRole('link', { name: 'db' }, wait);
    expect(link.getAttribute('href')).toBe('/view/health?hidePassing=false&checkId=b&timeRange=1h');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('inside the console the same page has the sidebar', async () => {
    healthApi(() => ({ body: buildHealthSummary(checks) }));
    renderApp('/health');
    await screen.findByRole('link', { name: 'db' }, wait);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });
});

describe('/health when the summary fails', { timeout: 30_000 }, () => {
  it('shows the server message instead of a table that never loads', async () => {
    healthApi(() => ({ status: 400, body: { message: 'labels must be an object of strings' } }));
    renderApp('/health');
    expect((await screen.findByRole('alert', {}, wait)).textContent).toContain('labels must be an object of strings');
  });
});

describe('/health with a long answer', { timeout: 60_000 }, () => {
  const slow = { timeout: 20_000 };
  beforeEach(() => {
    // jsdom lays nothing out: the page's scroll area (main) is given the size of a window
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function height(this: HTMLElement) {
      return this.tagName === 'MAIN' ? 900 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function width(this: HTMLElement) {
      return this.tagName === 'MAIN' ? 1200 : 0;
    });
  });
  // ~1 MB of JSON: the first checks are parsed and drawn before the rest is read between frames
  const many = Array.from({ length: 2500 }, (_, index) =>
    buildCheck({
      id: `m${index}`,
      name: `check-${String(index).padStart(4, '0')}`,
      canary_name: `canary-${index % 7}`,
      namespace: index === 2499 ? 'only-last' : 'prod',
      description: 'A check with enough words to make the answer long. '.repeat(4),
      labels: index === 2499 ? { rare: 'yes' } : {},
    }),
  );

  it('draws the first rows of a flat list, then reads every check (tabs, labels, the last rows)', async () => {
    healthApi(() => ({ body: buildHealthSummary(many) }));
    renderApp('/health?groupBy=none&hidePassing=false');
    expect(await screen.findByRole('link', { name: 'check-0000' }, slow)).toBeTruthy();
    // the tab and the label only the last check has appear once the whole answer is read
    expect(await screen.findByRole('tab', { name: 'only-last' }, slow)).toBeTruthy();
    expect(screen.getByRole('button', { name: /rare/ })).toBeTruthy();
  });

  it('groups every check once the whole answer is read, drawing only the rows in view', async () => {
    healthApi(() => ({ body: buildHealthSummary(many) }));
    renderApp('/health?hidePassing=false');
    const group = await screen.findByRole('rowgroup', { name: 'Group canary-0' }, slow);
    expect(within(group).getAllByRole('row')[0]?.textContent).toContain('canary-0 (358)');
    expect(document.querySelectorAll('tr[data-check-id]').length).toBeLessThan(100);
  });
});
