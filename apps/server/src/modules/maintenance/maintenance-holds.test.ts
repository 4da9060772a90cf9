import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provideActiveMaintenance } from '../notifications/index.js';
import { createNotificationsKit, type NotificationsKit } from '../notifications/testing/notifications-test-kit.js';
import { insertWindow } from './maintenance.repo.js';
import { activeWindows } from './maintenance-intervals.js';

const MINUTE = 60_000;

/**
 * A window under way holds the notifications of its scope as a silence does: the message is written
 * `silenced` naming the window, never sent; outside an occurrence of a recurring window the same event is
 * sent; a check outside the scope is not held.
 */
describe('maintenance windows hold notifications', () => {
  let t: NotificationsKit;
  beforeAll(async () => {
    t = await createNotificationsKit();
    provideActiveMaintenance(activeWindows);
  });
  afterAll(() => t?.close());

  it('holds a check failure during an occurrence and lets it through between occurrences', async () => {
    const check = await t.check('healthy', 'nightly-backup');
    const other = await t.check('healthy', 'outside-scope');
    const rule = await t.rule({ events: ['check.failed'], to: { email: 'ops@example.com' } });
    const start = new Date('2026-03-28T01:00:00Z'); // 02:00 Berlin, daily, one hour
    const window = await insertWindow(
      t.pool,
      {
        title: 'Nightly backup',
        description: '',
        starts_at: start,
        duration_minutes: 60,
        timezone: 'Europe/Berlin',
        rrule: 'FREQ=DAILY',
        series_ends_at: null,
        exclude_from_uptime: true,
        filter: null,
        recursive: true,
        config_id: null,
        check_id: check,
        canary_id: null,
        component_id: null,
      },
      null,
    );
    await t.pool.query('DELETE FROM event_queue');
    // 30 March 2026 after DST: the occurrence is 02:00–03:00 CEST = 00:00–01:00Z
    await t.setCheck(check, 'unhealthy');
    await t.setCheck(other, 'unhealthy');
    await t.drain(new Date('2026-03-30T00:30:00Z'));
    const held = await t.pool.query(
      'SELECT resource_id, status, silenced_by, maintenance_window_id FROM notification_send_history WHERE notification_id = $1',
      [rule],
    );
    const byResource = Object.fromEntries(held.rows.map((row) => [row.resource_id, row]));
    expect(byResource[check]).toMatchObject({
      status: 'silenced',
      silenced_by: null,
      maintenance_window_id: window.id,
    });
    expect(byResource[other]?.status).toBe('pending');

    await t.pool.query('DELETE FROM notification_send_history');
    await t.setCheck(check, 'healthy');
    await t.pool.query('DELETE FROM event_queue');
    await t.setCheck(check, 'unhealthy');
    await t.drain(new Date(new Date('2026-03-30T01:00:00Z').getTime() + 5 * MINUTE));
    const after = await t.history(rule);
    expect(after.map((row) => row.status)).toEqual(['pending']);
  });
});
