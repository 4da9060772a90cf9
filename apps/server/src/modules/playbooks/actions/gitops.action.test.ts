import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ActionKit, createActionKit, type Recorded, type Reply } from './testing/action-test-kit.js';
import { STALLED_PREFIX, startGitServer } from './testing/git-https-server.js';

/**
 * The gitops action against a real git server (bare repositories made by the test with the git CLI,
 * served over HTTPS by `git http-backend`): clone, YAML path edit, JSON patch, whole files, commit as
 * the author, push a branch; the pull request through named doubles of the GitHub and Azure DevOps
 * APIs served by the same server under /api/ (a connection's token goes only to its own endpoint, docs/
 * connections.md), checking the documented request. Also: nothing to commit, a path that
 * leaves the repository, a refused clone, the token absent from the stored run.
 */
const TOKEN = 'ghp_gitopsS3cretToken';
let kit: ActionKit;
let server: Awaited<ReturnType<typeof startGitServer>>;
/** The API requests the git server received. */
const api = { received: [] as Recorded[] };
let app: string;

const MANIFEST = `# the billing deployment
apiVersion: apps/v1
kind: Deployment
metadata:
  name: billing # keep this comment
spec:
  replicas: 1
  template:
    spec:
      containers:
        - name: billing
          image: billing:1.0
`;

function apiReply(request: Recorded): Reply {
  if (request.method === 'POST' && request.path === '/api/github/repos/acme/app/pulls') {
    return { status: 201, json: { number: 17, html_url: 'https://github.com/acme/app/pull/17' } };
  }
  if (
    request.method === 'POST' &&
    request.path === '/api/azure/acme/ops/_apis/git/repositories/infra/pullrequests?api-version=7.1'
  ) {
    return {
      status: 201,
      json: { pullRequestId: 5, url: 'https://dev.azure.com/acme/ops/_apis/git/pullRequests/5' },
    };
  }
  return { status: 404, json: { message: 'Not Found' } };
}

beforeAll(async () => {
  kit = await createActionKit();
  server = await startGitServer(TOKEN, apiReply);
  api.received = server.apiReceived;
  app = server.repository('acme/app.git', {
    'deploy/billing.yaml': MANIFEST,
    'config.json': '{"flags": {"beta": false}}\n',
  });
  await kit.connection('github', { password: TOKEN, url: `${server.base}/api/github` }, 'gh');
});
afterAll(async () => {
  await server.close();
  await kit.close();
});

/** The git transport processes still talking to `url` (git-remote-https outlives a killed git). */
const transportsOf = (url: string) =>
  execFileSync('ps', ['-eo', 'args='], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes('git-remote-') && line.includes(url));

const repo = (extra: Record<string, unknown> = {}) => ({
  connection: 'gh',
  url: `${server.base}/acme/app.git`,
  insecureSkipVerify: true,
  apiUrl: `${server.base}/api/github`,
  ...extra,
});
const commit = {
  author: 'Mission Control',
  email: 'mc@example.com',
  message: 'Scale billing to {{ .params.replicas }}',
};

describe('gitops action', () => {
  it('patches YAML and JSON, commits, pushes a branch and opens a GitHub pull request', async () => {
    const id = await kit.playbook(
      [
        {
          name: 'scale',
          gitops: {
            repo: repo({ branch: 'scale-billing' }),
            commit,
            pr: { title: 'Scale billing' },
            patches: [
              {
                path: 'deploy/billing.yaml',
                yq: '.spec.replicas = {{ .params.replicas }} | .spec.template.spec.containers[0].image = "billing:2.0"',
              },
              { path: 'config.json', jsonPatch: [{ op: 'replace', path: '/flags/beta', value: true }] },
            ],
            files: [{ path: 'notes/why.md', content: 'Scaled by run {{ .run.id }}\n' }],
          },
        },
      ],
      { parameters: [{ name: 'replicas', default: '3' }] },
    );
    const { run, actions, stored, runId } = await kit.runToEnd(id);
    expect(run.status, actions[0]?.error ?? '').toBe('completed');
    const result = actions[0]?.result as Record<string, unknown>;
    expect(result).toMatchObject({
      repo: `${server.base}/acme/app.git`,
      base: 'main',
      branch: 'scale-billing',
      changed: true,
      files: ['notes/why.md', 'deploy/billing.yaml', 'config.json'],
      pull_request: { number: 17, url: 'https://github.com/acme/app/pull/17' },
    });
    expect(result.commit).toMatch(/^[0-9a-f]{40}$/);
    const yaml = server.show(app, 'scale-billing', 'deploy/billing.yaml');
    expect(yaml).toContain('replicas: 3');
    expect(yaml).toContain('image: billing:2.0');
    expect(yaml).toContain('# the billing deployment');
    expect(yaml).toContain('name: billing # keep this comment');
    expect(JSON.parse(server.show(app, 'scale-billing', 'config.json'))).toEqual({ flags: { beta: true } });
    expect(server.show(app, 'scale-billing', 'notes/why.md')).toBe(`Scaled by run ${runId}\n`);
    expect(server.lastCommit(app, 'scale-billing')).toBe('Mission Control <mc@example.com>|Scale billing to 3');
    expect(server.show(app, 'main', 'deploy/billing.yaml')).toBe(MANIFEST);
    const pr = api.received.at(-1);
    expect(pr?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(JSON.parse(pr?.body ?? '{}')).toEqual({
      title: 'Scale billing',
      head: 'scale-billing',
      base: 'main',
      body: 'Scale billing to 3',
    });
    expect(stored).not.toContain(TOKEN);
  });

  it('opens an Azure DevOps pull request for an azure_devops connection', async () => {
    const infra = server.repository('acme/ops/_git/infra', { 'values.yaml': 'image: {tag: "1"}\n' });
    await kit.connection(
      'azure_devops',
      { username: 'acme', password: TOKEN, url: `${server.base}/api/azure` },
      'azdo',
    );
    const id = await kit.playbook([
      {
        name: 'bump',
        gitops: {
          repo: {
            ...repo({ branch: 'bump' }),
            connection: 'azdo',
            url: `${server.base}/acme/ops/_git/infra`,
            apiUrl: `${server.base}/api/azure`,
          },
          commit,
          pr: { title: 'Bump', tags: ['auto'] },
          patches: [{ path: 'values.yaml', yq: '.image.tag = "2"' }],
        },
      },
    ]);
    const { run, actions } = await kit.runToEnd(id, { params: { replicas: '1' } });
    expect(run.status, actions[0]?.error ?? '').toBe('completed');
    expect(server.show(infra, 'bump', 'values.yaml')).toContain('tag: "2"');
    expect(JSON.parse(api.received.at(-1)?.body ?? '{}')).toMatchObject({
      sourceRefName: 'refs/heads/bump',
      targetRefName: 'refs/heads/main',
      title: 'Bump',
      labels: [{ name: 'auto' }],
    });
  });

  it('pushes nothing when nothing changed', async () => {
    const id = await kit.playbook([
      {
        name: 'same',
        gitops: {
          repo: repo({ branch: 'same' }),
          commit,
          patches: [{ path: 'deploy/billing.yaml', yq: '.spec.replicas = 1' }],
        },
      },
    ]);
    const { actions } = await kit.runToEnd(id, { params: { replicas: '1' } });
    expect(actions[0]?.result).toMatchObject({ changed: false });
    expect(server.branches(app)).not.toContain('same');
  });

  it('refuses a path outside the repository and a bad patch, pushing nothing', async () => {
    const outside = await kit.playbook([
      {
        name: 'escape',
        gitops: { repo: repo({ branch: 'escape' }), commit, files: [{ path: '../../etc/x', content: 'x' }] },
      },
    ]);
    expect((await kit.runToEnd(outside, { params: { replicas: '1' } })).actions[0]?.error).toBe(
      'path ../../etc/x must be a relative path inside the repository (not .git)',
    );
    const bad = await kit.playbook([
      {
        name: 'bad',
        gitops: {
          repo: repo({ branch: 'bad' }),
          commit,
          patches: [{ path: 'config.json', jsonPatch: [{ op: 'remove', path: '/nope' }] }],
        },
      },
    ]);
    expect((await kit.runToEnd(bad, { params: { replicas: '1' } })).actions[0]?.error).toMatch(
      /^jsonPatch of config.json: /,
    );
    expect(server.branches(app)).not.toContain('escape');
    expect(server.branches(app)).not.toContain('bad');
  });

  it('fails clearly when the server refuses the credentials, without the token', async () => {
    await kit.connection('github', { password: 'wrong-token-value', url: server.base }, 'gh-wrong');
    const id = await kit.playbook([
      {
        name: 'denied',
        gitops: { repo: { ...repo(), connection: 'gh-wrong' }, commit, files: [{ path: 'a', content: 'b' }] },
      },
    ]);
    const { run, actions, stored } = await kit.runToEnd(id, { params: { replicas: '1' } });
    expect(run.status).toBe('failed');
    expect(actions[0]?.error).toMatch(/^git clone: /);
    expect(stored).not.toContain('wrong-token-value');
  });

  it('a timeout kills git and its transport mid-clone and pushes nothing', async () => {
    const stalled = repo({ url: `${server.base}${STALLED_PREFIX}acme/app.git`, branch: 'too-slow' });
    const id = await kit.playbook([
      {
        name: 'slow',
        timeout: '200ms',
        gitops: { repo: stalled, commit, files: [{ path: 'a', content: 'b' }] },
      },
    ]);
    const started = Date.now();
    const { actions } = await kit.runToEnd(id, { params: { replicas: '1' } });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(actions[0]?.status).toBe('timed_out');
    expect(server.branches(app)).not.toContain('too-slow');
    await expect.poll(() => transportsOf(stalled.url), { timeout: 5_000 }).toEqual([]);
  });

  it('refuses file:// and local paths', async () => {
    const answer = await kit.save([
      { name: 'local', gitops: { repo: repo({ url: `file://${app}` }), commit, files: [{ path: 'a', content: 'b' }] } },
    ]);
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { message: string }).message).toBe(
      'url: not a URL whose host can be checked against connection default/gh',
    );
  });
});
