import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shellApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { buildSendHistoryRow } from '../testing/build-send-history';

const wait = { timeout: 10_000 };
const RULE = '01900000-0000-7000-8000-000000000001';
const CHECK = '01900000-0000-7000-8000-000000000002';

const historyRow = buildSendHistoryRow({ notification_id: RULE, resource_id: CHECK });

const RUN = '01900000-0000-7000-8000-000000000004';

describe('notifications pages', { timeout: 60_000 }, () => {
  it('shows the send history with its filters in the query, and the bell counts failures', async () => {
    const { calls } = shellApi(undefined, [], {
      '/api/db/notification_send_history_summary': { body: [historyRow], headers: { 'content-range': '0-0/1' } },
      '/api/db/notifications_summary': { body: [{ id: RULE, name: 'check-failures', events: ['check.failed'] }] },
      '/api/db/notification_send_history': { body: [{ id: 'x' }], headers: { 'content-range': '0-0/3' } },
    });
    renderApp(`/notifications?status=error&rule=${RULE}`);
    const row = (await screen.findByText('Webhook answered HTTP 500: boom', {}, wait)).closest('tr') as HTMLElement;
    expect(within(row).getByText('check-failures')).toBeTruthy();
    expect(within(row).getByText('Failed')).toBeTruthy();
    const query = calls.find((call) => call.url.pathname === '/api/db/notification_send_history_summary')?.url
      .searchParams;
    expect(query?.get('status')).toBe('eq.error');
    expect(query?.get('notification_id')).toBe(`eq.${RULE}`);
    expect(await screen.findByRole('link', { name: 'Notifications: 3 failed in the last day' }, wait)).toBeTruthy();
  });

  it('links the run a playbook recipient started from its history row', async () => {
    shellApi(undefined, [], {
      '/api/db/notification_send_history_summary': {
        body: [
          {
            ...historyRow,
            status: 'sent',
            error: null,
            playbook_run_id: RUN,
            playbook_run: { id: RUN, status: 'completed', name: 'restart-pod' },
          },
        ],
        headers: { 'content-range': '0-0/1' },
      },
      '/api/db/notifications_summary': {
        body: [{ id: RULE, name: 'restart-on-failure', events: ['check.failed'], playbook_id: 'P1' }],
      },
    });
    renderApp('/notifications');
    const link = await screen.findByRole('link', { name: 'Playbook run restart-pod: completed' }, wait);
    expect(link.getAttribute('href')).toBe(`/playbooks/runs/${RUN}`);
  });

  it('lists a rule with a playbook recipient as Playbook', async () => {
    shellApi(undefined, [], {
      '/api/db/notifications_summary': {
        body: [{ id: RULE, name: 'restart-on-failure', events: ['check.failed'], playbook_id: 'P1' }],
      },
      '/api/notification/summary': { body: [] },
    });
    renderApp('/notifications/rules');
    const row = (await screen.findByText('restart-on-failure', { selector: 'td' }, wait)).closest('tr') as HTMLElement;
    expect(within(row).getByText('Playbook')).toBeTruthy();
  });

  it('lists rules with their counts in the range and opens ?id= in the editor', async () => {
    shellApi(undefined, [], {
      '/api/db/notifications_summary': {
        body: [{ id: RULE, name: 'check-failures', events: ['check.failed'], custom_services: [{ connection: 'c' }] }],
      },
      '/api/notification/summary': {
        body: [{ notification_id: RULE, sent: 5, failed: 2, silenced: 1, suppressed: 0, pending: 0 }],
      },
      [`/api/notification/rules/${RULE}`]: {
        body: {
          rule: { id: RULE, name: 'check-failures' },
          document: { kind: 'Notification', metadata: { name: 'check-failures' }, spec: { events: ['check.failed'] } },
        },
      },
    });
    renderApp(`/notifications/rules?id=${RULE}`);
    const row = (await screen.findByText('check-failures', { selector: 'td' }, wait)).closest('tr') as HTMLElement;
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 6)).toEqual(['check-failures', 'check.failed', 'Connection', '5', '2', '1']);
    expect(await screen.findByRole('region', { name: 'Notification rule' }, wait)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Test' }, wait)).toBeTruthy();
  });

  it("shows a silence without an end as 'Indefinitely' with what it held back", async () => {
    shellApi(undefined, [], {
      '/api/db/notification_silences': {
        body: [
          {
            id: 'S1',
            description: 'deploy window',
            check_id: CHECK,
            recursive: true,
            from: null,
            until: null,
            filter: null,
            created_at: '2026-11-25T09:00:00Z',
          },
        ],
      },
      '/api/db/notification_send_history': { body: [{ silenced_by: 'S1' }, { silenced_by: 'S1' }] },
    });
    renderApp('/notifications/silences');
    const row = (await screen.findByText('deploy window', {}, wait)).closest('tr') as HTMLElement;
    expect(within(row).getByText('Indefinitely')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(await within(row).findByText('2', {}, wait)).toBeTruthy();
  });

  it('previews a silence from a check before saving it', async () => {
    const { calls } = shellApi(undefined, [], {
      '/api/db/checks': { body: [{ id: CHECK, name: 'checkout-api', type: 'http' }] },
      '/api/notification/silence_preview': {
        body: { days: 7, total: 4, rows: [], covers: [{ id: CHECK, kind: 'check', name: 'checkout-api' }] },
      },
    });
    renderApp(`/notifications/silences/add?check_id=${CHECK}`);
    expect(await screen.findByText(/Would have suppressed/, {}, wait)).toBeTruthy();
    expect(screen.getByText('4')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Covered resources' })).getByText('check: checkout-api'),
    ).toBeTruthy();
    const preview = calls.find((call) => call.url.pathname === '/api/notification/silence_preview');
    expect(JSON.parse(String(preview?.init?.body))).toMatchObject({ check_id: CHECK, recursive: true, until: null });
  });
});
