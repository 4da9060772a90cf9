import { CHECK_HISTORY, LINK_TO_INCIDENT, STALE_TIMES } from '@mc/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/toaster';
import type { Session } from '../../../lib/permissions';
import { chooseOption, selectButton } from '../../../test/choose-option';
import {
  buildCheckArtifact,
  buildCheckComponentRelationship,
  buildCheckConfigRelationship,
  buildCheckGraph,
  buildCheckLocation,
  buildCheckLocations,
  buildCheckRow,
  buildCheckRunResult,
  buildCheckStatusRow,
  buildHealthSummary,
  buildLocationRunAnswer,
} from '../../../test/factories/health';
import { adminSession, type FakeAnswer, shellApi, viewerSession } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { buildCheck } from '../testing/build-check';

vi.mock('./check-chart', () => ({
  NO_MAINTENANCE: [],
  CheckChart: ({ maintenance = [] }: { maintenance?: Array<{ title: string }> }) => (
    <div>
      uptime and latency chart{maintenance.length > 0 ? ` · shaded: ${maintenance.map((m) => m.title).join(', ')}` : ''}
    </div>
  ),
}));

// the first test of a file also waits for the lazy health chunk to be transformed (seconds on a loaded machine)
const wait = { timeout: 15_000 };
const editorSession: Session = { ...viewerSession, roles: ['editor'] };
const lastRun = new Date(Date.now() - 90 * 60_000).toISOString();
const check = buildCheck({
  id: 'c1',
  name: 'checkout-http',
  status: 'unhealthy',
  severity: 'high',
  last_runtime: lastRun,
  last_transition_time: lastRun,
  next_runtime: new Date(Date.now() + 60_000).toISOString(),
});
const graph = buildCheckGraph({
  status: [{ time: lastRun, status: false, duration: 120, passed: 3, failed: 1 }],
  latency: { p95: 120, p97: 250, p99: 1500 },
  uptime: { passed: 3, failed: 1 },
});
const history = Array.from({ length: 50 }, (_, i) =>
  buildCheckStatusRow({
    time: new Date(Date.now() - i * 60_000).toISOString(),
    status: i % 2 === 0,
    duration: 100 + i,
    message: `run ${i}`,
  }),
);

function modalApi(session: Session = adminSession, extra: Record<string, FakeAnswer | (() => FakeAnswer)> = {}) {
  return shellApi(session, [], {
    '/api/canary/api/summary': { body: buildHealthSummary([check]) },
    '/api/canary/api/graph': { body: graph },
    '/api/db/checks': {
      body: [buildCheckRow({ spec: { url: 'https://shop.example.com', responseCodes: [200] } })],
    },
    '/api/db/check_component_relationships': {
      body: [buildCheckComponentRelationship({ id: 'cmp1', name: 'checkout', type: 'Service', status: 'healthy' })],
    },
    '/api/db/check_config_relationships': {
      body: [
        buildCheckConfigRelationship({ id: 'cfg1', name: 'checkout-deploy', type: 'Deployment', health: 'unhealthy' }),
      ],
    },
    '/api/db/check_statuses': { body: history, headers: { 'Content-Range': '0-49/120' } },
    '/api/canary/run/check/c1': { body: buildCheckRunResult() },
    // the check's SLOs (features/slos): none
    '/api/slos': { body: { items: [], total: 0 } },
    // the check's maintenance windows over the range: none
    '/api/maintenance/intervals': { body: { intervals: [] } },
    ...extra,
  });
}

const historyCalls = (calls: Array<{ url: URL }>) => calls.filter((c) => c.url.pathname === '/api/db/check_statuses');

afterEach(() => {
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 768 });
});

describe('check detail modal', { timeout: 30_000 }, () => {
  it('shows the header, stat cards, chart, tabs with counts and the relationships links', async () => {
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 1200 });
    modalApi();
    renderApp('/health?checkId=c1&timeRange=1h');
    const dialog = await screen.findByRole('dialog', { name: /checkout-http/ }, wait);
    const m = within(dialog);
    const uptime = await m.findByRole('region', { name: 'Uptime' }, wait);
    await waitFor(() => expect(uptime.textContent).toContain('75%'), wait);
    expect(uptime.textContent).toContain('3 passed · 1 failed');
    const latency = m.getByRole('region', { name: 'Latency' }).textContent;
    expect(latency).toContain('120ms');
    expect(latency).toContain('250ms');
    expect(latency).toContain('1.5s');
    expect(m.getByRole('region', { name: 'Severity' }).textContent).toContain('High');
    expect(m.getByRole('region', { name: 'Last Run' }).textContent).toContain('1h ago');
    expect(m.getByRole('region', { name: 'Last Run' }).textContent).toContain('Transitioned');
    expect(m.getByRole('region', { name: 'Next Run' })).toBeTruthy();
    expect(m.getByText('uptime and latency chart')).toBeTruthy();
    // tall screen: no Graph tab, the chart sits above the tabs
    await waitFor(() => expect(m.getByRole('tab', { name: 'Relationships (2)' })).toBeTruthy(), wait);
    expect(m.getAllByRole('tab').map((t) => t.textContent)).toEqual(['History', 'Spec', 'Relationships (2)']);
    await userEvent.click(m.getByRole('tab', { name: 'Spec' }));
    expect(m.getByText(/shop\.example\.com/)).toBeTruthy();
    await userEvent.click(m.getByRole('tab', { name: 'Relationships (2)' }));
    expect(m.getByRole('link', { name: 'checkout' }).getAttribute('href')).toBe('/topology/cmp1');
    expect(m.getByRole('link', { name: 'checkout-deploy' }).getAttribute('href')).toBe('/catalog/cfg1');
    expect(await m.findByRole('button', { name: LINK_TO_INCIDENT.attachButton })).toBeTruthy();
  });

  it('on screens shorter than 992 px the chart moves into a Graph tab', async () => {
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
    modalApi();
    renderApp('/health?checkId=c1&timeRange=1h');
    const dialog = await screen.findByRole('dialog', { name: /checkout-http/ }, wait);
    const m = within(dialog);
    await m.findByRole('tab', { name: 'Graph' }, wait);
    expect(m.queryByText('uptime and latency chart')).toBeNull();
    await userEvent.click(m.getByRole('tab', { name: 'Graph' }));
    expect(m.getByText('uptime and latency chart')).toBeTruthy();
  });

  it('defaults the time range from the last run age and asks the graph for that window; changing it refetches', async () => {
    const { calls } = modalApi();
    const { router } = renderApp('/health?checkId=c1');
    const dialog = await screen.findByRole('dialog', { name: /checkout-http/ }, wait);
    await waitFor(() => expect(selectButton('Time Range', dialog).textContent).toBe('2h'), wait); // last run 90 minutes ago
    await waitFor(
      () =>
        expect(
          calls.some((c) => c.url.pathname === '/api/canary/api/graph' && c.url.searchParams.get('start') === '120m'),
        ).toBe(true),
      wait,
    );
    await chooseOption(userEvent.setup(), 'Time Range', '1d', dialog);
    expect(router.state.location.search).toContain('timeRange=1d');
    await waitFor(
      () =>
        expect(
          calls.some((c) => c.url.pathname === '/api/canary/api/graph' && c.url.searchParams.get('start') === '1440m'),
        ).toBe(true),
      wait,
    );
    // 000 §9 "Graph fetch count: 300": every graph request asks for 300 points
    const graphCalls = calls.filter((c) => c.url.pathname === '/api/canary/api/graph');
    expect(graphCalls.map((c) => c.url.searchParams.get('count'))).toEqual(graphCalls.map(() => '300'));
  });

  it('filters the history by status and duration, refuses a bad typed duration, pages by 50 and resets to page one', async () => {
    const { calls } = modalApi();
    const { router, client } = renderApp('/health?checkId=c1&timeRange=1h');
    const dialog = await screen.findByRole('dialog', { name: /checkout-http/ }, wait);
    const m = within(dialog);
    await m.findByText('run 0', {}, wait);
    const cached = client.getQueryCache().findAll({ queryKey: ['health', 'history'] })[0];
    expect((cached?.options as { staleTime?: number } | undefined)?.staleTime).toBe(STALE_TIMES.checkHistory); // options carry the staleTime the hook set
    const first = historyCalls(calls)[0]?.url.searchParams;
    expect(first?.get('limit')).toBe(String(CHECK_HISTORY.pageSize));
    expect(first?.get('offset')).toBe('0');
    expect(first?.getAll('time').map((t) => t.slice(0, 4))).toEqual(['gte.', 'lte.']);
    expect(first?.get('order')).toBe('time.desc');

    await userEvent.click(m.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(historyCalls(calls).at(-1)?.url.searchParams.get('offset')).toBe('50'), wait);
    expect(router.state.location.search).toContain('pageIndex=1');

    const user = userEvent.setup();
    await chooseOption(user, 'Status', 'Unhealthy', dialog);
    await waitFor(() => expect(historyCalls(calls).at(-1)?.url.searchParams.get('status')).toBe('eq.false'), wait);
    expect(historyCalls(calls).at(-1)?.url.searchParams.get('offset')).toBe('0');
    expect(router.state.location.search).not.toContain('pageIndex');

    await chooseOption(user, 'Duration', '500ms', dialog);
    await waitFor(() => expect(historyCalls(calls).at(-1)?.url.searchParams.get('duration')).toBe('gte.500'), wait);

    await chooseOption(user, 'Duration', 'Custom', dialog);
    await userEvent.type(m.getByLabelText('Custom duration'), '2m');
    await userEvent.click(m.getByRole('button', { name: 'Apply' }));
    expect(m.getByRole('alert').textContent).toBe(CHECK_HISTORY.durationMessage);
    expect(historyCalls(calls).at(-1)?.url.searchParams.get('duration')).toBe('gte.500');
    await userEvent.clear(m.getByLabelText('Custom duration'));
    await userEvent.type(m.getByLabelText('Custom duration'), '1.5s');
    await userEvent.click(m.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(historyCalls(calls).at(-1)?.url.searchParams.get('duration')).toBe('gte.1500'), wait);
    expect(m.queryByRole('alert')).toBeNull();
  });

  it('Run Now is shown to an editor and runs the check; a viewer sees neither Run Now nor Attach as Evidence', async () => {
    const { calls } = modalApi(editorSession);
    const view = renderApp('/health?checkId=c1&timeRange=1h');
    const dialog = await screen.findByRole('dialog', { name: /checkout-http/ }, wait);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Run Now' }, wait));
    await waitFor(
      () =>
        expect(calls.some((c) => c.url.pathname === '/api/canary/run/check/c1' && c.init?.method === 'POST')).toBe(
          true,
        ),
      wait,
    );
    view.unmount();

    modalApi(viewerSession);
    renderApp('/health?checkId=c1&timeRange=1h');
    const viewerDialog = await screen.findByRole('dialog', { name: /checkout-http/ }, wait);
    await within(viewerDialog).findByRole('region', { name: 'Uptime' }, wait);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(within(viewerDialog).queryByRole('button', { name: 'Run Now' })).toBeNull();
    expect(within(viewerDialog).queryByRole('button', { name: LINK_TO_INCIDENT.attachButton })).toBeNull();
  });

  it('Run Now on a multi-location check toasts whom the server asked; a refusal toasts the server’s message', async () => {
    const asked = "Asked eu-west, us-east to run 'checkout-http' at their next poll";
    const view = modalApi(editorSession, {
      '/api/canary/run/check/c1': {
        status: 202,
        body: buildLocationRunAnswer({ message: asked, requested: ['eu-west', 'us-east'] }),
      },
    });
    render(<Toaster />);
    const app = renderApp('/health?checkId=c1&timeRange=1h');
    let dialog = await screen.findByRole('dialog', { name: /checkout-http/ }, wait);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Run Now' }, wait));
    expect(await screen.findByText(asked, {}, wait)).toBeTruthy();
    expect(view.calls.some((c) => c.url.pathname === '/api/canary/run/check/c1')).toBe(true);
    app.unmount();

    const refusal = "Check 'checkout-http' runs from its locations (ghost), and none of them names a registered agent";
    modalApi(editorSession, {
      '/api/canary/run/check/c1': { status: 409, body: { code: 'conflict', message: refusal, details: null } },
    });
    renderApp('/health?checkId=c1&timeRange=1h');
    dialog = await screen.findByRole('dialog', { name: /checkout-http/ }, wait);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Run Now' }, wait));
    expect(await screen.findByText(refusal, {}, wait)).toBeTruthy();
  });

  it('closing removes the check from the URL', async () => {
    modalApi();
    const { router } = renderApp('/health?checkId=c1&timeRange=1h&duration=1s');
    const dialog = await screen.findByRole('dialog', { name: /checkout-http/ }, wait);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), wait);
    expect(router.state.location.search).toBe('');
  });

  it('shows each location of a multi-location check under its quorum', async () => {
    const located = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    const { calls } = modalApi(viewerSession, {
      [`/api/checks/${located}/locations`]: {
        body: buildCheckLocations({
          quorum: 2,
          healthy: 1,
          locations: [
            buildCheckLocation({ time: lastRun }),
            buildCheckLocation({
              name: 'us-east',
              agent_id: 'a2',
              status: 'unhealthy',
              time: lastRun,
              duration: 9000,
              message: '',
              error: 'timeout',
            }),
            buildCheckLocation({ name: 'ap-south', agent_id: 'a3', agent_online: false, time: lastRun, duration: 50 }),
          ],
        }),
      },
    });
    renderApp(`/health?checkId=${located}&timeRange=1h`);
    const dialog = await screen.findByRole('dialog', { name: /checkout-http/ }, wait);
    const panel = await within(dialog).findByRole('region', { name: 'Locations' }, wait);
    expect(panel.textContent).toContain('1 of 3 locations healthy · quorum 2');
    const rows = within(panel)
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(rows[0]).toContain('eu-west');
    expect(rows[0]).toContain('ok');
    expect(rows[1]).toContain('us-east');
    expect(rows[1]).toContain('timeout');
    expect(rows[2]).toContain('ap-south');
    expect(rows[2]).toContain('agent offline');
    expect(calls.some((call) => call.url.pathname === `/api/checks/${located}/locations`)).toBe(true);
  });

  it('lists the files an exec check kept, each a download link to the check’s artifact', async () => {
    const execCheck = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5d';
    const artifactId = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a60';
    modalApi(viewerSession, {
      [`/api/checks/${execCheck}/artifacts`]: {
        body: [buildCheckArtifact({ id: artifactId, created_at: lastRun })],
      },
    });
    renderApp(`/health?checkId=${execCheck}&timeRange=1h`);
    const dialog = await screen.findByRole('dialog', { name: /checkout-http/ }, wait);
    const panel = await within(dialog).findByRole('region', { name: 'Artifacts' }, wait);
    const link = within(panel).getByRole('link', { name: 'out/report.txt' });
    expect(link.getAttribute('href')).toBe(`/api/checks/${execCheck}/artifacts/${artifactId}`);
    expect(link.hasAttribute('download')).toBe(true);
    expect(panel.textContent).toContain('2 KB');
  });

  it('shows an editor the heartbeat token of a webhook check, and no one the section on another check', async () => {
    const webhookCheck = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a61';
    const pushed = buildCheck({ ...check, id: webhookCheck, type: 'webhook' });
    modalApi(adminSession, {
      '/api/canary/api/summary': { body: buildHealthSummary([pushed]) },
      [`/api/heartbeats/${webhookCheck}`]: {
        body: {
          check_id: webhookCheck,
          active: true,
          prefix: 'AbCdEfGh',
          issued_at: lastRun,
          last_call_at: null,
        },
      },
    });
    const view = renderApp(`/health?checkId=${webhookCheck}&timeRange=1h`);
    const dialog = await screen.findByRole('dialog', { name: /checkout-http/ }, wait);
    const panel = await within(dialog).findByRole('region', { name: 'Heartbeat token' }, wait);
    expect(await within(panel).findByText('AbCdEfGh…')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Revoke' })).toBeTruthy();
    view.unmount();

    modalApi(adminSession);
    renderApp(`/health?checkId=${webhookCheck}&timeRange=1h`);
    const other = await screen.findByRole('dialog', { name: /checkout-http/ }, wait);
    await within(other).findByRole('region', { name: 'Uptime' }, wait);
    expect(within(other).queryByRole('region', { name: 'Heartbeat token' })).toBeNull();
  });

  it('shades the maintenance windows over the chosen range in the graph', async () => {
    const windowed = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a62';
    const span = {
      start: new Date(Date.now() - 40 * 60_000).toISOString(),
      end: new Date(Date.now() - 10 * 60_000).toISOString(),
      exclude_from_uptime: true,
      title: 'Nightly backup',
      window_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a63',
    };
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 1200 });
    const { calls } = modalApi(viewerSession, { '/api/maintenance/intervals': { body: { intervals: [span] } } });
    renderApp(`/health?checkId=${windowed}&timeRange=1h`);
    const dialog = await screen.findByRole('dialog', { name: /checkout-http/ }, wait);
    expect(await within(dialog).findByText('uptime and latency chart · shaded: Nightly backup', {}, wait)).toBeTruthy();
    const asked = calls.find((c) => c.url.pathname === '/api/maintenance/intervals')?.url.searchParams;
    expect(asked?.get('check_id')).toBe(windowed);
    const from = Date.parse(asked?.get('from') ?? '');
    const to = Date.parse(asked?.get('to') ?? '');
    expect(to - from).toBe(60 * 60_000);
    expect(Math.abs(Date.now() - to)).toBeLessThan(60_000);
  });

  it('shows no locations for a check run from one place', async () => {
    const single = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c';
    modalApi(viewerSession, {
      [`/api/checks/${single}/locations`]: { body: buildCheckLocations() },
    });
    renderApp(`/health?checkId=${single}&timeRange=1h`);
    const dialog = await screen.findByRole('dialog', { name: /checkout-http/ }, wait);
    await within(dialog).findByRole('region', { name: 'Uptime' }, wait);
    expect(within(dialog).queryByRole('region', { name: 'Locations' })).toBeNull();
  });
});
