import { UI_MESSAGES } from '@mc/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildEventQueueSummaryRow } from '../../../test/factories/notifications';
import { shellApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';

const wait = { timeout: 10_000 };

describe('event queue page', { timeout: 60_000 }, () => {
  it('shows each event name with pending, failed, average attempts, failures and the most common error', async () => {
    const { calls } = shellApi(undefined, [], {
      '/api/db/event_queue_summary': {
        body: [
          buildEventQueueSummaryRow({
            name: 'incident.created',
            pending: 4,
            failed: 2,
            average_attempts: 2.5,
            first_failure: '2026-11-21T10:00:00Z',
            last_failure: '2026-11-22T05:00:00Z',
            most_common_error: 'smtp: connection refused',
            dead_letter: 1,
          }),
          buildEventQueueSummaryRow({ name: 'check.failed', pending: 1, average_attempts: 0 }),
        ],
      },
    });
    renderApp('/settings/event-queue-status');
    const row = (await screen.findByText('incident.created', {}, wait)).closest('tr') as HTMLElement;
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent?.replace(/[↑↓]/g, ''));
    expect(headers).toEqual([
      'Name',
      'Pending',
      'Failed',
      'Average Attempts',
      'First Failure',
      'Last Failure',
      'Most Common Error',
      'Dead Letters',
    ]);
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 4)).toEqual(['incident.created', '4', '2', '2.5']);
    expect(cells[4]).not.toBe('');
    expect(cells[5]).not.toBe('');
    expect(cells[6]).toBe('smtp: connection refused');
    expect(cells[7]).toBe('1');
    expect(within(row).getAllByRole('cell')[5]?.querySelector('time')?.getAttribute('datetime')).toBe(
      '2026-11-22T05:00:00.000Z',
    );
    expect(screen.getByText('check.failed')).toBeTruthy();
    expect(calls.some((call) => call.url.pathname === '/api/db/event_queue_summary')).toBe(true);
  });

  it('says so when the queue is empty', async () => {
    shellApi(undefined, [], { '/api/db/event_queue_summary': { body: [] } });
    renderApp('/settings/event-queue-status');
    expect(await screen.findByText(UI_MESSAGES.noData, {}, wait)).toBeTruthy();
  });

  it('shows the error when the summary cannot be read', async () => {
    shellApi(undefined, [], {
      '/api/db/event_queue_summary': { status: 403, body: { message: 'You do not have permission to read database' } },
    });
    renderApp('/settings/event-queue-status');
    expect((await screen.findByRole('alert', {}, wait)).textContent).toContain(
      'You do not have permission to read database',
    );
  });
});
