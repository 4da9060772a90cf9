import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentDisposition, safeContentType } from '../../../platform/artifact-download.js';
import { apiCall, signedInUser } from '../../../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { saveArtifacts } from '../actions/artifacts.repo.js';

/**
 * GET /api/playbook/run/{id}/artifacts/{artifactId}: read on playbook runs, the run visible to the
 * caller (the data API's row scopes), the artifact one of that run's; served as an attachment that a
 * browser never renders; through /api/db the metadata under the same rule, the content never.
 */
let t: TestApp;
let viewer: string;
let bare: string;
let scoped: string;
const ids = { playbookA: '', playbookB: '', runA: '', runB: '', html: '', log: '', logB: '' };

const download = (token: string | null, runId: string, artifactId: string) =>
  apiCall(t.app, 'GET', `/api/playbook/run/${runId}/artifacts/${artifactId}`, token);

async function runWithArtifacts(playbookId: string, files: { path: string; content: string; contentType?: string }[]) {
  const { rows: runs } = await sql<{ id: string }>`INSERT INTO playbook_runs (playbook_id, status)
    VALUES (${playbookId}, 'completed') RETURNING id`.execute(t.database.db);
  const runId = runs[0]?.id ?? '';
  const { rows: actions } = await sql<{ id: string }>`INSERT INTO playbook_run_actions (playbook_run_id, name, status)
    VALUES (${runId}, 'script', 'completed') RETURNING id`.execute(t.database.db);
  const saved = await saveArtifacts(
    t.database,
    actions[0]?.id ?? '',
    files.map((f) => ({ path: f.path, content: Buffer.from(f.content), contentType: f.contentType })),
  );
  return { runId, artifactIds: saved.map((a) => a.id) };
}

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['a', 'b']) {
    const { rows } = await sql<{ id: string }>`INSERT INTO playbooks (name) VALUES (${name}) RETURNING id`.execute(
      t.database.db,
    );
    if (name === 'a') ids.playbookA = rows[0]?.id ?? '';
    else ids.playbookB = rows[0]?.id ?? '';
  }
  const a = await runWithArtifacts(ids.playbookA, [
    { path: 'out/report "x".html', content: '<script>alert(1)</script>', contentType: 'text/html' },
    { path: 'stdout.log', content: 'pod deleted\n', contentType: 'text/plain; charset=utf-8' },
  ]);
  ids.runA = a.runId;
  ids.html = a.artifactIds[0] ?? '';
  ids.log = a.artifactIds[1] ?? '';
  const b = await runWithArtifacts(ids.playbookB, [{ path: 'b.txt', content: 'buzz of b', contentType: 'text/plain' }]);
  ids.runB = b.runId;
  ids.logB = b.artifactIds[0] ?? '';
  viewer = (await signedInUser(t, { roles: ['viewer'] })).token;
  bare = (await signedInUser(t, { roles: [] })).token;
  const guest = await signedInUser(t, { roles: [] });
  scoped = guest.token;
  await sql`INSERT INTO permissions (person_id, playbook_id, action) VALUES (${guest.id}, ${ids.playbookB}, 'read')`.execute(
    t.database.db,
  );
});
afterAll(() => t.close());

describe('artifact download', () => {
  it('answers 401 to an anonymous caller and 403 to one who may not read runs', async () => {
    expect((await download(null, ids.runA, ids.log)).status).toBe(401);
    const refused = await download(bare, ids.runA, ids.log);
    expect(refused.status).toBe(403);
  });

  it('answers 400 for ids that are not ids, and 404 for an artifact of another run or none', async () => {
    const bad = await download(viewer, 'run-1', ids.log);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe("'run-1' is not a valid id");
    expect((await download(viewer, ids.runA, 'x')).status).toBe(400);
    const other = await download(viewer, ids.runA, ids.logB);
    expect(other.status).toBe(404);
    expect(((await other.json()) as { message: string }).message).toBe('Artifact not found');
    expect((await download(viewer, '0190a000-0000-7000-8000-0000000000ff', ids.log)).status).toBe(404);
  });

  it('serves a viewer the stored bytes as an attachment with its passive type, never sniffed', async () => {
    const response = await download(viewer, ids.runA, ids.log);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('pod deleted\n');
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="stdout.log"; filename*=UTF-8''stdout.log`,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves HTML as octet-stream, with a file name that cannot break the header', async () => {
    const response = await download(viewer, ids.runA, ids.html);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="report _x_.html"; filename*=UTF-8''report%20%22x%22.html`,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers 404 for a run outside the caller row scopes, as the data API hides it', async () => {
    const runs = await apiCall(t.app, 'GET', '/api/db/playbook_runs?select=id', scoped);
    expect(((await runs.json()) as { id: string }[]).map((r) => r.id)).toEqual([ids.runB]);
    expect((await download(scoped, ids.runA, ids.log)).status).toBe(404);
    const own = await download(scoped, ids.runB, ids.logB);
    expect(own.status).toBe(200);
    expect(await own.text()).toBe('buzz of b');
  });

  it('applies the same rule to a run history and its log stream', async () => {
    for (const path of ['history', 'logs/stream']) {
      expect((await apiCall(t.app, 'GET', `/api/playbook/run/${ids.runA}/${path}`, null)).status).toBe(401);
      expect((await apiCall(t.app, 'GET', `/api/playbook/run/${ids.runA}/${path}`, bare)).status).toBe(403);
      expect((await apiCall(t.app, 'GET', `/api/playbook/run/${ids.runA}/${path}`, scoped)).status).toBe(404);
    }
    const own = await apiCall(t.app, 'GET', `/api/playbook/run/${ids.runB}/history`, scoped);
    expect(own.status).toBe(200);
  });

  it('lists artifact metadata through the data API under the same rule, never the content', async () => {
    // the contents are words no id can hold (a UUID's hex once held 'bee', b.txt's old content)
    const listed = async (token: string | null, path = 'artifacts?select=id,filename&order=filename') => {
      const res = await apiCall(t.app, 'GET', `/api/db/${path}`, token);
      const text = await res.text();
      for (const content of ['pod deleted', 'alert(1)', 'buzz of b']) expect(text).not.toContain(content);
      return { status: res.status, text };
    };
    expect((await listed(null)).status).toBe(401);
    expect((await listed(bare)).status).toBe(403);
    expect(JSON.parse((await listed(scoped)).text)).toEqual([{ id: ids.logB, filename: 'b.txt' }]);
    expect(JSON.parse((await listed(viewer)).text)).toEqual([
      { id: ids.logB, filename: 'b.txt' },
      { id: ids.html, filename: 'report "x".html' },
      { id: ids.log, filename: 'stdout.log' },
    ]);
    const content = await listed(viewer, 'artifacts?select=content');
    expect([content.status, JSON.parse(content.text).code]).toEqual([400, '42703']);
    const embed = await listed(
      viewer,
      `playbook_run_actions?select=id,artifacts(content)&playbook_run_id=eq.${ids.runA}`,
    );
    expect([embed.status, JSON.parse(embed.text).code]).toEqual([400, '42703']);
  });
});

describe('artifact headers', () => {
  it('keeps passive well-formed types and refuses active or malformed ones', () => {
    expect(safeContentType('application/json')).toBe('application/json');
    expect(safeContentType('image/png')).toBe('image/png');
    for (const active of [
      'text/html',
      'image/svg+xml',
      'application/xhtml+xml',
      'text/javascript',
      'multipart/mixed',
    ]) {
      expect(safeContentType(active)).toBe('application/octet-stream');
    }
    expect(safeContentType('text/plain\r\nSet-Cookie: a=b')).toBe('application/octet-stream');
    expect(safeContentType('')).toBe('application/octet-stream');
  });

  it('names the file by its last path part, ASCII-safe, with the exact name encoded', () => {
    expect(attachmentDisposition('../../etc/passwd')).toBe(`attachment; filename="passwd"; filename*=UTF-8''passwd`);
    expect(attachmentDisposition('naïve\r\n.txt')).toBe(
      `attachment; filename="na_ve__.txt"; filename*=UTF-8''na%C3%AFve%0D%0A.txt`,
    );
    expect(attachmentDisposition('')).toBe(`attachment; filename="artifact"; filename*=UTF-8''artifact`);
  });
});
