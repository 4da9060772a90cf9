import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  buildComponentWithLogs,
  buildLogBackend,
  buildLogLine,
  buildLogSearchResponse,
} from '../../../test/factories/logs';
import { shellApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';

const wait = { timeout: 10_000 };

const backends = [
  buildLogBackend(),
  buildLogBackend({
    id: 'b1',
    name: 'loki-prod',
    kinds: ['loki'],
    hint: 'LogQL, e.g. {app="web"} |= "timeout"',
    builtIn: false,
  }),
];

/** What the Loki double's answer renders as (the server's POST /api/logs answer). */
const lokiAnswer = buildLogSearchResponse({
  backend: { name: 'loki-prod', kinds: ['loki'] },
  lines: [
    buildLogLine({
      level: 'error',
      message: 'GET /checkout 504 upstream timeout after 30s',
      labels: { app: 'web', namespace: 'prod' },
    }),
    buildLogLine({
      timestamp: '2026-11-28T03:29:50.000Z',
      message: 'retrying upstream timeout',
      labels: { app: 'web' },
      fields: { level: 'info', msg: 'retrying upstream timeout', attempt: 2 },
    }),
  ],
});

describe('/logs', { timeout: 60_000 }, () => {
  it('searches the chosen backend with the query, levels and labels from the URL, and renders the lines', async () => {
    // jsdom lays nothing out: the virtual list's scroll area gets a browser's size
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    const { calls } = shellApi(undefined, [], {
      '/api/logs/backends': { body: backends },
      '/api/db/components_with_logs': { body: [buildComponentWithLogs()] },
      '/api/logs': { body: lokiAnswer },
    });
    renderApp('/logs?backend=loki-prod&q=timeout&level=error,info&labels=%7B%22app%22%3A%22web%22%7D');
    const list = await screen.findByRole('region', { name: 'Log lines' }, wait);
    expect(await within(list).findAllByTestId('log-line', {}, wait)).toHaveLength(2);
    expect(within(list).getAllByText('timeout', { selector: 'mark' }).length).toBeGreaterThan(0);
    expect(screen.getByText(/Syntax: LogQL/)).toBeTruthy();
    const search = calls.find((call) => call.url.pathname === '/api/logs');
    const body = JSON.parse(String(search?.init?.body));
    expect(body).toMatchObject({
      name: 'loki-prod',
      query: { text: 'timeout', levels: ['error', 'info'], labels: { app: 'web' } },
    });
    expect(body.query.start).toMatch(/^\d{4}-/);

    // a line opens to its JSON fields and actions
    const second = within(list).getAllByTestId('log-line')[1] as HTMLElement;
    fireEvent.click(within(second).getByRole('button', { name: 'Expand line' }));
    expect(within(second).getByText(/"attempt": 2/)).toBeTruthy();
    expect(within(second).getByRole('button', { name: 'Copy line' })).toBeTruthy();
    expect(await within(second).findByRole('button', { name: 'Attach as Evidence' }, wait)).toBeTruthy();
  });

  it("shows the backend's own message when the search fails", async () => {
    shellApi(undefined, [], {
      '/api/logs/backends': { body: backends },
      '/api/db/components_with_logs': { body: [] },
      '/api/logs': { status: 502, body: { code: 'bad_gateway', message: 'loki answered HTTP 401: no org id' } },
    });
    renderApp('/logs?backend=loki-prod');
    expect(await screen.findByText('loki answered HTTP 401: no org id', {}, wait)).toBeTruthy();
  });

  it('follows the logs.disable flag: no Logs entry in the sidebar', async () => {
    shellApi(undefined, [{ name: 'logs.disable', value: 'true' }], { '/api/logs/backends': { body: backends } });
    renderApp('/health');
    const nav = await screen.findByRole('navigation', { name: 'Main' }, wait);
    await within(nav).findByRole('link', { name: 'Health' }, wait);
    expect(within(nav).queryByRole('link', { name: 'Logs' })).toBeNull();
  });
  it('says there is no backend to search when the caller may see none (a viewer, without the server logs)', async () => {
    const { calls } = shellApi(undefined, [], { '/api/logs/backends': { body: [] } });
    renderApp('/logs');
    expect(await screen.findByText('No log backend to search', {}, wait)).toBeTruthy();
    expect(calls.some((call) => call.url.pathname === '/api/logs')).toBe(false);
  });
});
