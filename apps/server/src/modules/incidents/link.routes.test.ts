import { LINK_TO_INCIDENT } from '@mc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIncidentsTestApp, factories, type IncidentsTestApp } from './testing/incidents-test-app.js';

let t: IncidentsTestApp;
let f: ReturnType<typeof factories>;
let rita: string;
let check: string;

const link = (body: Record<string, unknown>, who = rita) => t.call(who, 'POST', '/api/incidents/link', body);
const rowCount = async (table: string) =>
  (await t.database.pool.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n as number;

beforeAll(async () => {
  t = await createIncidentsTestApp();
  f = factories(t.database);
  rita = await t.person(['responder'], 'Rita Responder');
  check = await f.check('unhealthy', 'checkout-http');
});
afterAll(async () => {
  await t.close();
});

describe('link to incident', () => {
  it('creates the incident, a root possible hypothesis and the evidence in one call', async () => {
    const response = await link({
      incident: { title: 'Checkout failing', type: 'availability', severity: 'Low' },
      type: 'check',
      check_id: check,
      description: 'checkout-http is failing',
    });
    expect(response.status).toBe(201);
    const result = await response.json();
    expect(result.incident_number).toMatch(/^INC-/);
    const detail = await (await t.call(rita, 'GET', `/api/incidents/${result.incident_id}`)).json();
    expect(detail.incident).toMatchObject({ status: 'open', severity: 'low', type: 'availability' });
    expect(detail.hypotheses).toMatchObject([
      { id: result.hypothesis_id, type: 'root', status: 'possible', title: 'Checkout failing' },
    ]);
    expect(detail.evidences).toMatchObject([
      { id: result.evidence_id, type: 'check', resource: { kind: 'check', name: 'checkout-http' } },
    ]);
    expect(detail.history.map((h: { type: string }) => h.type).reverse()).toEqual([
      'incident.created',
      'hypothesis.created',
      'evidence.created',
    ]);
  });

  it('attaches to an existing incident: to the given hypothesis, or to a new root one when none is given', async () => {
    const first = await (
      await link({ incident: { title: 'Latency', type: 'performance', severity: 'high' }, type: 'log' })
    ).json();
    const given = await (
      await link({ incident_id: first.incident_id, hypothesisId: first.hypothesis_id, type: 'check', check_id: check })
    ).json();
    expect(given.hypothesis_id).toBe(first.hypothesis_id);
    const fresh = await (await link({ incident_id: first.incident_id, type: 'log', description: 'more' })).json();
    expect(fresh.hypothesis_id).not.toBe(first.hypothesis_id);
    const hypotheses = await (await t.call(rita, 'GET', `/api/incidents/${first.incident_id}/hypotheses`)).json();
    expect(hypotheses).toHaveLength(2);
  });

  it('refuses bad links atomically: nothing is left behind', async () => {
    const before = [await rowCount('incidents'), await rowCount('hypotheses'), await rowCount('evidences')];
    const ghost = await link({
      incident: { title: 'Ghost', type: 'availability', severity: 'low' },
      type: 'check',
      check_id: '00000000-0000-0000-0000-00000000beef',
    });
    expect(ghost.status).toBe(400);
    expect((await ghost.json()).message).toBe('No check with id 00000000-0000-0000-0000-00000000beef');
    const neither = await link({ type: 'log' });
    expect((await neither.json()).message).toBe(LINK_TO_INCIDENT.messages.incident);
    const severity = await link({ incident: { title: 'x', type: 'availability', severity: 'meh' }, type: 'log' });
    expect((await severity.json()).message).toMatch(/^Unknown incident severity 'meh'/);
    const other = await (
      await link({ incident: { title: 'Other', type: 'cost', severity: 'low' }, type: 'log' })
    ).json();
    const target = await (
      await link({ incident: { title: 'Target', type: 'cost', severity: 'low' }, type: 'log' })
    ).json();
    const foreign = await link({ incident_id: target.incident_id, hypothesisId: other.hypothesis_id, type: 'log' });
    expect(foreign.status).toBe(400);
    expect((await foreign.json()).message).toMatch(/is not a hypothesis of this incident/);
    expect([await rowCount('incidents'), await rowCount('hypotheses'), await rowCount('evidences')]).toEqual(
      before.map((n) => n + 2),
    );
  });

  it('needs write on incidents', async () => {
    const viewer = await t.person(['viewer']);
    expect((await link({ type: 'log' }, viewer)).status).toBe(403);
    expect((await t.call(null, 'POST', '/api/incidents/link', { type: 'log' })).status).toBe(401);
  });
});

describe('responders and comments', () => {
  let incident: string;
  beforeAll(async () => {
    incident = (
      await (await link({ incident: { title: 'People', type: 'security', severity: 'medium' }, type: 'log' })).json()
    ).incident_id;
  });

  it('adds people and teams as responders, refuses duplicates and unknowns, and removes them', async () => {
    const sam = await t.person(['responder'], 'Sam Oncall');
    const team = await f.team(rita, 'SRE');
    const person = await t.call(rita, 'POST', `/api/incidents/${incident}/responders`, { person_id: sam });
    expect(person.status).toBe(201);
    expect((await t.call(rita, 'POST', `/api/incidents/${incident}/responders`, { team_id: team })).status).toBe(201);
    expect((await t.call(rita, 'POST', `/api/incidents/${incident}/responders`, { person_id: sam })).status).toBe(409);
    const both = await t.call(rita, 'POST', `/api/incidents/${incident}/responders`, { person_id: sam, team_id: team });
    expect((await both.json()).message).toMatch(/exactly one of person_id or team_id/);
    const ghost = await t.call(rita, 'POST', `/api/incidents/${incident}/responders`, {
      team_id: '00000000-0000-0000-0000-0000000000aa',
    });
    expect(ghost.status).toBe(400);
    const summary = await (await t.call(rita, 'GET', `/api/incidents/${incident}`)).json();
    expect(summary.incident.responders.map((r: { name: string; type: string }) => `${r.type}:${r.name}`)).toEqual([
      'person:Sam Oncall',
      'team:SRE',
    ]);
    const responderId = (await person.json()).id;
    expect((await t.call(rita, 'DELETE', `/api/incidents/${incident}/responders/${responderId}`)).status).toBe(204);
    const after = await (await t.call(rita, 'GET', `/api/incidents/${incident}`)).json();
    expect(after.incident.responders.map((r: { name: string }) => r.name)).toEqual(['SRE']);
    const events = await t.database.pool.query(
      "SELECT name FROM event_queue WHERE properties->>'id' = $1 AND name LIKE 'incident.responder%' ORDER BY created_at",
      [incident],
    );
    expect(events.rows.map((r) => r.name)).toEqual([
      'incident.responder.added',
      'incident.responder.added',
      'incident.responder.removed',
    ]);
  });

  it('comments on the incident and on a hypothesis, with author, time, commenters and an event', async () => {
    const hypotheses = await (await t.call(rita, 'GET', `/api/incidents/${incident}/hypotheses`)).json();
    expect((await t.call(rita, 'POST', `/api/incidents/${incident}/comments`, { comment: 'Paging SRE' })).status).toBe(
      201,
    );
    const onHypothesis = await t.call(rita, 'POST', `/api/incidents/${incident}/comments`, {
      comment: 'Looks likely',
      hypothesis_id: hypotheses[0].id,
    });
    expect(onHypothesis.status).toBe(201);
    expect((await t.call(rita, 'POST', `/api/incidents/${incident}/comments`, { comment: ' ' })).status).toBe(400);
    const detail = await (await t.call(rita, 'GET', `/api/incidents/${incident}`)).json();
    expect(detail.comments).toMatchObject([
      { comment: 'Paging SRE', hypothesis_id: null, created_by: { name: 'Rita Responder' } },
      { comment: 'Looks likely', hypothesis_id: hypotheses[0].id },
    ]);
    expect(detail.incident.commenters).toEqual([{ id: rita, name: 'Rita Responder', avatar: null }]);
    expect(detail.history[0]).toMatchObject({ type: 'responder.commented', description: 'Looks likely' });
    const events = await t.database.pool.query(
      "SELECT count(*)::int AS n FROM event_queue WHERE properties->>'id' = $1 AND name = 'incident.comment.added'",
      [incident],
    );
    expect(events.rows[0].n).toBe(2);
  });
});
