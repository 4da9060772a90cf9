import { LINK_TO_INCIDENT } from '@mc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render as renderDom, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Toaster } from '../../../components/toaster';
import { createQueryClient } from '../../../lib/query-client';
import { chooseOption, selectButton } from '../../../test/choose-option';
import { buildIncidentPage, buildIncidentSummary, buildLinkEvidenceResult } from '../../../test/factories/incidents';
import { adminSession, shellApi, viewerSession } from '../../../test/fake-api';
import { AttachAsEvidenceButton } from './attach-as-evidence';

const wait = { timeout: 5000 };
const target = { type: 'check' as const, check_id: 'c1', description: 'checkout-http failing' };
const existing = buildIncidentSummary({ id: 'i1', incident_id: 'INC-000007', title: 'Checkout down' });

/** As the console mounts it: the toast outlet outside the router, the button inside it. */
function render() {
  const router = createMemoryRouter(
    [
      { path: '/incidents/:id', element: <p>incident page</p> },
      { path: '*', element: <AttachAsEvidenceButton target={target} /> },
    ],
    { initialEntries: ['/health'] },
  );
  const view = renderDom(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router };
}

async function open() {
  await userEvent.click(await screen.findByRole('button', { name: LINK_TO_INCIDENT.attachButton }, wait));
  return screen.getByRole('dialog', { name: LINK_TO_INCIDENT.title });
}

describe('Attach as Evidence / Link to Incident', { timeout: 20_000 }, () => {
  it('is hidden without write on incidents and while the incidents feature is disabled', async () => {
    const { calls } = shellApi(viewerSession);
    const viewer = render();
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/auth/whoami')).toBe(true), wait);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('button', { name: LINK_TO_INCIDENT.attachButton })).toBeNull();
    viewer.unmount();
    shellApi(adminSession, [{ name: 'incidents.disable', value: 'true' }]);
    render();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('button', { name: LINK_TO_INCIDENT.attachButton })).toBeNull();
  });

  it('defaults to availability and Low, and shows the validation messages while fields are missing', async () => {
    shellApi(adminSession, [], { '/api/incidents': { body: buildIncidentPage() } });
    render();
    await open();
    const user = userEvent.setup();
    expect(selectButton('Type').textContent).toBe('Availability');
    expect(selectButton('Severity').textContent).toBe('Low');
    await chooseOption(user, 'Type', '—');
    await chooseOption(user, 'Severity', '—');
    await userEvent.click(screen.getByRole('button', { name: LINK_TO_INCIDENT.submit }));
    expect(screen.getByText(LINK_TO_INCIDENT.messages.incident)).toBeTruthy();
    expect(screen.getByText(LINK_TO_INCIDENT.messages.type)).toBeTruthy();
    expect(screen.getByText(LINK_TO_INCIDENT.messages.severity)).toBeTruthy();
    await chooseOption(user, 'Type', 'Security');
    expect(screen.queryByText(LINK_TO_INCIDENT.messages.type)).toBeNull();
  });

  it('choosing an existing incident hides type and severity; one hypothesis is auto-selected, several must be chosen', async () => {
    let hypotheses = [{ id: 'h1', title: 'Bad deploy', type: 'root', status: 'possible' }];
    const { calls } = shellApi(adminSession, [], {
      '/api/incidents': { body: buildIncidentPage([existing]) },
      '/api/incidents/i1/hypotheses': () => ({ body: hypotheses }),
    });
    const view = render();
    await open();
    await userEvent.type(screen.getByPlaceholderText('Search or create an incident'), 'Check');
    await userEvent.click(await screen.findByText('INC-000007 Checkout down', {}, wait));
    expect(screen.queryByRole('button', { name: /Type$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Severity$/ })).toBeNull();
    await waitFor(() => expect(selectButton('Hypothesis').textContent).toBe('Bad deploy (Root, Possible)'), wait);
    const searches = calls
      .filter((c) => c.url.pathname === '/api/incidents')
      .map((c) => c.url.searchParams.get('search'));
    expect(searches).not.toContain('C');
    view.unmount();

    hypotheses = [...hypotheses, { id: 'h2', title: 'DNS', type: 'root', status: 'likely' }];
    render();
    await open();
    await userEvent.type(screen.getByPlaceholderText('Search or create an incident'), 'Check');
    await userEvent.click(await screen.findByText('INC-000007 Checkout down', {}, wait));
    await waitFor(() => expect(selectButton('Hypothesis').textContent).toBe('Select a hypothesis'), wait);
    await userEvent.click(selectButton('Hypothesis'));
    expect(await screen.findByRole('option', { name: 'DNS (Root, Likely)' }, wait)).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: LINK_TO_INCIDENT.submit }));
    expect(screen.getByText(LINK_TO_INCIDENT.messages.hypothesis)).toBeTruthy();
  });

  it('links to a new incident in one call, shows Linking.., then a toast with a link and resets', async () => {
    let release: () => void = () => {};
    const posted: unknown[] = [];
    shellApi(adminSession, [], {
      '/api/incidents': { body: buildIncidentPage() },
      '/api/incidents/link': async (_url, init) => {
        posted.push(JSON.parse(String(init?.body)));
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return {
          status: 201,
          body: buildLinkEvidenceResult({ incident_id: 'new1', incident_number: 'INC-000042' }),
        };
      },
    });
    const { router } = render();
    await open();
    await userEvent.type(screen.getByPlaceholderText('Search or create an incident'), 'Checkout failing');
    await userEvent.click(await screen.findByText('Create new incident "Checkout failing"', {}, wait));
    await userEvent.click(screen.getByRole('button', { name: LINK_TO_INCIDENT.submit }));
    expect(await screen.findByRole('button', { name: LINK_TO_INCIDENT.submitting }, wait)).toBeTruthy();
    expect(posted).toEqual([
      {
        check_id: 'c1',
        type: 'check',
        description: 'checkout-http failing',
        incident: { title: 'Checkout failing', type: 'availability', severity: 'low' },
      },
    ]);
    release();
    const toast = await screen.findByText(LINK_TO_INCIDENT.success, { exact: false }, wait);
    const link = screen.getByRole('link', { name: 'INC-000042' });
    expect(link.getAttribute('href')).toBe('/incidents/new1');
    const toaster = toast.closest('[data-sonner-toaster]');
    expect(toaster?.getAttribute('data-y-position')).toBe('top');
    expect(toaster?.getAttribute('data-x-position')).toBe('right');
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(link); // jsdom has no pointer capture, which sonner's pointerdown uses
    expect(await screen.findByText('incident page', {}, wait)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/incidents/new1');
  });
});
