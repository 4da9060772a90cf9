import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { buildHealthSummary, buildHealthSummaryColumns } from '../../../test/factories/health';
import { shellApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { prefetchPageData } from '../api/prefetch-health-page';
import { summaryWindow } from '../api/summary-window';
import { buildCheck } from '../testing/build-check';

vi.mock('../components/check-chart', () => ({ CheckChart: () => <div>chart</div> }));

// the first test of a file also waits for the lazy health chunk to be transformed (seconds on a loaded machine)
const wait = { timeout: 15_000 };

/** The summary the fake server answers for a window: the wider the window, the more runs and the slower. */
function summaryFor(start: string, format?: string) {
  const wide = start !== '1h';
  return (format === 'columns' ? buildHealthSummaryColumns : buildHealthSummary)([
    buildCheck({
      id: 'b',
      name: 'db',
      status: 'unhealthy',
      uptime: wide ? { passed: 90, failed: 10 } : { passed: 1, failed: 3 },
      latency: wide
        ? { p95: 2500, p97: 2600, p99: 2700, rolling1h: 5 }
        : { p95: 120, p97: 130, p99: 140, rolling1h: 5 },
    }),
  ]);
}

const row = () => within(screen.getByRole('table', { name: 'Health checks' })).getByRole('row', { name: /db/ });

describe('/health time range (001 §2, §4)', { timeout: 30_000 }, () => {
  it('asks for the last hour by default; a preset fetches again, the uptime and latency follow, the URL keeps it', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    const signals: AbortSignal[] = [];
    let hold: Promise<void> | undefined;
    shellApi(undefined, [], {
      '/api/canary/api/summary': async (_url, init) => {
        const body = JSON.parse(String(init?.body)) as { start: string; format?: string };
        bodies.push(body);
        signals.push(init?.signal as AbortSignal);
        if (hold) await hold;
        return { body: summaryFor(body.start, body.format) };
      },
    });
    const { router } = renderApp('/health');
    await screen.findByRole('link', { name: 'db' }, wait);
    expect(bodies[0]).toEqual({ start: '1h', format: 'columns' });
    expect(row().textContent).toContain('25%');
    expect(row().textContent).toContain('120ms');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Last 1 hour' }));
    const dialog = await screen.findByRole('dialog', { name: 'Time range' });
    // a first choice whose answer is slow is left behind by the next: its request is aborted (001 §4)
    let release: () => void = () => undefined;
    hold = new Promise((resolve) => {
      release = resolve;
    });
    await user.click(within(dialog).getByRole('button', { name: 'Last 24 hours' }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ start: '24h', format: 'columns' }), wait);
    hold = undefined;
    await user.click(screen.getByRole('button', { name: 'Last 24 hours' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Time range' })).getByRole('button', { name: 'Last 7 days' }),
    );
    await waitFor(() => expect(bodies.at(-1)).toEqual({ start: '7d', format: 'columns' }), wait);
    release();
    expect(signals.at(-2)?.aborted).toBe(true);
    await waitFor(() => expect(row().textContent).toContain('90%'), wait);
    expect(row().textContent).toContain('2.5s');
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toBeTruthy();
    const search = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(search)).toMatchObject({
      rangeType: 'relative',
      range: 'now-7d',
      display: 'Last 7 days',
    });
  });

  it('opens on the range its URL names, and Clear returns to the last hour', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    shellApi(undefined, [], {
      '/api/canary/api/summary': (_url, init) => {
        const body = JSON.parse(String(init?.body)) as { start: string; format?: string };
        bodies.push(body);
        return { body: summaryFor(body.start, body.format) };
      },
    });
    const { router } = renderApp('/health?rangeType=relative&range=now-6M&display=Last+6+months');
    await screen.findByRole('link', { name: 'db' }, wait);
    // months and years reach the server as days: its durations stop at weeks
    expect(bodies[0]).toEqual({ start: '180d', format: 'columns' });
    expect(row().textContent).toContain('90%');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Last 6 months' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Time range' })).getByRole('button', { name: 'Clear' }),
    );
    await waitFor(() => expect(bodies.at(-1)).toEqual({ start: '1h', format: 'columns' }), wait);
    await waitFor(() => expect(row().textContent).toContain('25%'), wait);
    expect(router.state.location.search).not.toContain('rangeType');
  });
});

describe('/health prefetch at boot', { timeout: 30_000 }, () => {
  it('asks for the range of the address, and the page uses that answer instead of asking again', async () => {
    const bodies: unknown[] = [];
    shellApi(undefined, [], {
      '/api/canary/api/summary': (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return { body: summaryFor('24h') };
      },
    });
    const client = createQueryClient();
    const search = '?rangeType=relative&range=now-24h&display=Last+24+hours';
    prefetchPageData(client, search);
    await vi.waitFor(() => expect(bodies).toEqual([{ start: '24h', format: 'columns' }]), wait);
    renderApp(`/health${search}`, client);
    await screen.findByRole('link', { name: 'db' }, wait);
    expect(bodies).toHaveLength(1);
  });
});

describe('summaryWindow', () => {
  const now = new Date('2026-11-25T12:34:56Z');
  it('reads each kind of range as the summary endpoint does', () => {
    expect(summaryWindow(undefined)).toEqual({ start: '1h' });
    expect(summaryWindow({ type: 'relative', display: 'Last 5 minutes', range: 'now-5m' })).toEqual({ start: '5m' });
    expect(summaryWindow({ type: 'relative', display: 'Last 2 years', range: 'now-2y' })).toEqual({ start: '730d' });
    expect(summaryWindow({ type: 'relative', display: 'x', range: 'soon' })).toEqual({ start: '1h' });
    expect(summaryWindow({ type: 'absolute', from: '2026-11-01T00:00:00Z', to: '2026-11-02T00:00:00Z' })).toEqual({
      start: '2026-11-01T00:00:00.000Z',
      end: '2026-11-02T00:00:00.000Z',
    });
    // backwards or unreadable bounds fall back to the default rather than a 400
    expect(summaryWindow({ type: 'absolute', from: '2026-11-02T00:00:00Z', to: '2026-11-01T00:00:00Z' })).toEqual({
      start: '1h',
    });
    const today = summaryWindow({ type: 'mapped', display: 'Today so far' }, now);
    expect(today.end).toBe(now.toISOString());
    expect(new Date(today.start).getTime()).toBeLessThan(now.getTime());
  });
});
