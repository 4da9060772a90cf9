import type { PlaybookRunStatus } from '@mc/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildPlaybook, buildPlaybookRun, buildRunAction, buildRunHistory } from '../../../test/factories/playbooks';
import { shellApi, viewerSession } from '../../../test/fake-api';
import { renderApp, renderAt } from '../../../test/render';
import { ResourcePlaybooks, RunPlaybookButton } from '..';

const wait = { timeout: 10_000 };
const PLAYBOOK = '01900000-0000-7000-8000-0000000000a1';
const CONFIG = '01900000-0000-7000-8000-0000000000b1';
const RUN = '01900000-0000-7000-8000-0000000000d1';
const ARTIFACT = '01900000-0000-7000-8000-0000000000f9';

const parameters = [{ name: 'reason', label: 'Reason', required: true }];

const restart = buildPlaybook({
  id: PLAYBOOK,
  title: 'Restart pod',
  category: 'Kubernetes',
  description: 'Restarts the pod',
  spec: {
    configs: [{ types: ['Kubernetes::Pod'] }],
    parameters,
    approval: { type: 'any', approvers: { people: ['ops@example.com'] } },
    actions: [{ name: 'restart', exec: { script: 'kubectl delete pod' } }],
  },
});

const history = buildRunHistory({
  requested_by: { id: 'u1', name: 'Ada Lovelace' },
  transitions: [
    {
      from_status: null,
      to_status: 'pending_approval',
      at: '2026-11-28T04:00:00Z',
      actor: { id: 'u1', name: 'Ada Lovelace' },
    },
    {
      from_status: 'pending_approval',
      to_status: 'scheduled',
      at: '2026-11-28T04:01:00Z',
      actor: { id: 'u3', name: 'Otto Ops' },
    },
    { from_status: 'scheduled', to_status: 'running', at: '2026-11-28T04:01:01Z', actor: null },
  ],
  approvals: [{ at: '2026-11-28T04:01:00Z', person: { id: 'u3', name: 'Otto Ops' }, team: null }],
});

function sse(lines: { seq: string; line: string }[], end?: string): string {
  const events = lines.map(
    (l) =>
      `event: log\nid: ${l.seq}\ndata: ${JSON.stringify({ ...l, action: 'restart', at: '2026-11-28T04:01:02Z' })}\n\n`,
  );
  return `event: open\ndata: {}\nretry: 2000\n\n${events.join('')}${end ? `event: end\ndata: {"status":"${end}"}\n\n` : ''}`;
}

describe('the run page', { timeout: 60_000 }, () => {
  it('shows requester, approver, parameters, the timeline and the live log while running, then the stored output', async () => {
    let status: PlaybookRunStatus = 'running';
    const { calls } = shellApi(undefined, [], {
      '/api/db/playbooks': { body: [restart] },
      '/api/db/playbook_runs': () => ({
        body: [
          buildPlaybookRun({
            id: RUN,
            playbook_id: PLAYBOOK,
            status,
            parameters: { reason: 'stuck' },
            config_id: CONFIG,
            start_time: '2026-11-28T04:01:01Z',
            end_time: status === 'running' ? null : '2026-11-28T04:01:04Z',
          }),
        ],
      }),
      '/api/db/playbook_run_actions': () => ({
        body:
          status === 'running'
            ? []
            : [
                buildRunAction({
                  start_time: '2026-11-28T04:01:01Z',
                  end_time: '2026-11-28T04:01:04Z',
                  result: {
                    stdout: 'pod deleted\nstored line\n',
                    stderr: '',
                    exitCode: 0,
                    artifacts: [{ id: ARTIFACT, path: 'report.txt', content_type: 'text/plain', size: 12 }],
                  },
                }),
              ],
      }),
      [`/api/playbook/run/${RUN}/history`]: { body: history },
      [`/api/playbook/run/${RUN}/logs/stream`]: (url) => {
        if (url.searchParams.get('after') === '0') {
          return {
            body: sse([
              { seq: '1', line: 'pod deleted' },
              { seq: '2', line: 'waiting for ready' },
            ]),
            headers: { 'content-type': 'text/event-stream' },
          };
        }
        status = 'completed';
        return { body: sse([], 'completed'), headers: { 'content-type': 'text/event-stream' } };
      },
    });
    renderApp(`/playbooks/runs/${RUN}`);
    expect((await screen.findByTestId('run-status', {}, wait)).textContent).toBe('Running');
    expect((await screen.findByTestId('run-requester', {}, wait)).textContent).toBe('Ada Lovelace');
    expect(screen.getByTestId('run-approvers').textContent).toBe('Otto Ops');
    const timeline = screen.getByRole('list', { name: 'Timeline' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^Pending approval.*by Ada Lovelace$/),
      expect.stringMatching(/^Scheduled.*by Otto Ops$/),
      expect.stringMatching(/^Running.*by Runner$/),
    ]);
    expect(within(screen.getByRole('region', { name: 'Parameters' })).getByText('stuck')).toBeTruthy();
    const live = await screen.findByTestId('run-live-log', {}, wait);
    await waitFor(() => expect(live.textContent).toContain('waiting for ready'), wait);
    expect(live.textContent).toContain('[restart] pod deleted');
    // the stream reconnects after the last line, hears the end, and the page shows the stored output
    await waitFor(() => expect(screen.getByTestId('run-status').textContent).toBe('Completed'), wait);
    expect(screen.queryByTestId('run-live-log')).toBeNull();
    expect(screen.getByLabelText('restart stdout').textContent).toBe('pod deleted\nstored line\n');
    const artifact = screen.getByRole('link', { name: 'report.txt' });
    expect(artifact.getAttribute('href')).toBe(`/api/playbook/run/${RUN}/artifacts/${ARTIFACT}`);
    expect(artifact.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('link', { name: 'Catalog item' }).getAttribute('href')).toBe(`/catalog/${CONFIG}`);
    const resumed = calls
      .filter((c) => c.url.pathname.endsWith('/logs/stream'))
      .map((c) => c.url.searchParams.get('after'));
    expect(resumed.slice(0, 2)).toEqual(['0', '2']);
  });

  it('hides Approve and Cancel from a viewer', async () => {
    shellApi(viewerSession, [], {
      '/api/db/playbooks': { body: [restart] },
      '/api/db/playbook_runs': {
        body: [buildPlaybookRun({ id: RUN, playbook_id: PLAYBOOK, status: 'pending_approval' })],
      },
      '/api/db/playbook_run_actions': { body: [] },
      [`/api/playbook/run/${RUN}/history`]: {
        body: { ...history, transitions: history.transitions.slice(0, 1), approvals: [] },
      },
      [`/api/playbook/run/${RUN}/logs/stream`]: { body: sse([], 'cancelled') },
    });
    renderApp(`/playbooks/runs/${RUN}`);
    expect((await screen.findByTestId('run-status', {}, wait)).textContent).toBe('Pending approval');
    await screen.findByRole('list', { name: 'Timeline' }, wait);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });
});

describe('the run page without status changes', { timeout: 60_000 }, () => {
  it('draws no Timeline heading over an empty list', async () => {
    shellApi(viewerSession, [], {
      '/api/db/playbooks': { body: [restart] },
      '/api/db/playbook_runs': {
        body: [buildPlaybookRun({ id: RUN, playbook_id: PLAYBOOK, status: 'completed' })],
      },
      '/api/db/playbook_run_actions': { body: [buildRunAction({ status: 'completed' })] },
      [`/api/playbook/run/${RUN}/history`]: { body: { ...history, transitions: [], approvals: [] } },
    });
    renderApp(`/playbooks/runs/${RUN}`);
    expect((await screen.findByTestId('run-status', {}, wait)).textContent).toBe('Completed');
    // the history has answered (its requester shows) and still no Timeline is drawn
    await waitFor(() => expect(screen.getByTestId('run-requester').textContent).toBe('Ada Lovelace'), wait);
    expect(screen.queryByRole('heading', { name: 'Timeline' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Timeline' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Actions' })).toBeTruthy();
  });
});

describe("a playbook's page", { timeout: 60_000 }, () => {
  it('shows where it applies, its parameters, approval, actions and recent runs; Run opens the dialog', async () => {
    shellApi(undefined, [], {
      '/api/db/playbooks': { body: [restart] },
      '/api/db/playbook_runs': {
        body: [
          buildPlaybookRun({ id: RUN, playbook_id: PLAYBOOK, status: 'completed', created_at: '2026-11-28T04:00:00Z' }),
        ],
        headers: { 'content-range': '0-0/1' },
      },
      [`/api/playbook/${PLAYBOOK}/params`]: { body: { params: parameters } },
    });
    renderApp(`/playbooks/${PLAYBOOK}`);
    const applies = await screen.findByRole('region', { name: 'Applies to' }, wait);
    expect(applies.textContent).toContain('catalog items: types Kubernetes::Pod');
    expect(within(screen.getByRole('region', { name: 'Parameters' })).getByText('Reason')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Approval' }).textContent).toContain('Any of: ops@example.com');
    expect(screen.getByRole('region', { name: 'Actions' }).textContent).toContain('restart (exec)');
    const recent = screen.getByRole('region', { name: 'Recent runs' });
    expect(within(recent).getByText('Completed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All runs' }).getAttribute('href')).toBe(
      `/playbooks/runs?playbook=${PLAYBOOK}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByRole('dialog', {}, wait)).toBeTruthy();
  });

  it('has no Run for a viewer', async () => {
    shellApi(viewerSession, [], {
      '/api/db/playbooks': { body: [restart] },
      '/api/db/playbook_runs': { body: [], headers: { 'content-range': '*/0' } },
    });
    renderApp(`/playbooks/${PLAYBOOK}`);
    await screen.findByRole('region', { name: 'Applies to' }, wait);
    expect(screen.queryByRole('button', { name: 'Run' })).toBeNull();
  });

  it('says "Playbook not found" for an address that cannot name one, without asking the server', async () => {
    const { calls } = shellApi(undefined, [], {});
    renderApp('/playbooks/p1');
    await screen.findByText('Playbook not found', undefined, wait);
    expect(calls.map((call) => call.url.pathname).filter((path) => path.startsWith('/api/db/playbook'))).toEqual([]);
  });
});

describe('the runs list filters', { timeout: 60_000 }, () => {
  it('sends the resource and time range of the URL to the server', async () => {
    const { calls } = shellApi(undefined, [], {
      '/api/db/playbooks': { body: [restart] },
      '/api/db/playbook_runs': { body: [], headers: { 'content-range': '*/0' } },
    });
    renderApp(
      `/playbooks/runs?playbook=${PLAYBOOK}&resource=${CONFIG}&rangeType=absolute&from=2026-11-01T00:00:00.000Z&to=2026-11-02T00:00:00.000Z`,
    );
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/db/playbook_runs')).toBe(true), wait);
    const query = calls.find((c) => c.url.pathname === '/api/db/playbook_runs')?.url.searchParams;
    expect(query?.get('playbook_id')).toBe(`eq.${PLAYBOOK}`);
    expect(query?.get('or')).toBe(`(check_id.eq.${CONFIG},config_id.eq.${CONFIG},component_id.eq.${CONFIG})`);
    expect(query?.get('and')).toBe('(created_at.gte.2026-11-01T00:00:00.000Z,created_at.lte.2026-11-02T00:00:00.000Z)');
  });
});

describe('running a playbook on a resource', { timeout: 60_000 }, () => {
  it("lists the playbooks applicable to a catalog item and runs one there with the item's id", async () => {
    const { calls } = shellApi(undefined, [], {
      '/api/playbook/list': { body: [restart] },
      [`/api/playbook/${PLAYBOOK}/params`]: { body: { params: parameters } },
      '/api/playbook/run': { status: 201, body: { run_id: RUN } },
    });
    const view = renderAt(<ResourcePlaybooks resource={{ kind: 'config', id: CONFIG }} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Run Restart pod' }, wait));
    fireEvent.change(await screen.findByLabelText('Reason', {}, wait), { target: { value: 'stuck' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe(`/playbooks/runs/${RUN}`), wait);
    expect(calls.find((c) => c.url.pathname === '/api/playbook/list')?.url.searchParams.get('config_id')).toBe(CONFIG);
    const params = calls.find((c) => c.url.pathname === `/api/playbook/${PLAYBOOK}/params`);
    expect(JSON.parse(String(params?.init?.body))).toEqual({ config_id: CONFIG });
    const run = calls.find((c) => c.url.pathname === '/api/playbook/run');
    expect(JSON.parse(String(run?.init?.body))).toEqual({
      id: PLAYBOOK,
      config_id: CONFIG,
      params: { reason: 'stuck' },
    });
  });

  it('says when no playbook applies; the Run Playbook button is hidden from a viewer', async () => {
    shellApi(viewerSession, [], { '/api/playbook/list': { body: [] } });
    const view = renderAt(
      <>
        <ResourcePlaybooks resource={{ kind: 'component', id: CONFIG }} />
        <RunPlaybookButton resource={{ kind: 'component', id: CONFIG }} />
      </>,
    );
    expect(await screen.findByText('No playbooks apply to this resource.', {}, wait)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Run Playbook' })).toBeNull();
    view.unmount();
  });

  it('Run Playbook on a check chooses among the applicable playbooks, then opens the dialog on the check', async () => {
    const { calls } = shellApi(undefined, [], {
      '/api/playbook/list': { body: [restart] },
      [`/api/playbook/${PLAYBOOK}/params`]: { body: { params: [] } },
    });
    renderAt(<RunPlaybookButton resource={{ kind: 'check', id: CONFIG }} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Run Playbook' }, wait));
    fireEvent.click(await screen.findByRole('button', { name: 'Run Restart pod' }, wait));
    expect(await screen.findByText('No parameters for this playbook.', {}, wait)).toBeTruthy();
    expect(calls.find((c) => c.url.pathname === '/api/playbook/list')?.url.searchParams.get('check_id')).toBe(CONFIG);
  });
});
