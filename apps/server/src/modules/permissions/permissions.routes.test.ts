import { PERMISSION_MESSAGES } from '@mc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: { id: string; token: string };
let viewer: { id: string; token: string };
let editorToken: string;

const call = (method: string, path: string, token: string | null, body?: unknown) =>
  apiCall(t.app, method, path, token, body);
const signedIn = (roles: string[]) => signedInUser(t, { roles });

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(['admin']);
  viewer = await signedIn(['viewer']);
  editorToken = (await signedIn(['editor'])).token;
});
afterAll(() => t.close());

describe('permissions API', () => {
  it('401 without a session; viewers read; only administrators write (an editor could grant itself admin)', async () => {
    expect((await call('GET', '/api/permissions', null)).status).toBe(401);
    expect((await call('GET', '/api/permissions', viewer.token)).status).toBe(200);
    const body = { action: 'read', object: 'catalog', person_id: viewer.id };
    expect((await call('POST', '/api/permissions', viewer.token, body)).status).toBe(403);
    expect((await call('POST', '/api/permissions', editorToken, body)).status).toBe(403);
    expect((await call('POST', '/api/permissions', admin.token, body)).status).toBe(201);
  });

  it('400 with the form rules of 001 §5 and for bad pages, ids and links', async () => {
    const noResource = await call('POST', '/api/permissions', admin.token, { action: 'read', person_id: viewer.id });
    expect(noResource.status).toBe(400);
    expect(await noResource.json()).toMatchObject({ message: PERMISSION_MESSAGES.resourceRequired });
    const noSubject = await call('POST', '/api/permissions', admin.token, { action: 'read', object: 'catalog' });
    expect(await noSubject.json()).toMatchObject({ message: PERMISSION_MESSAGES.subjectRequired });
    const twoSubjects = await call('POST', '/api/permissions', admin.token, {
      action: 'read',
      object: 'catalog',
      person_id: viewer.id,
      team_id: viewer.id,
    });
    expect(await twoSubjects.json()).toMatchObject({ message: PERMISSION_MESSAGES.subjectRequired });
    const unknownObject = await call('POST', '/api/permissions', admin.token, {
      action: 'read',
      object: 'spaceships',
      person_id: viewer.id,
    });
    expect(unknownObject.status).toBe(400);
    const ghost = await call('POST', '/api/permissions', admin.token, {
      action: 'read',
      playbook_id: '00000000-0000-4000-8000-000000000000',
      person_id: viewer.id,
    });
    expect(ghost.status).toBe(400);
    expect(await ghost.json()).toMatchObject({ message: 'The chosen subject or resource does not exist' });
    expect((await call('GET', '/api/permissions?pageSize=0', admin.token)).status).toBe(400);
    expect((await call('GET', '/api/permissions?pageIndex=-1', admin.token)).status).toBe(400);
    expect((await call('GET', '/api/permissions?person_id=x', admin.token)).status).toBe(400);
    expect((await call('PATCH', '/api/permissions/x', admin.token, { action: 'read' })).status).toBe(400);
    expect((await call('DELETE', '/api/permissions/00000000-0000-4000-8000-000000000000', admin.token)).status).toBe(
      404,
    );
  });

  it('creates, pages, edits and deletes; the subject feels each change on the next request', async () => {
    const before = (await (await call('GET', '/api/auth/whoami', viewer.token)).json()) as {
      permissions: { resource: string; action: string; deny?: boolean }[];
    };
    expect(before.permissions).not.toContainEqual({ resource: 'identities', action: 'read' });
    const created = await call('POST', '/api/permissions', admin.token, {
      action: 'read',
      object: 'people',
      person_id: viewer.id,
      description: 'see the users page',
    });
    expect(created.status).toBe(201);
    const row = (await created.json()) as { id: string; person: { name: string }; createdBy: { id: string } };
    expect(row.person.name).toMatch(/Test User/);
    expect(row.createdBy.id).toBe(admin.id);
    expect((await call('GET', '/api/db/people_roles?limit=1', viewer.token)).status).toBe(200);

    const page = (await (
      await call('GET', `/api/permissions?pageIndex=0&pageSize=1&person_id=${viewer.id}`, admin.token)
    ).json()) as {
      data: { id: string }[];
      totalEntries: number;
    };
    expect(page.totalEntries).toBe(2);
    expect(page.data.map((p) => p.id)).toEqual([row.id]);

    const denied = await call('PATCH', `/api/permissions/${row.id}`, admin.token, {
      action: '*',
      deny: true,
      object: 'incident',
      person_id: viewer.id,
    });
    expect(denied.status).toBe(200);
    expect(await denied.json()).toMatchObject({ deny: true, object: 'incident', updated_by: admin.id });
    expect((await call('GET', '/api/incidents', viewer.token)).status).toBe(403);

    expect((await call('DELETE', `/api/permissions/${row.id}`, admin.token)).status).toBe(204);
    expect((await call('GET', '/api/incidents', viewer.token)).status).toBe(200);
    expect(
      (
        await call('PATCH', `/api/permissions/${row.id}`, admin.token, {
          action: 'read',
          object: 'incident',
          person_id: viewer.id,
        })
      ).status,
    ).toBe(404);
  });

  it('an until in the past ends the row; rows from elsewhere are read-only', async () => {
    const expired = await call('POST', '/api/permissions', admin.token, {
      action: '*',
      deny: true,
      object: 'incident',
      person_id: viewer.id,
      until: new Date(Date.now() - 1000).toISOString(),
    });
    expect(expired.status).toBe(201);
    expect((await call('GET', '/api/incidents', viewer.token)).status).toBe(200);
    const { rows } = await t.database.pool.query<{ id: string }>(
      "INSERT INTO permissions (action, object, person_id, source) VALUES ('read', 'rbac', $1, 'KubernetesCRD') RETURNING id",
      [viewer.id],
    );
    const id = rows[0]?.id;
    const edit = await call('PATCH', `/api/permissions/${id}`, admin.token, {
      action: 'read',
      object: 'rbac',
      person_id: viewer.id,
    });
    expect(edit.status).toBe(409);
    expect((await call('DELETE', `/api/permissions/${id}`, admin.token)).status).toBe(409);
  });
});
