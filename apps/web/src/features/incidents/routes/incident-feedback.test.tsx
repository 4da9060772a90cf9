import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '../../../components/toaster';
import {
  buildIncidentDetail,
  buildIncidentPerson,
  buildIncidentRecord,
  INCIDENT_ID,
} from '../../../test/factories/incidents';
import { shellApi, viewerSession } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';

const ID = INCIDENT_ID;
const person = buildIncidentPerson();

const detail = buildIncidentDetail({ incident: buildIncidentRecord({ description: '', responders: [] }) });

const writerSession = {
  ...viewerSession,
  roles: ['responder'],
  permissions: [...viewerSession.permissions, { resource: 'incident', action: 'write' }],
};

function openIncident(onComment: () => { status: number; body: unknown } = () => ({ status: 201, body: {} })) {
  const { calls } = shellApi(writerSession, [], {
    [`/api/incidents/${ID}`]: { body: detail },
    [`/api/incidents/${ID}/comments`]: onComment,
    [`/api/incidents/${ID}/hypotheses`]: { status: 201, body: {} },
    '/api/db/people': { body: [person] },
    '/api/db/teams': { body: [] },
  });
  render(<Toaster />);
  renderApp(`/incidents/${ID}`);
  return calls;
}

const writes = (calls: Array<{ init?: RequestInit }>) => calls.filter((c) => c.init?.method && c.init.method !== 'GET');

describe('incident feedback (issue 12 §5)', { timeout: 20_000 }, () => {
  it('shows one toast for one failed write, with the server message', async () => {
    openIncident(() => ({ status: 400, body: { code: 'bad_request', message: 'Comment is too long' } }));
    await userEvent.type(await screen.findByLabelText('Comment', {}, { timeout: 5000 }), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Comment' }));
    const toasts = () =>
      [...document.querySelectorAll('[data-sonner-toast]')].filter((t) =>
        t.textContent?.includes('Comment is too long'),
      );
    await waitFor(() => expect(toasts().length).toBeGreaterThan(0));
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(toasts()).toHaveLength(1);
  });

  it('says why an empty comment, hypothesis or title was not sent', async () => {
    const calls = openIncident();
    await userEvent.click(await screen.findByRole('button', { name: 'Comment' }, { timeout: 5000 }));
    expect(await problemOf('Comment')).toBe('Comment is required');

    await userEvent.click(addHypothesisButton());
    expect(await problemOf('Add root hypothesis')).toBe('Title is required');

    await userEvent.clear(screen.getByLabelText('Title'));
    await userEvent.click(screen.getByRole('button', { name: 'Save title' }));
    expect(await problemOf('Title')).toBe('Title is required');
    expect(writes(calls)).toEqual([]);

    await userEvent.type(screen.getByLabelText('Comment'), 'Paging SRE');
    expect(screen.getByLabelText('Comment').getAttribute('aria-invalid')).toBeNull();
  });

  it('refuses a title over 500 characters before sending it, in words', async () => {
    const calls = openIncident();
    const input = await screen.findByLabelText('Add root hypothesis', {}, { timeout: 5000 });
    await userEvent.click(input);
    await userEvent.paste('x'.repeat(501));
    await userEvent.click(addHypothesisButton());
    expect(await problemOf('Add root hypothesis')).toBe('Title is too long (500 characters at most)');
    expect(writes(calls)).toEqual([]);
  });
});

/** The Add button of the root hypothesis form (responders have an Add button too). */
function addHypothesisButton(): HTMLElement {
  const form = screen.getByLabelText('Add root hypothesis').closest('form');
  return within(form as HTMLElement).getByRole('button', { name: 'Add' });
}

/** The announced message a field points at with aria-describedby, once it is marked invalid. */
async function problemOf(label: string): Promise<string | null | undefined> {
  const field = screen.getByLabelText(label);
  await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
  const message = document.getElementById(field.getAttribute('aria-describedby') ?? '');
  expect(message?.getAttribute('role')).toBe('alert');
  return message?.textContent;
}
