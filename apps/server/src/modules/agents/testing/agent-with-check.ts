import { apiCall } from '../../../test/signed-in-api.js';
import type { TestApp } from '../../../test/test-app.js';

/** An agent registered for a test, with the one http check of its canary. */
export interface TestAgent {
  token: string;
  agentId: string;
  canaryId: string;
  checkId: string;
}

/**
 * Registers an agent through the API as `admin` and gives it a canary with one http check of its own, as an
 * agent's pushed canary has: the upstream tests' pushes, pulls and Run Now requests name that check.
 */
export async function agentWithCheck(t: TestApp, admin: string, name: string): Promise<TestAgent> {
  const generated = (await (await apiCall(t.app, 'POST', '/api/agent/generate', admin, { name })).json()) as {
    id: string;
    access_token: string;
  };
  const canary = await t.database.pool.query(
    "INSERT INTO canaries (agent_id, name, schedule) VALUES ($1, $2, '@every 1m') RETURNING id",
    [generated.id, `${name}-canary`],
  );
  const check = await t.database.pool.query(
    `INSERT INTO checks (canary_id, agent_id, type, name, spec)
     VALUES ($1, $2, 'http', 'hit', '{"name":"hit","url":"http://127.0.0.1:1"}') RETURNING id`,
    [canary.rows[0].id, generated.id],
  );
  return {
    token: generated.access_token,
    agentId: generated.id,
    canaryId: String(canary.rows[0].id),
    checkId: String(check.rows[0].id),
  };
}
