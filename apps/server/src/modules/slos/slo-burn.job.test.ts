import { SLO_BURN_EVENT } from '@mc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERY_RESOURCE } from '../../platform/resource-visibility.js';
import {
  createNotificationsKit,
  type NotificationsKit,
  SYSTEM,
  startProvider,
} from '../notifications/testing/notifications-test-kit.js';
import { evaluateBurnRates } from './slo-burn.job.js';
import { slosService } from './slos.service.js';
import { buildRuns } from './testing/slo-fixtures.js';

let t: NotificationsKit;
let provider: Awaited<ReturnType<typeof startProvider>>;

beforeAll(async () => {
  t = await createNotificationsKit();
  provider = await startProvider();
});
afterAll(async () => {
  await provider.close();
  await t.close();
});

describe('the burn-rate job', () => {
  it('raises slo.burn_rate once per alert that starts firing, and a rule delivers it', async () => {
    const now = new Date();
    const check = await t.check('healthy', 'checkout-api');
    // 600 runs, the newest 3 failed. Against 99.9%: 1 h 50×, 5 min 600× (fast page); 6 h 8.3×, 30 min 100×
    // (medium page); 3 days 5×, 6 h 8.3× (ticket). Against 99%: 5×/60×, 0.8×/10×, 0.5×/0.8× — nothing.
    await buildRuns(t.database, check, 600, now, (i) => i < 3);
    const slos = slosService(t.database);
    const strict = await slos.create(EVERY_RESOURCE, { name: 'Checkout', check_id: check, target: 99.9 }, SYSTEM);
    await slos.create(EVERY_RESOURCE, { name: 'Checkout relaxed', check_id: check, target: 99 }, SYSTEM);
    const webhook = await t.connection('generic_webhook', { properties: { url: `${provider.base}/hook` } });
    const rule = await t.rule({
      events: [SLO_BURN_EVENT],
      filter: "event.properties.severity == 'page'",
      to: { connection: webhook },
    });
    await t.pool.query('DELETE FROM event_queue');

    expect(await evaluateBurnRates(t.database, now)).toEqual({ evaluated: 2, fired: 3 });
    const { rows } = await t.pool.query<{ properties: { id: string; alert: string; severity: string } }>(
      'SELECT properties FROM event_queue WHERE name = $1 ORDER BY properties->>$2',
      [SLO_BURN_EVENT, 'alert'],
    );
    expect(rows.map((row) => [row.properties.id, row.properties.alert, row.properties.severity])).toEqual([
      [strict.id, 'fast', 'page'],
      [strict.id, 'medium', 'page'],
      [strict.id, 'slow', 'ticket'],
    ]);
    // still burning a minute later: the alerts stay firing, no new event
    expect(await evaluateBurnRates(t.database, new Date(now.getTime() + 1000))).toEqual({ evaluated: 2, fired: 0 });

    provider.received.length = 0;
    expect((await t.drain()).processed).toBe(3);
    expect(await t.deliverDue()).toEqual(['sent', 'sent']);
    const titles = provider.received.map((r) => JSON.parse(r.body).title).sort();
    expect(titles).toEqual([
      'SLO Checkout is burning its error budget (page)',
      'SLO Checkout is burning its error budget (page)',
    ]);
    expect(JSON.parse(provider.received[0]?.body ?? '{}').message).toContain('SLO: Checkout on checkout-api');
    expect((await t.history(rule)).map((row) => row.resource_id)).toEqual([strict.id, strict.id]);
  });
});
