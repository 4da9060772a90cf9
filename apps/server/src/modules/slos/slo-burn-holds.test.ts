import { SLO_BURN_EVENT } from '@mc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERY_RESOURCE } from '../../platform/resource-visibility.js';
import { activeWindows } from '../maintenance/index.js';
import { provideActiveMaintenance } from '../notifications/index.js';
import {
  createNotificationsKit,
  type NotificationsKit,
  SYSTEM,
} from '../notifications/testing/notifications-test-kit.js';
import { evaluateBurnRates } from './slo-burn.job.js';
import { slosService } from './slos.service.js';
import { buildRuns } from './testing/slo-fixtures.js';

/**
 * A burn-rate alert is an event of the SLO's check or component for whatever holds notifications: a
 * silence or a maintenance window whose scope covers that object holds the alert as it holds the
 * object's own failures; an SLO outside every scope is sent.
 */
describe('silences and maintenance windows hold slo.burn_rate', () => {
  let t: NotificationsKit;
  beforeAll(async () => {
    t = await createNotificationsKit();
    provideActiveMaintenance(activeWindows);
  });
  afterAll(() => t?.close());

  it('holds the alerts of an SLO whose check or component a silence or a window covers', async () => {
    const now = new Date();
    const slos = slosService(t.database);
    const slo = async (name: string, target: { check_id: string } | { component_id: string }) =>
      (await slos.create(EVERY_RESOURCE, { name, target: 99.9, ...target }, SYSTEM)).id;
    const failing = async (name: string) => {
      const check = await t.check('healthy', name);
      // the newest 3 of 600 runs failed: the fast page alert fires against 99.9%
      await buildRuns(t.database, check, 600, now, (i) => i < 3);
      return check;
    };

    const checkout = await t.component(null, 'checkout');
    const checkoutApi = await failing('checkout-api');
    await t.link(checkoutApi, checkout);
    const underComponentSilence = await slo('Checkout API', { check_id: checkoutApi });

    const backup = await failing('nightly-backup');
    const underWindow = await slo('Backup', { check_id: backup });

    const payments = await t.component(null, 'payments');
    await t.link(await failing('payments-api'), payments);
    const componentSlo = await slo('Payments', { component_id: payments });

    const search = await failing('search-api');
    const unscoped = await slo('Search', { check_id: search });

    const { rows: silences } = await t.pool.query<{ id: string }>(
      `INSERT INTO notification_silences (description, component_id, recursive)
       VALUES ('checkout deploy', $1, true), ('payments migration', $2, false) RETURNING id`,
      [checkout, payments],
    );
    // a window under way that keeps its runs in the figures, so the SLO still burns and alerts
    const window = await t.one<{ id: string }>(
      `INSERT INTO maintenance_windows
         (title, starts_at, duration_minutes, timezone, series_ends_at, exclude_from_uptime, check_id)
       VALUES ('Backup storage swap', $1, 60, 'UTC', $2, false, $3) RETURNING id`,
      [new Date(now.getTime() - 10 * 60_000), new Date(now.getTime() + 50 * 60_000), backup],
    );
    const rule = await t.rule({
      events: [SLO_BURN_EVENT],
      filter: "event.properties.alert == 'fast'",
      to: { email: 'sre@example.com' },
    });
    await t.pool.query('DELETE FROM event_queue');

    expect((await evaluateBurnRates(t.database, now)).evaluated).toBe(4);
    await t.drain(now);
    const { rows } = await t.pool.query<{
      resource_id: string;
      status: string;
      silenced_by: string | null;
      maintenance_window_id: string | null;
    }>(
      'SELECT resource_id, status, silenced_by, maintenance_window_id FROM notification_send_history WHERE notification_id = $1',
      [rule],
    );
    const byResource = Object.fromEntries(rows.map((row) => [row.resource_id, row]));
    expect(rows).toHaveLength(4);
    expect(byResource[underComponentSilence]).toMatchObject({ status: 'silenced', silenced_by: silences[0]?.id });
    expect(byResource[componentSlo]).toMatchObject({ status: 'silenced', silenced_by: silences[1]?.id });
    expect(byResource[underWindow]).toMatchObject({
      status: 'silenced',
      silenced_by: null,
      maintenance_window_id: window.id,
    });
    expect(byResource[unscoped]).toMatchObject({ status: 'pending', silenced_by: null, maintenance_window_id: null });
  });
});
