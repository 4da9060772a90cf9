import { CHECK_ARTIFACT_MAX_BYTES } from '@mc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCanaryJob } from '../runner/run-canary.job.js';
import { createHealthTestApp, type HealthTestApp } from '../testing/health-test-app.js';

let t: HealthTestApp;
let admin: string;
let viewer: string;

beforeAll(async () => {
  process.env.MC_EXEC_CHECKS = 'on';
  t = await createHealthTestApp();
  admin = await t.person(['admin']);
  viewer = await t.person(['viewer']);
});

afterAll(async () => {
  delete process.env.MC_EXEC_CHECKS;
  await t.close();
});

const script = [
  'mkdir -p out/deep',
  'echo "report line" > out/report.txt',
  'printf "\\x00\\x01binary" > out/deep/data.bin',
  'echo nope > other.log',
  'ln -s /etc/passwd out/passwd.txt',
  `head -c ${CHECK_ARTIFACT_MAX_BYTES + 1} /dev/zero > out/huge.txt`,
  'echo "  result 7  "',
].join('\n');

async function saveAndRun(name: string, artifacts: { path: string }[]) {
  const canary = {
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Canary',
    metadata: { name, namespace: 'default' },
    spec: { schedule: '@every 1h', exec: [{ name: 'report', script, artifacts }] },
  };
  const res = await t.call(admin, 'POST', '/api/canaries', canary);
  expect(res.status).toBe(201);
  const { id } = await res.json();
  await runCanaryJob.handler({
    payload: { canaryId: id },
    signal: new AbortController().signal,
    job: { id: 'test', name: 'run_canary', attempt: 1, maxAttempts: 1 },
    // The job reads only the database (and the config the value reader would need) from its deps.
    deps: { config: {} as never, database: t.database, logger: {} as never },
  });
  const { rows } = await t.database.pool.query(
    `SELECT k.id, s.details FROM checks k JOIN check_statuses s ON s.check_id = k.id WHERE k.canary_id = $1`,
    [id],
  );
  return rows[0] as { id: string; details: Record<string, unknown> };
}

describe('exec artifacts', () => {
  it('keeps the declared files and output, lists them with the result, and serves them to readers', async () => {
    const { id, details } = await saveAndRun('with-artifacts', [
      { path: 'out/**/*.{txt,bin}' },
      { path: '/dev/stdout' },
      { path: '../outside' },
      { path: '/etc/passwd' },
    ]);
    const kept = details.artifacts as { id: string; path: string; size: number }[];
    expect(kept.map((artifact) => artifact.path).sort()).toEqual(['out/deep/data.bin', 'out/report.txt', 'stdout']);
    expect(details.artifactsSkipped).toEqual([
      `out/huge.txt: larger than ${CHECK_ARTIFACT_MAX_BYTES} bytes`,
      '../outside: not below the script directory',
      '/etc/passwd: not below the script directory',
    ]);
    const list = await t.call(viewer, 'GET', `/api/checks/${id}/artifacts`);
    expect(list.status).toBe(200);
    expect((await list.json()).map((artifact: { path: string }) => artifact.path).sort()).toEqual(
      kept.map((artifact) => artifact.path).sort(),
    );
    const stdout = kept.find((artifact) => artifact.path === 'stdout');
    const download = await t.call(viewer, 'GET', `/api/checks/${id}/artifacts/${stdout?.id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('attachment; filename="stdout"');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await download.text()).toBe('result 7');
    const report = kept.find((artifact) => artifact.path === 'out/report.txt');
    expect(await (await t.call(viewer, 'GET', `/api/checks/${id}/artifacts/${report?.id}`)).text()).toBe(
      'report line\n',
    );
  });

  it('refuses callers who may not read the check, and ids of another check', async () => {
    const first = await saveAndRun('artifacts-a', [{ path: '/dev/stdout' }]);
    const second = await saveAndRun('artifacts-b', [{ path: '/dev/stdout' }]);
    const artifactOfFirst = (first.details.artifacts as { id: string }[])[0]?.id;
    expect((await t.call(null, 'GET', `/api/checks/${first.id}/artifacts/${artifactOfFirst}`)).status).toBe(401);
    expect((await t.call(viewer, 'GET', `/api/checks/${second.id}/artifacts/${artifactOfFirst}`)).status).toBe(404);
  });

  it('refuses exec connections and checkout when the canary is saved, naming the field', async () => {
    const canary = (extra: Record<string, unknown>) => ({
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: 'refused' },
      spec: { exec: [{ name: 'e', script: 'true', ...extra }] },
    });
    const checkout = await t.call(admin, 'POST', '/api/canaries', canary({ checkout: { url: 'https://git/x' } }));
    expect(checkout.status).toBe(400);
    expect(JSON.stringify(await checkout.json())).toContain('spec.exec[0]: checkout is not supported by this server');
    const connections = await t.call(admin, 'POST', '/api/canaries', canary({ connections: { aws: {} } }));
    expect(JSON.stringify(await connections.json())).toContain(
      'spec.exec[0]: connections is not supported by this server',
    );
  });
});
