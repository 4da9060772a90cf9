import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInUser } from '../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Issue 25: audit rows and error messages run the log redactor too, so a secret a request carried
 * (nested in a JSON column, in a URL, in a header quoted by a message) is kept in neither.
 */
describe('no secret in audit rows or error messages', () => {
  let t: TestApp;
  let editor: { token: string };
  let admin: { token: string };
  beforeAll(async () => {
    t = await createTestApp();
    [editor, admin] = await Promise.all([
      signedInUser(t, { roles: ['editor'] }),
      signedInUser(t, { roles: ['admin'] }),
    ]);
  });
  afterAll(() => t.close());

  it('an audit row keeps nested secrets redacted: a URL password, a token parameter, a password key', async () => {
    const created = await apiCall(t.app, 'POST', '/api/db/logging_backends', editor.token, {
      name: 'audited-secrets',
      spec: {
        loki: [
          { url: 'http://loki:aud1t-pass@loki.example:3100/?token=aud1t-token', headers: { password: 'aud1t-pw' } },
        ],
      },
    });
    expect(created.status).toBe(201);
    const { rows } = await sql<{ row: string }>`
      SELECT changes::text AS row FROM audit_log WHERE target = 'logging_backends' ORDER BY created_at DESC LIMIT 1`.execute(
      t.database.db,
    );
    const row = rows[0]?.row ?? '';
    expect(row).toContain('audited-secrets');
    expect(row).toContain('loki:[redacted]@loki.example');
    for (const secret of ['aud1t-pass', 'aud1t-token', 'aud1t-pw']) expect(row).not.toContain(secret);
  });

  it('an error message quoting a request value never carries its credential', async () => {
    const answer = await apiCall(t.app, 'POST', '/api/logs', admin.token, {
      name: 'https://ops:err0r-pass@logs.example/?api_key=err0r-key',
    });
    expect(answer.status).toBe(404);
    const { message } = (await answer.json()) as { message: string };
    expect(message).toBe("Log backend 'https://ops:[redacted]@logs.example/?api_key=[redacted]' not found");
  });
});
