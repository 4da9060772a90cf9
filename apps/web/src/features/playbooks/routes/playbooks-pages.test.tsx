import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildCheckRow } from '../../../test/factories/health';
import {
  buildPlaybook,
  buildPlaybookParams,
  buildPlaybookRun,
  buildPlaybookRunStarted,
  buildRunAction,
} from '../../../test/factories/playbooks';
import { shellApi, viewerSession } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';

const wait = { timeout: 10_000 };
const PLAYBOOK = '01900000-0000-7000-8000-0000000000a1';
const CHECK = '01900000-0000-7000-8000-0000000000c1';
const RUN = '01900000-0000-7000-8000-0000000000r1';

const playbooks = [
  buildPlaybook({
    id: PLAYBOOK,
    category: 'Kubernetes',
    description: 'Restarts it',
    spec: { checks: [{ type: 'http' }] },
  }),
  buildPlaybook({ id: 'p2', name: 'other', title: 'Clean up' }),
];

describe('playbooks pages', { timeout: 60_000 }, () => {
  it('lists playbooks by category; Run opens the dialog, checks parameters and opens the run page', async () => {
    const { calls } = shellApi(undefined, [], {
      '/api/db/playbooks': { body: playbooks },
      '/api/db/checks': { body: [buildCheckRow({ id: CHECK, name: 'api-health' })] },
      [`/api/playbook/${PLAYBOOK}/params`]: {
        body: buildPlaybookParams([
          { name: 'reason', label: 'Reason', type: 'text', required: true, properties: { minLength: 3 } },
        ]),
      },
      '/api/playbook/run': { status: 201, body: buildPlaybookRunStarted({ run_id: RUN }) },
      '/api/db/playbook_runs': {
        body: [buildPlaybookRun({ id: RUN, playbook_id: PLAYBOOK, parameters: { reason: 'oops' } })],
      },
      '/api/db/playbook_run_actions': { body: [] },
    });
    renderApp('/playbooks');
    const group = await screen.findByRole('region', { name: 'Kubernetes' }, wait);
    expect(within(group).getByText('Restart service')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Uncategorised' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Run Restart service' }));
    expect(await screen.findByText('Please select a resource to see the parameters.', {}, wait)).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: /Show Check options/ }, wait));
    await userEvent.click(await screen.findByRole('option', { name: 'api-health' }, wait));
    const reason = await screen.findByLabelText('Reason', {}, wait);
    fireEvent.change(reason, { target: { value: 'no' } });
    expect(await screen.findByText('Must be at least 3 characters', {}, wait)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Run' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(reason, { target: { value: 'oops' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByTestId('run-status', {}, wait)).toBeTruthy();
    const runCall = calls.find((c) => c.url.pathname === '/api/playbook/run');
    expect(JSON.parse(String(runCall?.init?.body))).toEqual({
      id: PLAYBOOK,
      check_id: CHECK,
      params: { reason: 'oops' },
    });
  });

  it('shows the server error when a run fails', async () => {
    shellApi(undefined, [], {
      '/api/db/playbooks': { body: [playbooks[1]] },
      '/api/playbook/p2/params': { body: { params: [] } },
      '/api/playbook/run': { status: 400, body: { message: 'Action pr: the gitops action type is not built yet' } },
    });
    renderApp('/playbooks');
    fireEvent.click(await screen.findByRole('button', { name: 'Run Clean up' }, wait));
    expect(await screen.findByText('No parameters for this playbook.', {}, wait)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect((await screen.findByRole('alert', {}, wait)).textContent).toBe(
      'Action pr: the gitops action type is not built yet',
    );
  });

  it('hides Run from a viewer', async () => {
    shellApi(viewerSession, [], { '/api/db/playbooks': { body: playbooks } });
    renderApp('/playbooks');
    expect(await screen.findByText('Restart service', {}, wait)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Run Restart service' })).toBeNull();
  });

  it('shows Approve and Cancel to a writer on a run waiting for approval', async () => {
    const { calls } = shellApi(undefined, [], {
      '/api/db/playbook_runs': {
        body: [
          buildPlaybookRun({ id: RUN, playbook_id: PLAYBOOK, status: 'pending_approval', parameters: { reason: 'x' } }),
        ],
      },
      '/api/db/playbook_run_actions': {
        body: [buildRunAction({ name: 'call', status: 'failed', error: 'HTTP 500' })],
      },
      [`/api/playbook/run/approve/${RUN}`]: { body: { run_id: RUN, status: 'scheduled' } },
    });
    renderApp(`/playbooks/runs/${RUN}`);
    expect((await screen.findByTestId('run-status', {}, wait)).textContent).toBe('Pending approval');
    expect(screen.getByText('HTTP 500')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await screen.findByTestId('run-status', {}, wait);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls.some((c) => c.url.pathname === `/api/playbook/run/approve/${RUN}`)).toBe(true);
  });

  it('lists runs with the playbook and status filters of the URL sent to the server; a row opens the run', async () => {
    const { calls } = shellApi(undefined, [], {
      '/api/db/playbooks': { body: playbooks },
      '/api/db/playbook_runs': {
        body: [
          buildPlaybookRun({
            id: RUN,
            playbook_id: PLAYBOOK,
            status: 'failed',
            error: 'Action call: HTTP 500',
            created_at: '2026-11-25T10:00:00Z',
          }),
        ],
        headers: { 'content-range': '0-0/1' },
      },
    });
    const view = renderApp(`/playbooks/runs?playbook=${PLAYBOOK}&status=failed`);
    const row = (await screen.findByText('Action call: HTTP 500', {}, wait)).closest('tr') as HTMLElement;
    await within(row).findByText('Restart service', {}, wait);
    expect(within(row).getByText('Failed')).toBeTruthy();
    const query = calls.find((c) => c.url.pathname === '/api/db/playbook_runs')?.url.searchParams;
    expect(query?.get('playbook_id')).toBe(`eq.${PLAYBOOK}`);
    expect(query?.get('status')).toBe('eq.failed');
    expect(query?.get('order')).toBe('created_at.desc');
    fireEvent.click(row);
    await waitFor(() => expect(view.router.state.location.pathname).toBe(`/playbooks/runs/${RUN}`), wait);
  });
});
