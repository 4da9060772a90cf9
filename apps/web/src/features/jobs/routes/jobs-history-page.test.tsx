import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { chooseOption, optionTexts, selectButton } from '../../../test/choose-option';
import { shellApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import type { JobHistoryRow } from '../components/job-history-options';

const local = { id: '00000000-0000-0000-0000-000000000000', name: 'local' };

function job(overrides: Partial<JobHistoryRow>): JobHistoryRow {
  return {
    id: 'j1',
    name: 'run_canary',
    time_start: '2026-11-22T05:00:00Z',
    resource_type: 'canary',
    resource_id: 'c1',
    resource_name: 'api-health',
    agent: local,
    status: 'SUCCESS',
    duration_millis: 120,
    success_count: 1,
    error_count: 0,
    details: null,
    ...overrides,
  };
}

const ROWS: JobHistoryRow[] = [
  job({ id: 'j1' }),
  job({
    id: 'j2',
    name: 'scrape',
    resource_type: 'config_scraper',
    resource_id: 's1',
    resource_name: 'k8s',
    status: 'FAILED',
    duration_millis: 90_000,
    details: { errors: ['connection refused'], scrape_summary: { added: 3 } },
  }),
  job({
    id: 'j3',
    name: 'sync_topology',
    resource_type: 'topology',
    resource_id: 't1',
    resource_name: 'payments',
    status: 'WARNING',
    duration_millis: 1500,
  }),
  job({ id: 'j4', name: 'running', resource_type: 'playbook', resource_id: 'p1', resource_name: 'restart' }),
  job({
    id: 'j5',
    name: 'stopped',
    status: 'STOPPED',
    resource_type: 'config',
    resource_id: 'ci1',
    resource_name: 'pod',
  }),
  job({ id: 'j6', name: 'busy', status: 'RUNNING', duration_millis: 7_200_000, resource_name: 'busy-check' }),
];

function setup(path = '/settings/jobs') {
  const api = shellApi(undefined, [], {
    '/api/db/job_histories': { body: ROWS, headers: { 'Content-Range': `0-5/${ROWS.length}` } },
    '/api/db/job_history_names': { body: [{ name: 'run_canary' }, { name: 'scrape' }] },
  });
  const view = renderApp(path);
  const lastQuery = () => {
    const calls = api.calls.filter((call) => call.url.pathname === '/api/db/job_histories');
    const last = calls.at(-1);
    if (!last) throw new Error('no job history call yet');
    return last.url.searchParams;
  };
  return { ...view, api, lastQuery };
}

describe('/settings/jobs', () => {
  it('asks for the last 2 days without SUCCESS, 150 rows, newest first, with a count', async () => {
    const { lastQuery, api } = setup();
    await screen.findByRole('cell', { name: 'scrape' });
    const query = lastQuery();
    const from = Date.parse((query.get('created_at') ?? '').replace('gte.', ''));
    expect(Math.abs(Date.now() - 2 * 86_400_000 - from)).toBeLessThan(120_000);
    expect(query.get('status')).toBe('not.in.("SUCCESS")');
    expect(query.get('limit')).toBe('150');
    expect(query.get('offset')).toBe('0');
    expect(query.get('order')).toBe('created_at.desc');
    const call = api.calls.find((entry) => entry.url.pathname === '/api/db/job_histories');
    expect(new Headers(call?.init?.headers).get('Prefer')).toContain('count=estimated');
    expect(screen.getByRole('button', { name: 'Last 2 days' })).toBeTruthy();
  });

  it('a time-range preset applies to the query, back on the first page (issue 12 §6)', async () => {
    const user = userEvent.setup();
    const { lastQuery, router } = setup('/settings/jobs?pageIndex=3');
    await screen.findByRole('cell', { name: 'scrape' });
    await user.click(screen.getByRole('button', { name: 'Last 2 days' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Time range' })).getByRole('button', { name: 'Last 15 minutes' }),
    );
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('range')).toBe('now-15m'));
    expect(new URLSearchParams(router.state.location.search).get('pageIndex')).toBeNull();
    await waitFor(() => {
      const from = Date.parse((lastQuery().get('created_at') ?? '').replace('gte.', ''));
      expect(Math.abs(Date.now() - 15 * 60_000 - from)).toBeLessThan(120_000);
    });
  });

  it('takes the page size from pageSize', async () => {
    const { lastQuery } = setup('/settings/jobs?pageSize=25&pageIndex=2');
    await screen.findByRole('cell', { name: 'scrape' });
    expect(lastQuery().get('limit')).toBe('25');
    expect(lastQuery().get('offset')).toBe('50');
  });

  it('links each resource by its type, colours statuses and rounds durations', async () => {
    setup();
    const canary = await screen.findByRole('link', { name: 'Open api-health' });
    expect(canary.getAttribute('href')).toBe('/settings/canaries/c1');
    expect(screen.getByRole('link', { name: 'Open k8s' }).getAttribute('href')).toBe('/catalog/scrapers/s1');
    expect(screen.getByRole('link', { name: 'Open payments' }).getAttribute('href')).toBe('/settings/topologies/t1');
    expect(screen.getByRole('link', { name: 'Open restart' }).getAttribute('href')).toBe('/playbooks/p1');
    expect(screen.getByRole('link', { name: 'Open pod' }).getAttribute('href')).toBe('/catalog/ci1');
    const badge = (status: string) => screen.getAllByText(status).find((node) => node.dataset.status === status);
    // 001 §4's green, red, orange and yellow, as the status tokens (index.css)
    expect(badge('SUCCESS')?.className).toContain('text-status-healthy');
    expect(badge('FAILED')?.className).toContain('text-status-unhealthy');
    expect(badge('STOPPED')?.className).toContain('text-status-unhealthy');
    expect(badge('WARNING')?.className).toContain('text-status-warning');
    expect(badge('RUNNING')?.className).toContain('text-status-pending');
    for (const text of ['120ms', '1.5m', '1.5s', '2h']) expect(screen.getAllByText(text).length).toBeGreaterThan(0);
  });

  it('filters by duration, resource type, name and status, back on the first page', async () => {
    const user = userEvent.setup();
    const { lastQuery } = setup('/settings/jobs?pageIndex=3');
    await screen.findByRole('cell', { name: 'scrape' });
    await chooseOption(user, 'Duration', '30s');
    await waitFor(() => expect(lastQuery().get('duration_millis')).toBe('gte.30000'));
    expect(lastQuery().get('offset')).toBe('0');
    expect(await optionTexts(user, 'Duration')).toEqual(['none', '15s', '30s', '60s', '2m', '3m', '5m', '10m', '15m']);
    await chooseOption(user, 'Resource Type', 'Catalog Scraper');
    await waitFor(() => expect(lastQuery().get('resource_type')).toBe('eq.config_scraper'));
    await waitFor(() => expect(selectButton('Name')).toBeTruthy());
    await chooseOption(user, 'Name', 'scrape');
    await waitFor(() => expect(lastQuery().get('name')).toBe('eq.scrape'));
  });

  it('shows every status once the default exclusion is removed', async () => {
    const { lastQuery } = setup('/settings/jobs?status=all');
    await screen.findByRole('cell', { name: 'scrape' });
    expect(lastQuery().get('status')).toBeNull();
  });

  it('includes chosen statuses', async () => {
    const { lastQuery } = setup('/settings/jobs?status=FAILED:1,WARNING:1');
    await screen.findByRole('cell', { name: 'scrape' });
    expect(lastQuery().get('status')).toBe('in.("FAILED","WARNING")');
  });

  it("opens 'Details for job {name}' with only the tabs the job has", async () => {
    const user = userEvent.setup();
    setup();
    await user.click(await screen.findByRole('cell', { name: 'scrape' }));
    const dialog = await screen.findByRole('dialog', { name: 'Details for job scrape' });
    const tabs = within(dialog)
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
    expect(tabs).toEqual(['Errors', 'Scrape Summary']);
    expect(within(dialog).getByText('connection refused')).toBeTruthy();
    await user.click(within(dialog).getByRole('tab', { name: 'Scrape Summary' }));
    expect(within(dialog).getByText(/"added": 3/)).toBeTruthy();
  });

  it('says so when a job has no details', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(await screen.findByRole('cell', { name: 'sync_topology' }));
    const dialog = await screen.findByRole('dialog', { name: 'Details for job sync_topology' });
    expect(within(dialog).queryByRole('tab')).toBeNull();
    expect(within(dialog).getByText('No details found')).toBeTruthy();
  });
});
