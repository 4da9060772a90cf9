import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { buildUser } from '../auth/testing/auth-factory.js';

/** The exact data-API calls the teams page and the team members panel make, against the real server. */
let t: TestApp;
let editor: { id: string; token: string };
let viewerToken: string;

const call = (method: string, path: string, token: string, body?: unknown) =>
  apiCall(t.app, method, path, token, body, { prefer: 'return=representation' });

beforeAll(async () => {
  t = await createTestApp();
  editor = await signedInUser(t, { roles: ['editor'], first: 'Eddie', last: 'Editor' });
  viewerToken = (await signedInUser(t, { roles: ['viewer'] })).token;
});
afterAll(() => t.close());

describe('teams through /api/db', () => {
  it('creates a team, adds and lists members with their people, removes one, soft-deletes the team', async () => {
    const created = await call('POST', '/api/db/teams', editor.token, {
      name: 'SRE',
      icon: 'group',
      source: 'UI',
      created_by: editor.id,
    });
    expect(created.status).toBe(201);
    const [team] = (await created.json()) as [{ id: string }];
    const teamId = team.id;
    const a = await buildUser(t.database, { first: 'Ada', last: 'Lovelace' });
    const b = await buildUser(t.database, { first: 'Bob', last: 'Builder' });

    expect(
      (await call('POST', '/api/db/team_members', viewerToken, [{ team_id: teamId, person_id: a.id }])).status,
    ).toBe(403);
    const added = await call('POST', '/api/db/team_members', editor.token, [
      { team_id: teamId, person_id: a.id },
      { team_id: teamId, person_id: b.id },
    ]);
    expect(added.status).toBe(201);

    const select = 'person_id,person:people(id,name,email,avatar,deleted_at)';
    const listed = await call('GET', `/api/db/team_members?team_id=eq.${teamId}&select=${select}`, viewerToken);
    expect(listed.status).toBe(200);
    const members = (await listed.json()) as { person: { name: string } }[];
    expect(members.map((m) => m.person.name).sort()).toEqual(['Ada Lovelace', 'Bob Builder']);

    const removed = await call(
      'DELETE',
      `/api/db/team_members?team_id=eq.${teamId}&person_id=eq.${a.id}`,
      editor.token,
    );
    expect(removed.status).toBeLessThan(300);
    const teams = await call(
      'GET',
      '/api/db/teams?select=id,name,team_members(person_id)&deleted_at=is.null&order=name.asc',
      viewerToken,
    );
    expect(await teams.json()).toEqual([{ id: teamId, name: 'SRE', team_members: [{ person_id: b.id }] }]);

    const gone = await call('PATCH', `/api/db/teams?id=eq.${teamId}`, editor.token, {
      deleted_at: new Date().toISOString(),
    });
    expect(gone.status).toBe(200);
    expect(await (await call('GET', '/api/db/teams?deleted_at=is.null', viewerToken)).json()).toEqual([]);
  });
});
