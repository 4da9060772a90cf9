import type { IncidentDetail } from '@mc/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { chooseOption, selectButton } from '../../../test/choose-option';
import {
  buildCommentView,
  buildEvidenceView,
  buildHistoryView,
  buildHypothesisView,
  buildIncidentDetail,
  buildIncidentPage,
  buildIncidentPerson,
  buildIncidentSummary,
  INCIDENT_ID,
} from '../../../test/factories/incidents';
import { adminSession, shellApi, viewerSession } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';

const ID = INCIDENT_ID;
const person = buildIncidentPerson();

function detail(): IncidentDetail {
  return buildIncidentDetail({
    hypotheses: [buildHypothesisView()],
    evidences: [
      buildEvidenceView({
        check_id: 'c1',
        resource: {
          kind: 'check',
          id: 'c1',
          name: 'checkout-http',
          type: 'http',
          status: 'unhealthy',
          last_runtime: null,
          deleted: false,
          uptime: { passed: 3, failed: 1 },
        },
      }),
    ],
    comments: [buildCommentView()],
    history: [buildHistoryView()],
  });
}

const writerSession = {
  ...viewerSession,
  roles: ['responder'],
  permissions: [...viewerSession.permissions, { resource: 'incident', action: 'write' }],
};

describe('/incidents', { timeout: 20_000 }, () => {
  it('lists incidents from the server with the URL filters, sort and page passed on', async () => {
    const { calls } = shellApi(adminSession, [], {
      '/api/incidents': { body: buildIncidentPage([buildIncidentSummary()], 120) },
      '/api/db/people': { body: [person] },
    });
    renderApp('/incidents?status=open&severity=high&sortBy=severity&sortOrder=asc&pageIndex=1');
    // the first test of the file also waits for the lazy incidents chunk (seconds on a loaded machine)
    expect(await screen.findByText('Checkout down', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getAllByText('High').length).toBeGreaterThan(0);
    const call = calls.find((c) => c.url.pathname === '/api/incidents');
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toMatchObject({
      status: 'open',
      severity: 'high',
      sortBy: 'severity',
      sortOrder: 'asc',
      pageIndex: '1',
      pageSize: '50',
    });
  });

  it('keeps the Title column wide: the other columns have widths and the list scrolls sideways below 90rem', async () => {
    shellApi(adminSession, [], {
      '/api/incidents': { body: buildIncidentPage([buildIncidentSummary()]) },
      '/api/db/people': { body: [person] },
    });
    renderApp('/incidents');
    await screen.findByText('Checkout down', {}, { timeout: 5000 });
    const table = screen.getByRole('table');
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((heading) => heading.textContent);
    const widths = [...table.querySelectorAll('col')].map((col) => col.style.width);
    expect(widths[headings.indexOf('Title')]).toBe('');
    expect(widths.filter(Boolean)).toHaveLength(headings.length - 1);
    expect(table.style.minWidth).toBe('90rem');
  });

  it('puts a changed filter in the URL and returns to the first page', async () => {
    shellApi(adminSession, [], { '/api/incidents': { body: buildIncidentPage() }, '/api/db/people': { body: [] } });
    const view = renderApp('/incidents?pageIndex=3');
    await userEvent.click(await screen.findByRole('button', { name: 'All Type' }, { timeout: 5000 }));
    await userEvent.click(await screen.findByRole('option', { name: 'Security' }));
    await waitFor(() => expect(view.router.state.location.search).toBe('?type=security'));
  });
});

describe('/incidents/{id}', { timeout: 40_000 }, () => {
  it('shows the tree, live evidence, comments, responders and the timeline, without write controls for a viewer', async () => {
    shellApi(viewerSession, [], {
      [`/api/incidents/${ID}`]: { body: detail() },
      '/api/db/people': { body: [] },
      '/api/db/teams': { body: [] },
    });
    renderApp(`/incidents/${ID}`);
    const tree = await screen.findByRole('region', { name: 'Hypotheses' }, { timeout: 5000 });
    expect(within(tree).getByText('Bad deploy')).toBeTruthy();
    expect(within(tree).getByText(/Unhealthy, 75.0% uptime/)).toBeTruthy();
    expect(screen.getByText('Paging SRE')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Timeline' })).getByText('Incident INC-000001 created'),
    ).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByLabelText('Comment')).toBeNull();
    expect(screen.queryByText('Delete')).toBeNull();
    expect(screen.queryByLabelText('Add root hypothesis')).toBeNull();
  });

  it('lets a responder edit a hypothesis status, mark evidence done, comment and change the incident status', async () => {
    const writes: Array<{ method: string; path: string; body: unknown }> = [];
    const record = (url: URL, init: RequestInit | undefined) => {
      writes.push({
        method: init?.method ?? 'GET',
        path: url.pathname,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      return { body: {} };
    };
    shellApi(writerSession, [], {
      [`/api/incidents/${ID}`]: (url, init) => (init?.method === 'PATCH' ? record(url, init) : { body: detail() }),
      [`/api/incidents/${ID}/hypotheses/h1`]: record,
      [`/api/incidents/${ID}/evidences/e1`]: record,
      [`/api/incidents/${ID}/comments`]: record,
      '/api/db/people': { body: [person] },
      '/api/db/teams': { body: [] },
    });
    renderApp(`/incidents/${ID}`);
    const user = userEvent.setup();
    await screen.findByRole('button', { name: /Status of Bad deploy$/ }, { timeout: 5000 });
    await chooseOption(user, 'Status of Bad deploy', 'Likely');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Done' }));
    await userEvent.type(screen.getByLabelText('Comment'), 'Rolled back');
    await userEvent.click(screen.getByRole('button', { name: 'Comment' }));
    await user.click(selectButton('Status', screen.getByRole('region', { name: 'Incident' })));
    await user.click(await screen.findByRole('option', { name: 'Mitigated' }));
    await waitFor(() => expect(writes).toHaveLength(4));
    expect(writes).toEqual([
      { method: 'PATCH', path: `/api/incidents/${ID}/hypotheses/h1`, body: { status: 'likely' } },
      { method: 'PATCH', path: `/api/incidents/${ID}/evidences/e1`, body: { done: true } },
      { method: 'POST', path: `/api/incidents/${ID}/comments`, body: { comment: 'Rolled back', public: false } },
      { method: 'PATCH', path: `/api/incidents/${ID}`, body: { status: 'mitigated' } },
    ]);
  });

  it('shows the empty state for an unknown incident', async () => {
    shellApi(adminSession, [], { '/api/db/people': { body: [] }, '/api/db/teams': { body: [] } });
    renderApp('/incidents/nope');
    expect(await screen.findByTestId('empty-state', {}, { timeout: 5000 })).toBeTruthy();
  });
});
