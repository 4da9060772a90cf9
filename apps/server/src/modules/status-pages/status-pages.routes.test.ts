import {
  buildCanary,
  buildCheck,
  buildCheckStatus,
  buildComponent,
  buildEvidence,
  buildHypothesis,
  buildIncident,
  buildTopology,
  insertRow,
  insertRows,
} from '@mc/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

type Saved = { id: string; slug: string; token?: string; message?: string };

/**
 * Status pages (issue 33 item 1): the editor API by role, bad input, and above all what an anonymous
 * stranger can and cannot read — only what the page chose, nothing internal.
 */
describe('status pages', () => {
  let t: TestApp;
  let editor: { id: string; token: string };
  let viewer: { token: string };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    editor = await signedInUser(t, { roles: ['editor'] });
    viewer = await signedInUser(t, { roles: ['viewer'] });
    const pool = t.database.pool;
    const topology = await insertRow<{ id: string }>(pool, 'topologies', buildTopology({ name: 'internal-topo-x' }));
    const parent = await insertRow<{ id: string }>(
      pool,
      'components',
      buildComponent({ name: 'Payments', topology_id: topology.id }),
    );
    const [api, db, secret] = await insertRows<{ id: string }>(pool, 'components', [
      buildComponent({
        name: 'Checkout API',
        topology_id: topology.id,
        parent_id: parent.id,
        labels: { tier: 'public', owner: 'team-secret-label' },
      }),
      buildComponent({
        name: 'Ledger DB',
        topology_id: topology.id,
        parent_id: parent.id,
        labels: { tier: 'public', owner: 'x' },
      }),
      buildComponent({
        name: 'Internal Admin Panel',
        topology_id: topology.id,
        parent_id: parent.id,
        labels: { tier: 'internal' },
      }),
    ]);
    const canary = await insertRow<{ id: string }>(pool, 'canaries', buildCanary({ name: 'internal-canary-name' }));
    const [checkout, hidden] = await insertRows<{ id: string }>(pool, 'checks', [
      buildCheck(canary.id, {
        name: 'checkout-http',
        endpoint: 'https://secret-endpoint.internal/health',
        labels: { probe: 'edge' },
      }),
      buildCheck(canary.id, { name: 'hidden-check', labels: { probe: 'internal' } }),
    ]);
    Object.assign(ids, { api: api?.id, db: db?.id, secret: secret?.id, checkout: checkout?.id, hidden: hidden?.id });
    await insertRows(pool, 'check_statuses', [
      buildCheckStatus(ids.checkout as string, {
        status: true,
        duration: 100,
        message: 'internal message 42',
        time: new Date(Date.now() - 60_000),
      }),
      buildCheckStatus(ids.checkout as string, { status: false, duration: 300, message: 'internal failure text' }),
    ]);
    await sql`UPDATE components SET status = 'unhealthy', status_reason = 'internal reason zz', summary = NULL
      WHERE id = ${ids.db}::uuid`.execute(t.database.db);
  }, 600_000); // a fresh migrated database; slow on a loaded machine, never a measure of speed
  afterAll(() => t?.close());

  const create = async (session: string, body: unknown) => {
    const answer = await apiCall(t.app, 'POST', '/api/status-pages', session, body);
    return { status: answer.status, body: (await answer.json()) as Saved };
  };
  const stranger = (path: string) => t.app.request(path);
  const page = {
    slug: 'shop',
    title: 'Shop status',
    description: 'Our <shop> & friends',
    components: { labels: { tier: 'public' } },
    checks: { names: ['checkout-http'] },
  };

  it('401 without a session, 403 for a viewer writing, 400 naming the problem, 409 on a taken slug', async () => {
    expect((await apiCall(t.app, 'GET', '/api/status-pages', null)).status).toBe(401);
    expect((await apiCall(t.app, 'POST', '/api/status-pages', null, page)).status).toBe(401);
    expect((await create(viewer.token, page)).status).toBe(403);
    const badSlug = await create(editor.token, { ...page, slug: 'Not A Slug' });
    expect(badSlug.status).toBe(400);
    expect(badSlug.body.message).toContain('Slug is lower-case');
    const empty = await create(editor.token, { ...page, components: {}, checks: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Choose at least one component or check (by name, type or label)');
    const unknown = await create(editor.token, { ...page, colour: 'red' });
    expect(unknown.status).toBe(400);
    const remoteLogo = await create(editor.token, { ...page, logo_url: 'https://evil.example/x.png' });
    expect(remoteLogo.status).toBe(400);
    expect((await apiCall(t.app, 'POST', '/api/status-pages', editor.token, '{"slug":')).status).toBe(400);
    expect((await apiCall(t.app, 'GET', '/api/status-pages/not-a-uuid', viewer.token)).status).toBe(404);
    const created = await create(editor.token, page);
    expect(created.status).toBe(201);
    expect(created.body.token).toBeUndefined();
    expect((await create(editor.token, page)).status).toBe(409);
    const list = await apiCall(t.app, 'GET', '/api/status-pages', viewer.token);
    expect(list.status).toBe(200);
    expect(((await list.json()) as { total: number }).total).toBe(1);
  });

  it('an editor whose reach of components is narrowed by a deny row may not save, preview or edit a page', async () => {
    const narrowed = await signedInUser(t, { roles: ['editor'] });
    await t.database.pool.query(
      `INSERT INTO permissions (action, deny, component_id, person_id) VALUES ('read', true, $1, $2)`,
      [ids.secret, narrowed.id],
    );
    const refused = await create(narrowed.token, { ...page, slug: 'narrowed' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('only someone who may read every component and check');
    const preview = await apiCall(t.app, 'POST', '/api/status-pages/preview', narrowed.token, page);
    expect(preview.status).toBe(403);
    const { id } = (await create(editor.token, { ...page, slug: 'narrowed-edit' })).body;
    const edit = await apiCall(t.app, 'PATCH', `/api/status-pages/${id}`, narrowed.token, { title: 'Mine' });
    expect(edit.status).toBe(403);
    expect((await apiCall(t.app, 'DELETE', `/api/status-pages/${id}`, editor.token)).status).toBe(204);
  });

  it('a stranger reads the chosen services grouped by their parent, states from the roll-up, and nothing internal', async () => {
    const answer = await stranger('/status/shop.json');
    expect(answer.status).toBe(200);
    const text = await answer.text();
    const view = JSON.parse(text) as {
      groups: { name: string; services: { name: string; state: string; uptime: number | null; days: unknown[] }[] }[];
    };
    expect(view.groups.map((g) => g.name)).toEqual(['Payments', 'Checks']);
    const services = Object.fromEntries(view.groups.flatMap((g) => g.services).map((s) => [s.name, s]));
    expect(Object.keys(services).sort()).toEqual(['Checkout API', 'Ledger DB', 'checkout-http']);
    expect(services['Ledger DB']?.state).toBe('major_outage');
    expect(services['checkout-http']?.uptime).toBe(50);
    expect(services['checkout-http']?.days).toHaveLength(90);
    for (const leak of [
      'Internal Admin Panel',
      'hidden-check',
      'internal-canary-name',
      'internal-topo-x',
      'team-secret-label',
      'tier',
      'secret-endpoint',
      'internal message 42',
      'internal failure text',
      'internal reason zz',
      ids.api,
      ids.checkout,
      ids.db,
    ])
      expect(text).not.toContain(leak);
    const html = await stranger('/status/shop');
    expect(html.headers.get('content-type')).toContain('text/html');
    const body = await html.text();
    expect(body).toContain('Our &lt;shop&gt; &amp; friends');
    expect(body).not.toContain('<shop>');
    expect(body).not.toContain('<script');
    expect(body).not.toContain('internal reason zz');
  });

  it('shows only public incidents naming its services, with only their public updates', async () => {
    const pool = t.database.pool;
    const [shown, privateOne, elsewhere] = await insertRows<{ id: string }>(pool, 'incidents', [
      buildIncident(editor.id, { title: 'Checkout errors', public: true }),
      buildIncident(editor.id, { title: 'Private incident on checkout', public: false }),
      buildIncident(editor.id, { title: 'Public incident elsewhere', public: true }),
    ]);
    for (const [incident, evidence] of [
      [shown, { component_id: ids.api }],
      [privateOne, { check_id: ids.checkout }],
      [elsewhere, { component_id: ids.secret }],
    ] as const) {
      const h = await insertRow<{ id: string }>(pool, 'hypotheses', buildHypothesis(incident?.id as string, editor.id));
      await insertRow(pool, 'evidences', buildEvidence(h.id, editor.id, evidence));
    }
    const comment = (text: string, isPublic: boolean) =>
      apiCall(t.app, 'POST', `/api/incidents/${shown?.id}/comments`, editor.token, { comment: text, public: isPublic });
    expect((await comment('We are investigating checkout errors.', true)).status).toBe(201);
    expect((await comment('internal chatter: db password rotated', false)).status).toBe(201);
    const patched = await apiCall(t.app, 'PATCH', `/api/incidents/${privateOne?.id}`, editor.token, { public: 'yes' });
    expect(patched.status).toBe(400);
    // the page was cached (10 s) before these incidents: an editor's save refreshes it at once
    await apiCall(t.app, 'PATCH', `/api/status-pages/${(await firstPage()).id}`, editor.token, {
      title: 'Shop status',
    });
    const fresh = await (await stranger('/status/shop.json')).text();
    expect(fresh).toContain('Checkout errors');
    expect(fresh).toContain('We are investigating checkout errors.');
    expect(fresh).not.toContain('internal chatter');
    expect(fresh).not.toContain('Private incident on checkout');
    expect(fresh).not.toContain('Public incident elsewhere');
    const atom = await stranger('/status/shop/feed.atom');
    expect(atom.headers.get('content-type')).toContain('application/atom+xml');
    const feed = await atom.text();
    expect(feed).toContain('<title>Checkout errors</title>');
    expect(feed).not.toContain(shown?.id as string);
  });

  it('shows the scheduled and ongoing maintenance of its services, by title and times only', async () => {
    const window = (title: string, startsIn: number, extra: Record<string, unknown>) =>
      apiCall(t.app, 'POST', '/api/maintenance', editor.token, {
        title,
        starts_at: new Date(Date.now() + startsIn).toISOString(),
        duration_minutes: 60,
        ...extra,
      });
    expect((await window('Ledger upgrade', -600_000, { component_id: ids.db })).status).toBe(201);
    expect((await window('Admin panel move', 3_600_000, { component_id: ids.secret })).status).toBe(201);
    await apiCall(t.app, 'PATCH', `/api/status-pages/${(await firstPage()).id}`, editor.token, {
      title: 'Shop status',
    });
    const view = (await (await stranger('/status/shop.json')).json()) as {
      maintenance: { title: string; ongoing: boolean; starts_at: string }[];
    };
    expect(view.maintenance.map((m) => [m.title, m.ongoing])).toEqual([['Ledger upgrade', true]]);
    expect(Date.parse(view.maintenance[0]?.starts_at ?? '')).toBeLessThan(Date.now() - 500_000);
    expect(await (await stranger('/status/shop')).text()).toContain('In progress');
  });

  const firstPage = async () =>
    ((await (await apiCall(t.app, 'GET', '/api/status-pages', viewer.token)).json()) as { data: Saved[] })
      .data[0] as Saved;

  it('a token page answers 404 without its token, and its token is shown once and stored hashed', async () => {
    const created = await create(editor.token, { ...page, slug: 'partners', visibility: 'token' });
    expect(created.status).toBe(201);
    const token = created.body.token as string;
    expect(token).toMatch(/^mcsp_/);
    expect((await stranger('/status/partners')).status).toBe(404);
    expect((await stranger('/status/partners.json?token=wrong')).status).toBe(404);
    const opened = await stranger(`/status/partners.json?token=${token}`);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('cache-control')).toBe('private, no-store');
    const read = await apiCall(t.app, 'GET', `/api/status-pages/${created.body.id}`, editor.token);
    expect(await read.text()).not.toContain(token);
    const viaDataApi = await apiCall(t.app, 'GET', '/api/db/status_pages?select=*', editor.token);
    expect(viaDataApi.status).toBe(200);
    expect(await viaDataApi.text()).not.toContain('token_hash');
    const rotated = await apiCall(t.app, 'PATCH', `/api/status-pages/${created.body.id}`, editor.token, {
      rotate_token: true,
    });
    const next = ((await rotated.json()) as Saved).token as string;
    expect(next).not.toBe(token);
    expect((await stranger(`/status/partners.json?token=${token}`)).status).toBe(404);
    expect((await stranger(`/status/partners.json?token=${next}`)).status).toBe(200);
  });

  it('badges: an object on a public page answers an SVG under 2 KB; one on no page, a bad id or kind does not', async () => {
    const status = await stranger(`/badge/check/${ids.checkout}/uptime.svg?window=7d`);
    expect(status.status).toBe(200);
    expect(status.headers.get('content-type')).toContain('image/svg+xml');
    const svg = await status.text();
    expect(svg).toContain('50%');
    expect(svg.length).toBeLessThan(2048);
    expect((await stranger(`/badge/check/${ids.hidden}/status.svg`)).status).toBe(404);
    expect((await stranger(`/badge/component/${ids.secret}/status.svg`)).status).toBe(404);
    expect((await stranger('/badge/check/not-an-id/status.svg')).status).toBe(404);
    expect((await stranger(`/badge/check/${ids.checkout}/other.svg`)).status).toBe(400);
    expect((await stranger(`/badge/check/${ids.checkout}/status.svg?window=5y`)).status).toBe(400);
    const noSlo = await (await stranger(`/badge/component/${ids.api}/slo.svg`)).text();
    expect(noSlo).toContain('no SLO');
    const slo = await apiCall(t.app, 'POST', '/api/slos', editor.token, {
      name: 'Checkout availability',
      check_id: ids.checkout,
      target: 99,
      window_days: 7,
    });
    expect(slo.status, await slo.text()).toBe(201);
    const budget = await (await stranger(`/badge/check/${ids.checkout}/slo.svg?label=budget`)).text();
    expect(budget).toMatch(/% left/);
    expect(budget).not.toContain('Checkout availability');
    const label = await stranger(`/status/shop/badge.svg?label=${encodeURIComponent('<script>x</script>')}`);
    expect(label.status).toBe(200);
    expect(await label.text()).not.toContain('<script>');
  });

  it('a deleted page is gone for strangers at once; viewers cannot delete', async () => {
    const { id } = await firstPage();
    expect((await apiCall(t.app, 'DELETE', `/api/status-pages/${id}`, viewer.token)).status).toBe(403);
    const slug = (await firstPage()).slug;
    expect((await apiCall(t.app, 'DELETE', `/api/status-pages/${id}`, editor.token)).status).toBe(204);
    expect((await stranger(`/status/${slug}`)).status).toBe(404);
    expect((await stranger('/status/..%2F..%2Fetc')).status).toBe(404);
  });
});
