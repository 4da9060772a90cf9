import { INCIDENT_SEVERITIES, INCIDENT_STATUSES, unknownValueMessage } from '@mc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIncidentsTestApp, type IncidentsTestApp } from './testing/incidents-test-app.js';

let t: IncidentsTestApp;
let responder: string;
let viewer: string;
let commander: string;

const create = (body: Record<string, unknown>, who = responder) =>
  t.call(who, 'POST', '/api/incidents', { title: 'Checkout down', type: 'availability', severity: 'high', ...body });

beforeAll(async () => {
  t = await createIncidentsTestApp();
  responder = await t.person(['responder'], 'Rita Responder');
  viewer = await t.person(['viewer'], 'Victor Viewer');
  commander = await t.person(['commander'], 'Cora Commander');
});
afterAll(async () => {
  await t.close();
});

describe('incidents API: access', () => {
  it('answers 401 without a session, on reads and writes', async () => {
    expect((await t.call(null, 'GET', '/api/incidents')).status).toBe(401);
    expect((await t.call(null, 'POST', '/api/incidents', {})).status).toBe(401);
  });

  it('lets a viewer read but not write (403 with a message)', async () => {
    expect((await t.call(viewer, 'GET', '/api/incidents')).status).toBe(200);
    const refused = await create({}, viewer);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      code: 'forbidden',
      message: 'You do not have permission to write incident',
    });
    const none = await t.person([]);
    expect((await t.call(none, 'GET', '/api/incidents')).status).toBe(403);
  });
});

describe('incidents API: bad input', () => {
  it('refuses an unknown status or severity with a 400 naming the allowed values', async () => {
    const status = await create({ status: 'panicking' });
    expect(status.status).toBe(400);
    expect((await status.json()).message).toBe(unknownValueMessage('incident status', 'panicking', INCIDENT_STATUSES));
    const severity = await create({ severity: 'apocalyptic' });
    expect(severity.status).toBe(400);
    expect((await severity.json()).message).toBe(
      unknownValueMessage('incident severity', 'apocalyptic', INCIDENT_SEVERITIES),
    );
    const type = await create({ type: 'vibes' });
    expect((await type.json()).message).toMatch(/^Unknown incident type 'vibes'/);
  });

  it('requires a title, refuses unknown fields, malformed JSON, unknown people and bad ids', async () => {
    expect((await (await create({ title: '  ' })).json()).message).toBe('Title is required');
    expect((await (await create({ title: 'x'.repeat(501) })).json()).message).toBe(
      'Title is too long (500 characters at most)',
    );
    expect((await create({ colour: 'red' })).status).toBe(400);
    expect((await t.call(responder, 'POST', '/api/incidents', '{')).status).toBe(400);
    const ghost = await create({ commander_id: '00000000-0000-0000-0000-00000000dead' });
    expect(ghost.status).toBe(400);
    expect((await ghost.json()).message).toMatch(/No person with id/);
    expect((await t.call(responder, 'GET', '/api/incidents/not-an-id')).status).toBe(404);
    expect((await t.call(responder, 'GET', '/api/incidents/00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect((await t.call(responder, 'GET', '/api/incidents?status=bogus')).status).toBe(400);
    expect((await t.call(responder, 'GET', '/api/incidents?sortBy=password')).status).toBe(400);
  });

  it('refuses an unknown status on edit', async () => {
    const { id } = await (await create({})).json();
    const response = await t.call(responder, 'PATCH', `/api/incidents/${id}`, { status: 'done' });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/^Unknown incident status 'done'/);
  });
});

describe('incidents API: lifecycle', () => {
  it('creates an open incident with a short number, normalising severity codes and case', async () => {
    const response = await create({ severity: 'Medium', commander_id: commander });
    expect(response.status).toBe(201);
    const incident = await response.json();
    expect(incident).toMatchObject({
      status: 'open',
      severity: 'medium',
      commander: { id: commander, name: 'Cora Commander' },
    });
    expect(incident.incident_id).toMatch(/^INC-\d{6}$/);
    const coded = await (await create({ severity: 4 })).json();
    expect(coded.severity).toBe('critical');
  });

  it('edits every field, stamps lifecycle times and records history with who', async () => {
    const { id } = await (await create({})).json();
    const edit = await t.call(commander, 'PATCH', `/api/incidents/${id}`, {
      title: 'Checkout degraded',
      description: 'p99 up',
      type: 'performance',
      severity: 'critical',
      status: 'mitigated',
      commander_id: commander,
      communicator_id: responder,
    });
    expect(edit.status).toBe(200);
    expect(await edit.json()).toMatchObject({ title: 'Checkout degraded', status: 'mitigated', type: 'performance' });
    await t.call(commander, 'PATCH', `/api/incidents/${id}`, { status: 'resolved' });
    const detail = await (await t.call(viewer, 'GET', `/api/incidents/${id}`)).json();
    expect(detail.incident.acknowledged).not.toBeNull();
    expect(detail.incident.resolved).not.toBeNull();
    const types = detail.history.map((h: { type: string }) => h.type);
    expect(types).toEqual([
      'incident.status_updated',
      'incident_status.updated',
      'incident.status_updated',
      'incident.created',
    ]);
    expect(detail.history[0]).toMatchObject({
      description: 'Status changed from mitigated to resolved',
      properties: { from: 'mitigated', to: 'resolved' },
      created_by: { id: commander, name: 'Cora Commander' },
    });
    const { rows } = await t.database.pool.query(
      "SELECT name FROM event_queue WHERE properties->>'id' = $1 ORDER BY created_at",
      [id],
    );
    expect(rows.map((r) => r.name)).toEqual([
      'incident.created',
      'incident.status.mitigated',
      'incident.status.resolved',
    ]);
    const audit = await t.database.pool.query('SELECT action FROM audit_log WHERE $1 = ANY(target_ids) ORDER BY id', [
      id,
    ]);
    expect(audit.rows.map((r) => r.action)).toEqual(['incident.create', 'incident.update', 'incident.update']);
  });
});

describe('incidents API: list', () => {
  beforeAll(async () => {
    const ids: string[] = [];
    for (const [i, severity] of ['low', 'high', 'critical', 'info'].entries()) {
      const { id } = await (await create({ title: `List ${i}`, severity, type: i % 2 ? 'security' : 'cost' })).json();
      ids.push(id);
    }
    await t.call(responder, 'PATCH', `/api/incidents/${ids[0]}`, { status: 'closed', commander_id: commander });
  });

  it('filters by status, severity, type, commander and time range, with the total', async () => {
    const closed = await (await t.call(viewer, 'GET', '/api/incidents?status=closed')).json();
    expect(closed.total).toBe(1);
    expect(closed.data[0]).toMatchObject({ title: 'List 0', status: 'closed', commander: { id: commander } });
    const severe = await (await t.call(viewer, 'GET', '/api/incidents?severity=high,Critical&search=list')).json();
    expect(severe.data.map((r: { title: string }) => r.title).sort()).toEqual(['List 1', 'List 2']);
    const security = await (await t.call(viewer, 'GET', '/api/incidents?type=security&search=list')).json();
    expect(security.total).toBe(2);
    const byCommander = await (await t.call(viewer, 'GET', `/api/incidents?commander=${commander}&search=list`)).json();
    expect(byCommander.total).toBe(1);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const none = await (await t.call(viewer, 'GET', `/api/incidents?from=${encodeURIComponent(future)}`)).json();
    expect(none).toEqual({ data: [], total: 0 });
  });

  it('pages and sorts on the server (severity by rank)', async () => {
    const page = await (
      await t.call(viewer, 'GET', '/api/incidents?search=list&sortBy=severity&sortOrder=desc&pageSize=2')
    ).json();
    expect(page.total).toBe(4);
    expect(page.data.map((r: { severity: string }) => r.severity)).toEqual(['critical', 'high']);
    const next = await (
      await t.call(viewer, 'GET', '/api/incidents?search=list&sortBy=severity&sortOrder=desc&pageSize=2&pageIndex=1')
    ).json();
    expect(next.data.map((r: { severity: string }) => r.severity)).toEqual(['low', 'info']);
    const byTitle = await (await t.call(viewer, 'GET', '/api/incidents?search=list&sortBy=title&sortOrder=asc')).json();
    expect(byTitle.data.map((r: { title: string }) => r.title)).toEqual(['List 0', 'List 1', 'List 2', 'List 3']);
  });
});
