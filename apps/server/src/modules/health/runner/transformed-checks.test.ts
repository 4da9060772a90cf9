import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHealthTestApp, type HealthTestApp } from '../testing/health-test-app.js';
import { runCanaryJob } from './run-canary.job.js';

/**
 * canary-checker's transformed checks (checks/common.go, pkg/jobs/canary/canary_jobs.go): the named
 * entries a check's transform returns are stored as checks of their own in the same canary, each with
 * its own result; those a later run no longer returns are retired, marked by their delete strategy.
 */
let t: HealthTestApp;
let admin: string;
let target: Server;
let base: string;
/** What the local server answers at /items; each test sets it before a run. */
let items: unknown[] = [];

beforeAll(async () => {
  target = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json').end(JSON.stringify({ items }));
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`; // a TCP listener
  t = await createHealthTestApp();
  admin = await t.person(['admin']);
});

afterAll(async () => {
  await t.close();
  await new Promise((resolve) => target.close(resolve));
});

/** Each item becomes a check named after it: passing when ok, its size in the details. */
const PER_ITEM =
  "json.items.map(i, {'name': i.name, 'pass': i.ok, 'message': 'item ' + i.name, 'detail': {'size': i.size}}).toJSON()";

const canary = (name: string, http: Record<string, unknown>[], extra: Record<string, unknown> = {}) => ({
  apiVersion: 'canaries.flanksource.com/v1',
  kind: 'Canary',
  metadata: { name, namespace: 'default' },
  spec: { schedule: '@every 1h', http, ...extra },
});

async function save(body: ReturnType<typeof canary>, id?: string): Promise<string> {
  const res = await t.call(admin, id ? 'PUT' : 'POST', id ? `/api/canaries/${id}` : '/api/canaries', body);
  const answer = await res.json();
  expect(res.status, JSON.stringify(answer)).toBe(id ? 200 : 201);
  return answer.id;
}

async function run(canaryId: string) {
  return runCanaryJob.handler({
    payload: { canaryId },
    signal: new AbortController().signal,
    job: { id: 'test', name: 'run_canary', attempt: 1, maxAttempts: 1 },
    // The job reads only the database from its deps.
    deps: { config: {} as never, database: t.database, logger: {} as never },
  });
}

/** The canary's checks by name: whether transformed, live, their status and newest result. */
async function checksOf(canaryId: string) {
  const { rows } = await t.database.pool.query(
    `SELECT k.id, k.name, k.type, k.namespace, k.description, k.labels, k.transformed, k.status,
       k.deleted_at IS NOT NULL AS retired, s.status AS passed, s.message, s.details
     FROM checks k LEFT JOIN LATERAL (SELECT * FROM check_statuses WHERE check_id = k.id ORDER BY time DESC LIMIT 1) s
       ON true WHERE k.canary_id = $1`,
    [canaryId],
  );
  return Object.fromEntries(rows.map((row) => [row.name, row]));
}

describe('transformed checks: a check per named entry of a transform', () => {
  it('stores each entry as a check of the canary with its own result, shown as an ordinary check', async () => {
    items = [
      { name: 'disk-a', ok: true, size: 10 },
      { name: 'disk-b', ok: false, size: 99 },
    ];
    const id = await save(canary('disks', [{ name: 'disks', url: `${base}/items`, transform: { expr: PER_ITEM } }]));
    const summary = await run(id);
    expect(summary).toMatchObject({ successCount: 1, errorCount: 0 });
    const checks = await checksOf(id);
    expect(checks.disks).toMatchObject({ transformed: false, status: 'healthy', passed: true });
    expect(checks['disk-a']).toMatchObject({
      type: 'http',
      namespace: 'default',
      transformed: true,
      status: 'healthy',
      message: 'item disk-a',
      details: { size: 10 },
    });
    expect(checks['disk-b']).toMatchObject({
      transformed: true,
      status: 'unhealthy',
      passed: false,
      details: { size: 99 },
    });
    // The data API and the health summary list them as checks of the canary.
    const listed = await (
      await t.call(admin, 'GET', `/api/db/checks?canary_id=eq.${id}&select=name,transformed&order=name`)
    ).json();
    expect(listed).toEqual([
      { name: 'disk-a', transformed: true },
      { name: 'disk-b', transformed: true },
      { name: 'disks', transformed: false },
    ]);
    const summaryAnswer = await (await t.call(admin, 'GET', '/api/canary/api/summary')).json();
    const names = JSON.stringify(summaryAnswer);
    expect(names).toContain('"disk-a"');
    expect(names).toContain('"disk-b"');
  });

  it('retires the entries a later run no longer returns, marked by transformDeleteStrategy; an empty run retires none', async () => {
    items = [
      { name: 'q-keep', ok: true, size: 1 },
      { name: 'q-gone', ok: true, size: 2 },
    ];
    const spec = {
      name: 'queues',
      url: `${base}/items`,
      transform: { expr: PER_ITEM },
      transformDeleteStrategy: 'MarkUnhealthy',
    };
    const id = await save(canary('queues', [spec]));
    await run(id);
    items = [{ name: 'q-keep', ok: true, size: 1 }];
    await run(id);
    let checks = await checksOf(id);
    expect(checks['q-keep']).toMatchObject({ retired: false, status: 'healthy' });
    expect(checks['q-gone']).toMatchObject({
      retired: true,
      passed: false,
      message: "no longer returned by the transform of check 'queues'",
    });
    items = [];
    await run(id);
    checks = await checksOf(id);
    expect(checks['q-keep']).toMatchObject({ retired: false });
    // Saving the canary again keeps them; removing the parent check retires its entries with it.
    await save(canary('queues', [spec]), id);
    expect((await checksOf(id))['q-keep']).toMatchObject({ retired: false });
    await save(canary('queues', [{ name: 'other', url: `${base}/items` }]), id);
    expect((await checksOf(id))['q-keep']).toMatchObject({ retired: true });
  });

  it("reads upstream's entry fields: namespace, description, labels, id, type, deletedAt, and a single named map", async () => {
    const ownId = '0190a3c4-1111-7000-8000-00000000abcd';
    const expr = `[
      {'name': 'second-after-transformation-check', 'namespace': 'prod', 'message': 'static message',
       'description': 'static description', 'pass': true, 'labels': {'team': 'db'}, 'id': '${ownId}'},
      {'name': 'old-one', 'pass': true, 'deletedAt': '2026-01-01T00:00:00Z', 'type': 'legacy'}
    ].toJSON()`;
    const id = await save(canary('namespaced', [{ name: 'second-check', url: `${base}/items`, transform: { expr } }]));
    await run(id);
    const checks = await checksOf(id);
    expect(checks['second-after-transformation-check']).toMatchObject({
      id: ownId,
      namespace: 'prod',
      description: 'static description',
      labels: { team: 'db' },
      message: 'static message',
      status: 'healthy',
    });
    expect(checks['old-one']).toMatchObject({ type: 'legacy', retired: true, passed: true });
    const single = "{'name': 'only-one', 'pass': false, 'error': 'down'}.toJSON()";
    const other = await save(canary('single', [{ name: 'one', url: `${base}/items`, transform: { expr: single } }]));
    await run(other);
    expect((await checksOf(other))['only-one']).toMatchObject({
      transformed: true,
      status: 'unhealthy',
      passed: false,
    });
  });

  it('fails the parent naming an entry that would take a spec check or its own name; Run Now of an entry answers 422', async () => {
    items = [{ name: 'clash', ok: true, size: 1 }];
    const id = await save(
      canary('clashing', [
        { name: 'clash', url: `${base}/items` },
        { name: 'lister', url: `${base}/items`, transform: { expr: PER_ITEM } },
        { name: 'self', url: `${base}/items`, transform: { expr: "{'name': 'self', 'pass': true}.toJSON()" } },
      ]),
    );
    await run(id);
    const checks = await checksOf(id);
    expect(checks.clash).toMatchObject({ transformed: false });
    expect(checks.lister).toMatchObject({
      passed: false,
      message: "transform entry 'clash' has the name of a http check of the canary's spec",
    });
    expect(checks.self).toMatchObject({
      passed: false,
      message: "transform entry 'self' has the name of its own check",
    });
    items = [{ name: 'entry', ok: true, size: 1 }];
    await run(id);
    const entry = (await checksOf(id)).entry;
    const res = await t.call(admin, 'POST', `/api/canary/run/check/${entry.id}`);
    expect(res.status).toBe(422);
    expect(JSON.stringify(await res.json())).toContain("a transformed check is stored by its parent check's transform");
  });

  it('counts the entries as tests of a junit-mode suite, as upstream puts every result in it', async () => {
    items = [
      { name: 'j-a', ok: true, size: 1 },
      { name: 'j-b', ok: false, size: 2 },
    ];
    const body = canary('suite', [{ name: 'lister', url: `${base}/items`, transform: { expr: PER_ITEM } }], {
      resultMode: 'junit',
    });
    const id = await save(body);
    await run(id);
    const junit = (await checksOf(id)).suite;
    expect(junit).toMatchObject({ passed: false, message: expect.stringMatching(/^2 passed, 1 failed /) });
    expect(junit.details.suite.tests.map((test: { name: string; status: string }) => [test.name, test.status])).toEqual(
      [
        ['lister', 'passed'],
        ['j-a', 'passed'],
        ['j-b', 'failed'],
      ],
    );
  });

  it('refuses an unknown transformDeleteStrategy at save', async () => {
    const res = await t.call(
      admin,
      'POST',
      '/api/canaries',
      canary('bad-strategy', [{ name: 'x', url: `${base}/items`, transformDeleteStrategy: 'Drop' }]),
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('must be MarkHealthy, MarkUnhealthy or Ignore');
  });
});
