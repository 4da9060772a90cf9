/**
 * The server as a migrating user meets it: the whole app (every module, real sign-in, roles and
 * validators) on a fresh test database, driven in-process, with one signed-in administrator who saves
 * each fixture through the same routes the console and `kubectl`-style clients use.
 */
import { signedInPeople } from '../../apps/server/src/test/signed-in-people.js';
import { createTestApp, type TestApp } from '../../apps/server/src/test/test-app.js';
import type { SaveClient } from './replay-types.js';

/** The fields a refusal names: the text before the first colon of each listed problem. */
export function refusedFields(message: string, details: unknown): string[] {
  const problems = Array.isArray(details) ? details.map(String) : message.replace(/^[^:]*: /, '').split('; ');
  const fields = problems.map((problem) => /^([\w.[\]/-]+):/.exec(problem.trim())?.[1]).filter(Boolean);
  return [...new Set(fields as string[])];
}

/** Starts the app and signs the administrator in. */
export async function startSaveClient(): Promise<{ client: SaveClient; app: TestApp }> {
  const app = await createTestApp();
  const people = signedInPeople(app, 'replay');
  const admin = await people.person(['admin']);
  const client: SaveClient = {
    async save(path, doc) {
      const response = await app.app.request(path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          prefer: 'return=representation',
          authorization: `Bearer ${people.tokenOf(admin)}`,
        },
        body: JSON.stringify(doc),
      });
      const text = await response.text();
      let body: Record<string, unknown> = {};
      try {
        const parsed: unknown = JSON.parse(text);
        body = (Array.isArray(parsed) ? parsed[0] : parsed) as Record<string, unknown>;
      } catch {
        body = { message: text };
      }
      if (response.status < 300) return { ok: true, summary: 'accepted', message: '', body };
      const message = String(body.message ?? text);
      const fields = refusedFields(message, body.details);
      const named = fields.length ? ` (${fields.join(', ')})` : `: ${message.slice(0, 60)}`;
      const summary = `refused ${response.status}${named}`;
      return { ok: false, summary, message, body };
    },
    async remove(path) {
      await people.call(admin, 'DELETE', path);
    },
    async get(path) {
      const response = await people.call(admin, 'GET', path);
      return (await response.json()) as unknown;
    },
  };
  return { client, app };
}
