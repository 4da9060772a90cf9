import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '../../../components/toaster';
import { chooseOption } from '../../../test/choose-option';
import {
  buildIncidentDetail,
  buildIncidentPage,
  buildIncidentRecord,
  buildIncidentSummary,
  buildLinkEvidenceResult,
} from '../../../test/factories/incidents';
import { buildPersonRow } from '../../../test/factories/people';
import { shellApi, viewerSession } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';

const INCIDENT = '01a200f5-0ed6-b567-c6b7-d18fd7d11bff';
const person = buildPersonRow({ id: '0193e1a0-0000-7000-8000-000000000001', name: 'Rita Responder' });
const detail = buildIncidentDetail({
  incident: buildIncidentRecord({ id: INCIDENT, incident_id: 'INC-000007', title: 'Checkout down' }),
});

const writerSession = {
  ...viewerSession,
  roles: ['responder'],
  permissions: [...viewerSession.permissions, { resource: 'incident', action: 'write' }],
};

type Write = { method: string; path: string; body: unknown };

function serve(session = writerSession) {
  const writes: Write[] = [];
  const record = (answer: unknown) => (url: URL, init: RequestInit | undefined) => {
    if (!init?.method || init.method === 'GET') return { body: buildIncidentPage() };
    writes.push({ method: init.method, path: url.pathname, body: JSON.parse(String(init.body)) });
    return { status: 201, body: answer };
  };
  shellApi(session, [], {
    '/api/incidents': record(buildIncidentSummary({ id: INCIDENT, incident_id: 'INC-000007', title: 'Checkout down' })),
    '/api/incidents/link': record(
      buildLinkEvidenceResult({ incident_id: INCIDENT, incident_number: 'INC-000007', evidence_id: 'e1' }),
    ),
    [`/api/incidents/${INCIDENT}`]: {
      body: detail,
    },
    '/api/db/people': { body: [person] },
    '/api/db/teams': { body: [] },
  });
  return writes;
}

describe("/incidents 'Declare incident' (issue 12 §6)", { timeout: 60_000 }, () => {
  it('declares an incident with title, severity, type, commander and a first evidence, then opens it', async () => {
    const writes = serve();
    const view = renderApp('/incidents');
    await userEvent.click(await screen.findByRole('button', { name: 'Declare incident' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Declare incident' });
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Checkout down');
    await chooseOption(userEvent.setup(), 'Severity', 'High', dialog);
    await chooseOption(userEvent.setup(), 'Type', 'Availability', dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: /Show Commander options/ }));
    await userEvent.click(await screen.findByRole('option', { name: person.name }));
    await userEvent.type(within(dialog).getByLabelText('First evidence (optional)'), 'p99 latency 4 s since 10:02');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Declare' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe(`/incidents/${INCIDENT}`));
    expect(writes).toEqual([
      {
        method: 'POST',
        path: '/api/incidents',
        body: {
          title: 'Checkout down',
          severity: 'high',
          type: 'availability',
          commander_id: person.id,
          description: '',
        },
      },
      {
        method: 'POST',
        path: '/api/incidents/link',
        body: { incident_id: INCIDENT, type: 'comment', description: 'p99 latency 4 s since 10:02' },
      },
    ]);
  });

  it('says what is missing instead of sending, and sends no evidence when none is given', async () => {
    const writes = serve();
    renderApp('/incidents');
    await userEvent.click(await screen.findByRole('button', { name: 'Declare incident' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Declare incident' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Declare' }));
    expect(await within(dialog).findByText('Title is required')).toBeTruthy();
    expect(within(dialog).getByText('Severity is required')).toBeTruthy();
    expect(within(dialog).getByText('Type is required')).toBeTruthy();
    expect(writes).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Disk full');
    await chooseOption(userEvent.setup(), 'Severity', 'Low', dialog);
    await chooseOption(userEvent.setup(), 'Type', 'Reliability', dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Declare' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.body).toEqual({
      title: 'Disk full',
      severity: 'low',
      type: 'reliability',
      commander_id: null,
      description: '',
    });
  });

  it('opens the declared incident and says why when its first evidence could not be filed', async () => {
    shellApi(writerSession, [], {
      '/api/incidents': (_url, init) =>
        init?.method === 'POST'
          ? { status: 201, body: buildIncidentSummary({ id: INCIDENT }) }
          : { body: buildIncidentPage() },
      '/api/incidents/link': { status: 400, body: { code: 'bad_request', message: 'Description is too long' } },
      [`/api/incidents/${INCIDENT}`]: {
        body: detail,
      },
      '/api/db/people': { body: [person] },
      '/api/db/teams': { body: [] },
    });
    render(<Toaster />);
    const view = renderApp('/incidents');
    await userEvent.click(await screen.findByRole('button', { name: 'Declare incident' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Declare incident' });
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Checkout down');
    await chooseOption(userEvent.setup(), 'Severity', 'High', dialog);
    await chooseOption(userEvent.setup(), 'Type', 'Availability', dialog);
    await userEvent.type(within(dialog).getByLabelText('First evidence (optional)'), 'x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Declare' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe(`/incidents/${INCIDENT}`));
    expect(await screen.findByText('Description is too long')).toBeTruthy();
  });

  it('is not offered without incident write', async () => {
    serve(viewerSession);
    renderApp('/incidents');
    await screen.findByRole('heading', { name: 'Incidents' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Declare incident' })).toBeNull();
  });
});
