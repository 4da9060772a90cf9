import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FUTURE_PRESETS } from '../../../lib/time-range-presets';
import { buildCheckRow } from '../../../test/factories/health';
import {
  buildRuleCounts,
  buildRuleSummary,
  buildRuleView,
  buildSilencePreview,
  buildSilenceRow,
} from '../../../test/factories/notifications';
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
      '/api/db/notifications_summary': { body: [buildRuleSummary({ id: RULE })] },
      '/api/db/notification_send_history': { body: [historyRow], headers: { 'content-range': '0-0/3' } },
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
          buildSendHistoryRow({
            ...historyRow,
            status: 'sent',
            error: null,
            playbook_run_id: RUN,
            playbook_run: { id: RUN, status: 'completed', name: 'restart-pod' },
          }),
        ],
        headers: { 'content-range': '0-0/1' },
      },
      '/api/db/notifications_summary': {
        body: [buildRuleSummary({ id: RULE, name: 'restart-on-failure', playbook_id: 'P1' })],
      },
    });
    renderApp('/notifications');
    const link = await screen.findByRole('link', { name: 'Playbook run restart-pod: completed' }, wait);
    expect(link.getAttribute('href')).toBe(`/playbooks/runs/${RUN}`);
  });

  it('lists a rule with a playbook recipient as Playbook', async () => {
    shellApi(undefined, [], {
      '/api/db/notifications_summary': {
        body: [buildRuleSummary({ id: RULE, name: 'restart-on-failure', playbook_id: 'P1' })],
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
        body: [buildRuleSummary({ id: RULE, custom_services: [{ connection: 'c' }] })],
      },
      '/api/notification/summary': {
        body: [buildRuleCounts({ notification_id: RULE, sent: 5, failed: 2, silenced: 1 })],
      },
      [`/api/notification/rules/${RULE}`]: {
        body: buildRuleView({ id: RULE }),
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

  it("shows a silence without an end as 'Indefinitely' with what it held back, naming its resource", async () => {
    const { calls } = shellApi(undefined, [], {
      '/api/db/notification_silences': {
        body: [
          {
            ...buildSilenceRow({ id: 'S1', description: 'deploy window', check_id: CHECK, recursive: true }),
            check: { id: CHECK, name: 'checkout-api', type: 'http', icon: null },
            component: null,
            config: null,
            canary: null,
          },
        ],
      },
      '/api/db/notification_send_history': {
        body: [buildSendHistoryRow({ silenced_by: 'S1' }), buildSendHistoryRow({ silenced_by: 'S1' })],
      },
    });
    const { container } = renderApp('/notifications/silences');
    const row = (await screen.findByText('deploy window', {}, wait)).closest('tr') as HTMLElement;
    expect(within(row).getByText('Indefinitely')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(await within(row).findByText('2', {}, wait)).toBeTruthy();
    expect(within(row).getByText('checkout-api')).toBeTruthy();
    expect(row.textContent).not.toContain(CHECK);
    // the icon module loads with the silences page, not with the notifications chunk
    await vi.waitFor(() => expect(container.querySelector('[data-icon="http"]')).not.toBeNull(), wait);
    // one request names every row's resource (embedded), none per row
    const select = calls.find((call) => call.url.pathname === '/api/db/notification_silences')?.url.searchParams;
    expect(select?.get('select')).toContain('check:checks(id,name,type,icon)');
    expect(calls.filter((call) => call.url.pathname === '/api/db/checks')).toHaveLength(0);
  });

  it('previews a silence from a check before saving it', async () => {
    const { calls } = shellApi(undefined, [], {
      '/api/db/checks': { body: [buildCheckRow({ id: CHECK, name: 'checkout-api' })] },
      '/api/notification/silence_preview': {
        body: buildSilencePreview({ total: 4, covers: [{ id: CHECK, kind: 'check', name: 'checkout-api' }] }),
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
  it("offers 001 §9's future presets for the end, Indefinitely first, and no native date input", async () => {
    const { calls } = shellApi(undefined, [], {
      '/api/db/checks': { body: [buildCheckRow({ id: CHECK, name: 'checkout-api' })] },
      '/api/notification/silence_preview': { body: buildSilencePreview() },
    });
    const { container } = renderApp(`/notifications/silences/add?check_id=${CHECK}`);
    const until = await screen.findByRole('button', { name: /Until/ }, wait);
    expect(until.textContent).toContain('Indefinitely');
    expect(
      container.querySelector('input[type="date"], input[type="datetime-local"], select:not([aria-hidden] *)'),
    ).toBeNull();
    expect(screen.getByRole('button', { name: /Check Resource type$/ })).toBeTruthy();
    expect(await screen.findByRole('button', { name: /checkout-api.* Resource$/ }, wait)).toBeTruthy();
    await userEvent.click(until);
    const options = (await screen.findAllByRole('option', {}, wait)).map((option) => option.textContent);
    expect(options.slice(0, FUTURE_PRESETS.length)).toEqual([
      'Indefinitely',
      'Next 5 minutes',
      'Next 15 minutes',
      'Next 30 minutes',
      'Next 1 hour',
      'Next 3 hours',
      'Next 6 hours',
      'Next 12 hours',
      'Next 24 hours',
      'Next 2 days',
      'Next 7 days',
      'Next 30 days',
      'Next 90 days',
      'Next 6 months',
      'Next 1 year',
      'Next 2 years',
      'Next 5 years',
    ]);
    const picked = Date.now();
    await userEvent.click(screen.getByRole('option', { name: 'Next 1 hour' }));
    await waitFor(() => {
      const bodies = calls
        .filter((call) => call.url.pathname === '/api/notification/silence_preview')
        .map((call) => JSON.parse(String(call.init?.body)) as { until: string | null });
      const end = Date.parse(bodies.at(-1)?.until ?? '');
      expect(end - picked).toBeGreaterThan(59 * 60_000);
      expect(end - picked).toBeLessThan(62 * 60_000);
    }, wait);
  });
});
