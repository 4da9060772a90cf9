import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type FlowJson } from '../modules/auth/testing/auth-factory.js';
import { apiCall, signedInUser } from '../test/signed-in-api.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Walks every mutating route of the whole app (read from the router, so a new route without an entry
 * here fails the suite): a successful call leaves exactly one audit row, a failing call leaves none.
 * The data API's tables are walked by rest's own audit test.
 */

type Call = (ctx: Walk) => Promise<Response>;
interface RouteCase {
  /** A call that succeeds. */
  ok: Call;
  /** A call to the same route that fails (bad input, unknown id). */
  fail: Call;
}

class Walk {
  readonly ids: Record<string, string> = {};
  constructor(
    readonly t: TestApp,
    readonly token: string,
  ) {}

  async call(method: string, path: string, body?: unknown, token: string | null = this.token): Promise<Response> {
    return apiCall(this.t.app, method, path, token, body);
  }

  async created(key: string, response: Response, field = 'id'): Promise<Response> {
    const body = (await response.clone().json()) as Record<string, unknown>;
    this.ids[key] = String(body[field]);
    return response;
  }

  id(key: string): string {
    const value = this.ids[key];
    if (!value) throw new Error(`no ${key} yet: order the cases so its create runs first`);
    return value;
  }

  async flow(kind: string): Promise<FlowJson> {
    const response = await this.call('GET', `/api/.ory/self-service/${kind}/api`, undefined, null);
    return (await response.json()) as FlowJson;
  }
}

const UNKNOWN = '00000000-0000-4000-8000-00000000dead';
const scraper = (name: string) => ({
  apiVersion: 'configs.flanksource.com/v1',
  kind: 'ScrapeConfig',
  metadata: { name },
  spec: { file: [{ type: 'Audit::File', paths: ['/nonexistent/audit-walk/*.yaml'] }] },
});
const notificationRule = (name: string) => ({
  kind: 'Notification',
  metadata: { name },
  spec: { events: ['check.failed'], to: { email: 'audit@example.com' } },
});
const canary = (name: string) => ({
  apiVersion: 'canaries.flanksource.com/v1',
  kind: 'Canary',
  metadata: { name },
  spec: { schedule: '@every 1h', tcp: [{ name: `${name}-tcp`, endpoint: '127.0.0.1:1' }] },
});

const maintenanceWindow = {
  title: 'Audit window',
  starts_at: '2026-03-22T01:00:00Z',
  duration_minutes: 60,
  timezone: 'UTC',
};

/** In run order: creates before the updates and deletes that need their ids. */
const CASES: Record<string, RouteCase> = {
  'POST /api/properties': {
    ok: (w) => w.call('POST', '/api/properties', { name: 'audit.walk', value: '1' }),
    fail: (w) => w.call('POST', '/api/properties', { name: 'audit walk' }),
  },
  'PATCH /api/properties/:name{.+}': {
    ok: (w) => w.call('PATCH', '/api/properties/audit.walk', { value: '2' }),
    fail: (w) => w.call('PATCH', '/api/properties/audit.none', { value: '2' }),
  },
  'DELETE /api/properties/:name{.+}': {
    ok: (w) => w.call('DELETE', '/api/properties/audit.walk'),
    fail: (w) => w.call('DELETE', '/api/properties/audit.none'),
  },
  'POST /api/connections': {
    ok: async (w) =>
      w.created(
        'connection',
        await w.call('POST', '/api/connections', {
          name: 'audit-db',
          type: 'postgres',
          url: 'postgres://db/audit',
          username: 'app',
          password: 'hunter2',
        }),
      ),
    fail: (w) => w.call('POST', '/api/connections', { name: 'x', type: 'carrier-pigeon' }),
  },
  'PUT /api/connections/:id': {
    ok: (w) =>
      w.call('PUT', `/api/connections/${w.id('connection')}`, {
        name: 'audit-db',
        type: 'postgres',
        url: 'postgres://db/audit2',
        username: 'app',
        password: '********',
      }),
    fail: (w) => w.call('PUT', `/api/connections/${UNKNOWN}`, { name: 'x', type: 'postgres', url: 'postgres://x' }),
  },
  'DELETE /api/connections/:id': {
    ok: (w) => w.call('DELETE', `/api/connections/${w.id('connection')}`),
    fail: (w) => w.call('DELETE', `/api/connections/${UNKNOWN}`),
  },
  'POST /api/agent/generate': {
    ok: async (w) => w.created('agent', await w.call('POST', '/api/agent/generate', { name: 'audit-agent' })),
    fail: (w) => w.call('POST', '/api/agent/generate', {}),
  },
  'PATCH /api/agents/:id': {
    ok: (w) => w.call('PATCH', `/api/agents/${w.id('agent')}`, { properties: { region: 'eu' } }),
    fail: (w) => w.call('PATCH', `/api/agents/${UNKNOWN}`, { properties: {} }),
  },
  'DELETE /api/agents/:id': {
    ok: (w) => w.call('DELETE', `/api/agents/${w.id('agent')}`),
    fail: (w) => w.call('DELETE', `/api/agents/${UNKNOWN}`),
  },
  'POST /api/auth/tokens': {
    ok: async (w) => w.created('token', await w.call('POST', '/api/auth/tokens', { name: 'audit script' })),
    fail: (w) => w.call('POST', '/api/auth/tokens', { name: '' }),
  },
  'DELETE /api/auth/tokens/:id': {
    ok: (w) => w.call('DELETE', `/api/auth/tokens/${w.id('token')}`),
    fail: (w) => w.call('DELETE', `/api/auth/tokens/${UNKNOWN}`),
  },
  'POST /api/auth/invite_user': {
    ok: (w) =>
      w.call('POST', '/api/auth/invite_user', {
        firstName: 'Ines',
        lastName: 'Invited',
        email: 'ines.audit@example.com',
        role: 'responder',
      }),
    fail: (w) =>
      w.call('POST', '/api/auth/invite_user', { firstName: 'I', lastName: 'I', email: 'nope', role: 'responder' }),
  },
  'POST /api/auth/recovery_link': {
    ok: (w) => w.call('POST', '/api/auth/recovery_link', { personId: w.ids.admin }),
    fail: (w) => w.call('POST', '/api/auth/recovery_link', { personId: UNKNOWN }),
  },
  'POST /api/rbac/:id/update_role': {
    ok: async (w) => {
      const person = await buildUser(w.t.database, { roles: ['viewer'] });
      w.ids.person = person.id;
      return w.call('POST', `/api/rbac/${person.id}/update_role`, { role: 'editor' });
    },
    fail: (w) => w.call('POST', `/api/rbac/${w.ids.admin}/update_role`, { role: 'overlord' }),
  },
  'POST /api/permissions': {
    ok: async (w) =>
      w.created(
        'permission',
        await w.call('POST', '/api/permissions', { action: 'read', object: 'catalog', person_id: w.id('person') }),
      ),
    fail: (w) => w.call('POST', '/api/permissions', { action: 'read', object: 'catalog' }),
  },
  'PATCH /api/permissions/:id': {
    ok: (w) =>
      w.call('PATCH', `/api/permissions/${w.id('permission')}`, {
        action: '*',
        deny: true,
        object: 'incident',
        person_id: w.id('person'),
      }),
    fail: (w) =>
      w.call('PATCH', `/api/permissions/${UNKNOWN}`, { action: 'read', object: 'incident', person_id: w.id('person') }),
  },
  'DELETE /api/permissions/:id': {
    ok: (w) => w.call('DELETE', `/api/permissions/${w.id('permission')}`),
    fail: (w) => w.call('DELETE', `/api/permissions/${UNKNOWN}`),
  },
  'POST /api/people/update': {
    ok: (w) => w.call('POST', '/api/people/update', { id: w.id('person'), name: 'Audited Person' }),
    fail: (w) => w.call('POST', '/api/people/update', { id: UNKNOWN, name: 'Nobody' }),
  },
  'DELETE /api/people/:id': {
    ok: (w) => w.call('DELETE', `/api/people/${w.id('person')}`),
    fail: (w) => w.call('DELETE', `/api/people/${UNKNOWN}`),
  },
  'POST /api/canaries': {
    ok: async (w) => w.created('canary', await w.call('POST', '/api/canaries', canary('audit-walk'))),
    fail: (w) => w.call('POST', '/api/canaries', { kind: 'Canary' }),
  },
  'PUT /api/canaries/:id': {
    ok: (w) => w.call('PUT', `/api/canaries/${w.id('canary')}`, canary('audit-walk')),
    fail: (w) => w.call('PUT', `/api/canaries/${UNKNOWN}`, canary('audit-walk')),
  },
  'POST /api/canary/run/check/:id': {
    ok: async (w) => {
      const { rows } = await w.t.database.pool.query('SELECT id FROM checks WHERE canary_id = $1', [w.id('canary')]);
      return w.call('POST', `/api/canary/run/check/${rows[0].id}`);
    },
    fail: (w) => w.call('POST', `/api/canary/run/check/${UNKNOWN}`),
  },
  'POST /api/canary/run/topology/:id': {
    ok: async (w) => {
      const { rows } = await w.t.database.pool.query(
        "INSERT INTO topologies (name, spec) VALUES ('audit-walk', '{}'::jsonb) RETURNING id",
      );
      return w.call('POST', `/api/canary/run/topology/${rows[0].id}`);
    },
    fail: (w) => w.call('POST', `/api/canary/run/topology/${UNKNOWN}`),
  },
  'DELETE /api/canaries/:id': {
    ok: (w) => w.call('DELETE', `/api/canaries/${w.id('canary')}`),
    fail: (w) => w.call('DELETE', `/api/canaries/${UNKNOWN}`),
  },
  'POST /api/catalog/scrapers': {
    ok: async (w) => w.created('scraper', await w.call('POST', '/api/catalog/scrapers', scraper('audit-walk'))),
    fail: (w) => w.call('POST', '/api/catalog/scrapers', { kind: 'ScrapeConfig' }),
  },
  'PUT /api/catalog/scrapers/:id': {
    ok: (w) => w.call('PUT', `/api/catalog/scrapers/${w.id('scraper')}`, scraper('audit-walk')),
    fail: (w) => w.call('PUT', `/api/catalog/scrapers/${UNKNOWN}`, scraper('audit-walk')),
  },
  'POST /api/catalog/scrapers/:id/run': {
    ok: (w) => w.call('POST', `/api/catalog/scrapers/${w.id('scraper')}/run`),
    fail: (w) => w.call('POST', `/api/catalog/scrapers/${UNKNOWN}/run`),
  },
  'DELETE /api/catalog/scrapers/:id': {
    ok: (w) => w.call('DELETE', `/api/catalog/scrapers/${w.id('scraper')}`),
    fail: (w) => w.call('DELETE', `/api/catalog/scrapers/${UNKNOWN}`),
  },
  'POST /api/catalog/:id/relationships': {
    ok: async (w) => {
      const { rows } = await w.t.database.pool.query(
        "INSERT INTO config_items (name, type, config_class) VALUES ('audit-a', 'Audit::Item', 'Audit'), ('audit-b', 'Audit::Item', 'Audit') RETURNING id",
      );
      w.ids.linkFrom = rows[0].id;
      w.ids.linkTo = rows[1].id;
      return w.call('POST', `/api/catalog/${rows[0].id}/relationships`, { related_id: rows[1].id });
    },
    fail: (w) => w.call('POST', `/api/catalog/${UNKNOWN}/relationships`, { related_id: UNKNOWN }),
  },
  'DELETE /api/catalog/:id/relationships/:related_id': {
    ok: (w) => w.call('DELETE', `/api/catalog/${w.id('linkFrom')}/relationships/${w.id('linkTo')}`),
    fail: (w) => w.call('DELETE', `/api/catalog/${UNKNOWN}/relationships/${UNKNOWN}`),
  },
  'POST /api/incidents': {
    ok: async (w) =>
      w.created(
        'incident',
        await w.call('POST', '/api/incidents', { title: 'Audit walk', type: 'availability', severity: 'low' }),
      ),
    fail: (w) => w.call('POST', '/api/incidents', { title: 'x', type: 'availability', severity: 'apocalyptic' }),
  },
  'PATCH /api/incidents/:id': {
    ok: (w) => w.call('PATCH', `/api/incidents/${w.id('incident')}`, { severity: 'high' }),
    fail: (w) => w.call('PATCH', `/api/incidents/${w.id('incident')}`, { status: 'exploded' }),
  },
  'POST /api/incidents/:id/hypotheses': {
    ok: async (w) =>
      w.created(
        'hypothesis',
        await w.call('POST', `/api/incidents/${w.id('incident')}/hypotheses`, { title: 'Bad deploy' }),
      ),
    fail: (w) => w.call('POST', `/api/incidents/${w.id('incident')}/hypotheses`, { title: 'x', type: 'factor' }),
  },
  'PATCH /api/incidents/:id/hypotheses/:hid': {
    ok: (w) =>
      w.call('PATCH', `/api/incidents/${w.id('incident')}/hypotheses/${w.id('hypothesis')}`, { status: 'likely' }),
    fail: (w) => w.call('PATCH', `/api/incidents/${w.id('incident')}/hypotheses/${UNKNOWN}`, { status: 'likely' }),
  },
  'POST /api/incidents/:id/evidences': {
    ok: async (w) =>
      w.created(
        'evidence',
        await w.call('POST', `/api/incidents/${w.id('incident')}/evidences`, {
          hypothesis_id: w.id('hypothesis'),
          type: 'log',
          description: 'error rate',
        }),
      ),
    fail: (w) =>
      w.call('POST', `/api/incidents/${w.id('incident')}/evidences`, {
        hypothesis_id: w.id('hypothesis'),
        type: 'check',
        check_id: UNKNOWN,
      }),
  },
  'PATCH /api/incidents/:id/evidences/:eid': {
    ok: (w) => w.call('PATCH', `/api/incidents/${w.id('incident')}/evidences/${w.id('evidence')}`, { done: true }),
    fail: (w) => w.call('PATCH', `/api/incidents/${w.id('incident')}/evidences/${UNKNOWN}`, { done: true }),
  },
  'POST /api/incidents/:id/comments': {
    ok: (w) => w.call('POST', `/api/incidents/${w.id('incident')}/comments`, { comment: 'looking' }),
    fail: (w) => w.call('POST', `/api/incidents/${w.id('incident')}/comments`, { comment: ' ' }),
  },
  'POST /api/incidents/:id/responders': {
    ok: async (w) =>
      w.created(
        'responder',
        await w.call('POST', `/api/incidents/${w.id('incident')}/responders`, { person_id: w.ids.admin }),
      ),
    fail: (w) => w.call('POST', `/api/incidents/${w.id('incident')}/responders`, {}),
  },
  'DELETE /api/incidents/:id/responders/:rid': {
    ok: (w) => w.call('DELETE', `/api/incidents/${w.id('incident')}/responders/${w.id('responder')}`),
    fail: (w) => w.call('DELETE', `/api/incidents/${w.id('incident')}/responders/${UNKNOWN}`),
  },
  'POST /api/incidents/link': {
    ok: (w) =>
      w.call('POST', '/api/incidents/link', {
        incident_id: w.id('incident'),
        type: 'log',
        description: 'linked',
      }),
    fail: (w) => w.call('POST', '/api/incidents/link', { type: 'log' }),
  },
  'DELETE /api/incidents/:id/evidences/:eid': {
    ok: (w) => w.call('DELETE', `/api/incidents/${w.id('incident')}/evidences/${w.id('evidence')}`),
    fail: (w) => w.call('DELETE', `/api/incidents/${w.id('incident')}/evidences/${UNKNOWN}`),
  },
  'DELETE /api/incidents/:id/hypotheses/:hid': {
    ok: (w) => w.call('DELETE', `/api/incidents/${w.id('incident')}/hypotheses/${w.id('hypothesis')}`),
    fail: (w) => w.call('DELETE', `/api/incidents/${w.id('incident')}/hypotheses/${UNKNOWN}`),
  },
  'POST /api/.ory/self-service/registration': {
    ok: async (w) => {
      const flow = await w.flow('registration');
      return w.call(
        'POST',
        `/api/.ory/self-service/registration?flow=${flow.id}`,
        {
          method: 'password',
          password: 'a long and unusual passphrase 42',
          traits: { email: 'reggie.audit@example.com', name: { first: 'Reggie', last: 'Audit' } },
        },
        null,
      );
    },
    fail: async (w) => {
      const flow = await w.flow('registration');
      return w.call(
        'POST',
        `/api/.ory/self-service/registration?flow=${flow.id}`,
        { method: 'password', password: 'short', traits: { email: 'nope' } },
        null,
      );
    },
  },
  'POST /api/.ory/self-service/login': {
    ok: async (w) => {
      const flow = await w.flow('login');
      const response = await w.call(
        'POST',
        `/api/.ory/self-service/login?flow=${flow.id}`,
        { method: 'password', identifier: 'reggie.audit@example.com', password: 'a long and unusual passphrase 42' },
        null,
      );
      return w.created('reggie', response, 'session_token');
    },
    fail: async (w) => {
      const flow = await w.flow('login');
      return w.call(
        'POST',
        `/api/.ory/self-service/login?flow=${flow.id}`,
        { method: 'password', identifier: 'reggie.audit@example.com', password: 'wrong' },
        null,
      );
    },
  },
  'POST /api/.ory/self-service/settings': {
    ok: async (w) => {
      const flow = (await (
        await w.call('GET', '/api/.ory/self-service/settings/api', undefined, w.id('reggie'))
      ).json()) as FlowJson;
      return w.call(
        'POST',
        `/api/.ory/self-service/settings?flow=${flow.id}`,
        {
          method: 'profile',
          traits: { email: 'reggie.audit@example.com', name: { first: 'Reginald', last: 'Audit' } },
        },
        w.id('reggie'),
      );
    },
    fail: (w) => w.call('POST', `/api/.ory/self-service/settings?flow=${UNKNOWN}`, { method: 'profile' }, null),
  },
  'POST /api/.ory/self-service/recovery': {
    ok: async (w) => {
      const flow = await w.flow('recovery');
      return w.call(
        'POST',
        `/api/.ory/self-service/recovery?flow=${flow.id}`,
        { method: 'code', email: 'reggie.audit@example.com' },
        null,
      );
    },
    fail: (w) => w.call('POST', `/api/.ory/self-service/recovery?flow=${UNKNOWN}`, { method: 'code' }, null),
  },
  'POST /api/.ory/self-service/verification': {
    ok: async (w) => {
      const flow = await w.flow('verification');
      return w.call(
        'POST',
        `/api/.ory/self-service/verification?flow=${flow.id}`,
        { method: 'code', email: 'reggie.audit@example.com' },
        null,
      );
    },
    fail: (w) => w.call('POST', `/api/.ory/self-service/verification?flow=${UNKNOWN}`, { method: 'code' }, null),
  },
  'DELETE /api/.ory/self-service/logout/api': {
    ok: (w) => w.call('DELETE', '/api/.ory/self-service/logout/api', { session_token: w.id('reggie') }, null),
    fail: (w) => w.call('DELETE', '/api/.ory/self-service/logout/api', { session_token: 'nope' }, null),
  },
  'POST /api/notification/rules': {
    ok: async (w) => {
      const response = await w.call('POST', '/api/notification/rules', notificationRule('audit-walk'));
      w.ids.notificationRule = String(((await response.clone().json()) as { rule: { id: string } }).rule.id);
      return response;
    },
    fail: (w) => w.call('POST', '/api/notification/rules', { ...notificationRule('audit-walk'), kind: 'Canary' }),
  },
  'PUT /api/notification/rules/:id': {
    ok: (w) => w.call('PUT', `/api/notification/rules/${w.id('notificationRule')}`, notificationRule('audit-walk')),
    fail: (w) => w.call('PUT', `/api/notification/rules/${UNKNOWN}`, notificationRule('audit-walk')),
  },
  'DELETE /api/notification/rules/:id': {
    ok: (w) => w.call('DELETE', `/api/notification/rules/${w.id('notificationRule')}`),
    fail: (w) => w.call('DELETE', `/api/notification/rules/${UNKNOWN}`),
  },
  'POST /api/notification/silence': {
    ok: async (w) =>
      w.created(
        'silence',
        await w.call('POST', '/api/notification/silence', { description: 'audit', filter: "check.name == 'x'" }),
      ),
    fail: (w) => w.call('POST', '/api/notification/silence', { description: 'audit' }),
  },
  'PATCH /api/notification/silence/:id': {
    ok: (w) => w.call('PATCH', `/api/notification/silence/${w.id('silence')}`, { description: 'audit 2' }),
    fail: (w) => w.call('PATCH', `/api/notification/silence/${UNKNOWN}`, { description: 'audit 2' }),
  },
  'DELETE /api/notification/silence/:id': {
    ok: (w) => w.call('DELETE', `/api/notification/silence/${w.id('silence')}`),
    fail: (w) => w.call('DELETE', `/api/notification/silence/${UNKNOWN}`),
  },
  'POST /api/playbook/run': {
    ok: async (w) => {
      const spec = { actions: [{ name: 'a', http: { url: 'http://127.0.0.1:1/' } }] };
      const { rows } = await w.t.database.pool.query(
        "INSERT INTO playbooks (name, spec) VALUES ('audit-walk', $1) RETURNING id",
        [JSON.stringify(spec)],
      );
      w.ids.playbook = rows[0].id;
      return w.created('playbookRun', await w.call('POST', '/api/playbook/run', { id: rows[0].id }), 'run_id');
    },
    fail: (w) => w.call('POST', '/api/playbook/run', { id: UNKNOWN }),
  },
  'POST /api/playbook/run/approve/:id': {
    ok: async (w) => {
      const spec = { approval: { approvers: { people: [w.id('admin')] } }, actions: [] };
      const { rows } = await w.t.database.pool.query(
        "INSERT INTO playbook_runs (playbook_id, status, spec) VALUES ($1, 'pending_approval', $2) RETURNING id",
        [w.id('playbook'), JSON.stringify(spec)],
      );
      return w.call('POST', `/api/playbook/run/approve/${rows[0].id}`);
    },
    fail: (w) => w.call('POST', `/api/playbook/run/approve/${UNKNOWN}`),
  },
  'POST /api/playbook/run/cancel/:id': {
    ok: (w) => w.call('POST', `/api/playbook/run/cancel/${w.id('playbookRun')}`),
    fail: (w) => w.call('POST', `/api/playbook/run/cancel/${UNKNOWN}`),
  },
  'POST /api/slos': {
    ok: async (w) => {
      const { rows } = await w.t.database.pool.query(
        `WITH c AS (INSERT INTO canaries (name, spec) VALUES ('audit-slo', '{}') RETURNING id)
         INSERT INTO checks (canary_id, type, name) SELECT id, 'http', 'audit-slo' FROM c RETURNING id`,
      );
      return w.created('slo', await w.call('POST', '/api/slos', { name: 'audit', check_id: rows[0].id, target: 99 }));
    },
    fail: (w) => w.call('POST', '/api/slos', { name: 'audit', target: 99 }),
  },
  'PATCH /api/slos/:id': {
    ok: (w) => w.call('PATCH', `/api/slos/${w.id('slo')}`, { target: 99.5 }),
    fail: (w) => w.call('PATCH', `/api/slos/${UNKNOWN}`, { target: 99.5 }),
  },
  'DELETE /api/slos/:id': {
    ok: (w) => w.call('DELETE', `/api/slos/${w.id('slo')}`),
    fail: (w) => w.call('DELETE', `/api/slos/${UNKNOWN}`),
  },
  'POST /api/maintenance': {
    ok: async (w) =>
      w.created(
        'maintenance',
        await w.call('POST', '/api/maintenance', { ...maintenanceWindow, filter: "check.name == 'audit'" }),
      ),
    fail: (w) => w.call('POST', '/api/maintenance', maintenanceWindow),
  },
  'PATCH /api/maintenance/:id': {
    ok: (w) => w.call('PATCH', `/api/maintenance/${w.id('maintenance')}`, { title: 'Audit window, moved' }),
    fail: (w) => w.call('PATCH', `/api/maintenance/${UNKNOWN}`, { title: 'x' }),
  },
  'DELETE /api/maintenance/:id': {
    ok: (w) => w.call('DELETE', `/api/maintenance/${w.id('maintenance')}`),
    fail: (w) => w.call('DELETE', `/api/maintenance/${UNKNOWN}`),
  },
  'POST /api/status-pages': {
    ok: async (w) =>
      w.created(
        'statusPage',
        await w.call('POST', '/api/status-pages', { slug: 'audit', title: 'Audit', checks: { names: ['audit'] } }),
      ),
    fail: (w) => w.call('POST', '/api/status-pages', { slug: 'Not A Slug', title: 'Audit' }),
  },
  'PATCH /api/status-pages/:id': {
    ok: (w) => w.call('PATCH', `/api/status-pages/${w.id('statusPage')}`, { title: 'Audit, renamed' }),
    fail: (w) => w.call('PATCH', `/api/status-pages/${UNKNOWN}`, { title: 'x' }),
  },
  'DELETE /api/status-pages/:id': {
    ok: (w) => w.call('DELETE', `/api/status-pages/${w.id('statusPage')}`),
    fail: (w) => w.call('DELETE', `/api/status-pages/${UNKNOWN}`),
  },
  'POST /api/heartbeats/:checkId/token': {
    ok: async (w) => {
      const { rows } = await w.t.database.pool.query(
        `WITH c AS (INSERT INTO canaries (name, spec) VALUES ('audit-beat', '{}') RETURNING id)
         INSERT INTO checks (canary_id, type, name) SELECT id, 'webhook', 'audit-beat' FROM c RETURNING id`,
      );
      w.ids.heartbeatCheck = rows[0].id;
      return w.call('POST', `/api/heartbeats/${rows[0].id}/token`);
    },
    fail: (w) => w.call('POST', `/api/heartbeats/${UNKNOWN}/token`),
  },
  'DELETE /api/heartbeats/:checkId/token': {
    ok: (w) => w.call('DELETE', `/api/heartbeats/${w.id('heartbeatCheck')}/token`),
    fail: (w) => w.call('DELETE', `/api/heartbeats/${UNKNOWN}/token`),
  },
};

/** POST routes that only read or probe: they must change nothing, so they write no audit row. */
const READ_ONLY: Record<string, { call: Call; why: string }> = {
  'POST /api/playbook/:id/params': {
    why: 'answers the parameters of a playbook for a resource, sent as POST as upstream does',
    call: (w) => w.call('POST', `/api/playbook/${UNKNOWN}/params`, {}),
  },
  'POST /api/canary/api/summary': {
    why: 'the dashboard summary query, sent as POST for its body of filters',
    call: (w) => w.call('POST', '/api/canary/api/summary', {}),
  },
  'POST /api/catalog/summary': {
    why: 'the catalog summary query, sent as POST for its body of filters',
    call: (w) => w.call('POST', '/api/catalog/summary', {}),
  },
  'POST /api/resources/search': {
    why: 'the resource selector search (001 §7), sent as POST for its body of selectors; reads through the data API',
    call: (w) => w.call('POST', '/api/resources/search', { checks: [{ agent: 'all', search: 'x' }] }),
  },
  'POST /api/catalog/changes': {
    why: 'the changes search, sent as POST for its body of filters',
    call: (w) => w.call('POST', '/api/catalog/changes', {}),
  },
  'POST /api/schemas/:type/validate': {
    why: 'validates a document against a JSON schema without storing it',
    call: (w) => w.call('POST', '/api/schemas/canaries/validate', { spec: {} }),
  },
  'POST /api/integrations/charts/:id/validate': {
    why: 'validates chart values against the chart schema without storing them',
    call: (w) => w.call('POST', '/api/integrations/charts/aws/validate', { values: 'scraper: {}' }),
  },
  'POST /api/upstream/push': {
    why: 'an agent delivering check results, stored like the scheduler’s runs (not audited, docs/agents.md)',
    call: (w) => w.call('POST', '/api/upstream/push', { results: [] }, null),
  },
  'POST /api/upstream/scrapes': {
    why: 'an agent delivering a scraper run, stored like the scheduler’s scrapes with a job history row (docs/agents.md)',
    call: (w) => w.call('POST', '/api/upstream/scrapes', {}, null),
  },
  'POST /api/upstream/log-queries/:id/answer': {
    why: 'an agent answering a relayed log search; the search itself is read-only (docs/agents.md)',
    call: (w) => w.call('POST', `/api/upstream/log-queries/${UNKNOWN}/answer`, {}, null),
  },
  'POST /api/notification/rules/:id/test': {
    why: "sends a sample message to a rule's recipients; stores nothing",
    call: (w) => w.call('POST', `/api/notification/rules/${UNKNOWN}/test`),
  },
  'POST /api/notification/silence_preview': {
    why: 'computes what an unsaved silence would cover; stores nothing',
    call: (w) => w.call('POST', '/api/notification/silence_preview', { filter: "check.name == 'x'" }),
  },
  'POST /api/logs': {
    why: 'searches a log backend, sent as POST for its body as upstream does; stores nothing',
    call: (w) => w.call('POST', '/api/logs', { name: 'mission-control', query: { text: 'audit' } }),
  },
  'POST /api/connection/test/:id': {
    why: 'probes the remote system of a stored connection; stores nothing',
    call: (w) => w.call('POST', `/api/connection/test/${UNKNOWN}`),
  },
  'POST /api/status-pages/preview': {
    why: 'builds the public view of an unsaved page for its editor; stores nothing',
    call: (w) =>
      w.call('POST', '/api/status-pages/preview', { slug: 'audit-preview', title: 'x', checks: { names: ['x'] } }),
  },
  'POST /webhook/:token': {
    why: 'a heartbeat call, stored as the check’s run like the scheduler’s runs (not audited, docs/maintenance.md)',
    call: (w) => w.call('POST', '/webhook/unknown-token', {}, null),
  },
  'POST /webhook': {
    why: 'a heartbeat call with its token in a header, stored as the check’s run (not audited)',
    call: (w) => w.call('POST', '/webhook', {}, null),
  },
  'POST /api/connection/test': {
    why: "probes the remote system of a connection form's unsaved values; stores nothing",
    call: (w) =>
      w.call('POST', '/api/connection/test', { name: 'audit-probe', type: 'redis', url: 'redis://127.0.0.1:1' }),
  },
};

let t: TestApp;
let walk: Walk;

async function auditCount(): Promise<number> {
  const { rows } = await t.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log');
  return rows[0]?.n ?? 0;
}

beforeAll(async () => {
  t = await createTestApp();
  const admin = await signedInUser(t, { roles: ['admin'] });
  walk = new Walk(t, admin.token);
  walk.ids.admin = admin.id;
});
afterAll(async () => {
  await t.close();
});

describe('audit coverage of every mutating route', () => {
  it('has a case for every mutating route of the app', () => {
    const mutating = new Set(
      t.app.routes
        .filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && !r.path.startsWith('/api/db'))
        .map((r) => `${r.method} ${r.path}`),
    );
    const known = new Set([...Object.keys(CASES), ...Object.keys(READ_ONLY)]);
    expect([...mutating].filter((route) => !known.has(route)).sort()).toEqual([]);
    expect([...known].filter((route) => !mutating.has(route)).sort()).toEqual([]);
  });

  for (const [route, c] of Object.entries(CASES)) {
    it(`${route}: one audit row when it succeeds, none when it fails`, async () => {
      const before = await auditCount();
      const failed = await c.fail(walk);
      expect(failed.status, await failed.clone().text()).toBeGreaterThanOrEqual(400);
      expect(failed.status).toBeLessThan(500);
      expect(await auditCount()).toBe(before);
      const ok = await c.ok(walk);
      expect(ok.status, await ok.clone().text()).toBeLessThan(300);
      expect(await auditCount()).toBe(before + 1);
    });
  }

  for (const [route, c] of Object.entries(READ_ONLY)) {
    it(`${route}: changes nothing, so no audit row (${c.why})`, async () => {
      const before = await auditCount();
      const response = await c.call(walk);
      expect(response.status).toBeLessThan(500);
      expect(await auditCount()).toBe(before);
    });
  }
});
