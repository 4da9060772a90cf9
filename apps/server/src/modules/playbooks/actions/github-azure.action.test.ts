import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ActionKit, createActionKit, startDouble } from './testing/action-test-kit.js';

/**
 * The github (workflow dispatch) and azureDevopsPipeline (pipeline run) actions against named test
 * doubles — local HTTP servers standing in for api.github.com and dev.azure.com that check the
 * documented request shapes (GitHub: `POST /repos/{owner}/{repo}/actions/workflows/{id}/dispatches`
 * with ref and inputs, answering 204; Azure DevOps: `POST {org}/{project}/_apis/pipelines/{id}/runs?
 * api-version=7.1`, answering the run). A refusal fails the action with the API's message, scrubbed of
 * the token even when the double echoes it; a hanging API ends with the action's timeout.
 */
const TOKEN = 'ghp_playbookTokenS3cret';
const PAT = 'azdoPatS3cretValue';
let kit: ActionKit;
let github: Awaited<ReturnType<typeof startDouble>>;
let azure: Awaited<ReturnType<typeof startDouble>>;

/** The GitHub API double: dispatches answer 204; a workflow named `missing` answers 404 echoing the auth header. */
function githubReply(request: { method: string; path: string; headers: Record<string, unknown> }) {
  if (
    request.method !== 'POST' ||
    !/^\/repos\/[^/]+\/[^/]+\/actions\/workflows\/[^/]+\/dispatches$/.test(request.path)
  ) {
    return { status: 404, json: { message: 'Not Found' } };
  }
  if (request.path.includes('/missing/')) {
    return { status: 404, json: { message: `Workflow not found for ${String(request.headers.authorization)}` } };
  }
  if (request.path.includes('/hang/')) return 'hang' as const;
  return { status: 204 };
}

/** The Azure DevOps double: a run of pipeline 7 answers its run; any other pipeline 404. */
function azureReply(request: { method: string; path: string }) {
  const match = /^\/([^/]+)\/([^/]+)\/_apis\/pipelines\/(\d+)\/runs\?api-version=7\.1/.exec(request.path);
  if (request.method !== 'POST' || !match) return { status: 400, json: { message: 'bad request shape' } };
  if (match[3] !== '7') return { status: 404, json: { message: `Pipeline ${match[3]} not found.` } };
  return {
    status: 200,
    json: {
      id: 42,
      name: '20261128.1',
      state: 'inProgress',
      _links: { web: { href: 'https://dev.azure.com/acme/ops/_build/results?buildId=42' } },
    },
  };
}

beforeAll(async () => {
  kit = await createActionKit();
  github = await startDouble(githubReply);
  azure = await startDouble(azureReply);
  // The doubles are the connections' own endpoints (GitHub Enterprise, Azure DevOps Server): a token goes nowhere else.
  await kit.connection('github', { password: TOKEN, url: github.base }, 'gh');
  await kit.connection('azure_devops', { username: 'acme', password: PAT, url: azure.base }, 'azdo');
});
afterAll(async () => {
  await github.close();
  await azure.close();
  await kit.close();
});

describe('github action (workflow dispatch)', () => {
  it('dispatches each workflow with its ref and inputs', async () => {
    const id = await kit.playbook(
      [
        {
          name: 'deploy',
          github: {
            connection: 'gh',
            url: github.base,
            repo: 'acme/app',
            workflows: [
              { id: 'deploy.yaml', ref: 'release', input: '{"env": "{{ .params.env }}"}' },
              { id: '1234', input: { dry: 'true' } },
            ],
          },
        },
      ],
      { parameters: [{ name: 'env', default: 'prod' }] },
    );
    const { run, actions, stored } = await kit.runToEnd(id);
    expect(run.status).toBe('completed');
    const [first, second] = github.received.slice(-2);
    expect(first?.path).toBe('/repos/acme/app/actions/workflows/deploy.yaml/dispatches');
    expect(first?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(first?.headers.accept).toBe('application/vnd.github+json');
    expect(JSON.parse(first?.body ?? '')).toEqual({ ref: 'release', inputs: { env: 'prod' } });
    expect(second?.path).toBe('/repos/acme/app/actions/workflows/1234/dispatches');
    expect(JSON.parse(second?.body ?? '')).toEqual({ ref: 'main', inputs: { dry: 'true' } });
    expect(actions[0]?.result).toEqual({
      repo: 'acme/app',
      workflows: [
        { id: 'deploy.yaml', ref: 'release', status: 204 },
        { id: '1234', ref: 'main', status: 204 },
      ],
    });
    expect(stored).not.toContain(TOKEN);
  });

  it('takes the owner from username as upstream does', async () => {
    const id = await kit.playbook([
      {
        name: 'd',
        github: { connection: 'gh', url: github.base, repo: 'app', username: 'acme', workflows: [{ id: 'ci.yml' }] },
      },
    ]);
    expect((await kit.runToEnd(id)).run.status).toBe('completed');
    expect(github.received.at(-1)?.path).toBe('/repos/acme/app/actions/workflows/ci.yml/dispatches');
  });

  it('fails with GitHub’s message, the echoed token scrubbed', async () => {
    const id = await kit.playbook([
      { name: 'd', github: { connection: 'gh', url: github.base, repo: 'acme/app', workflows: [{ id: 'missing' }] } },
    ]);
    const { run, actions, stored } = await kit.runToEnd(id);
    expect(run.status).toBe('failed');
    expect(actions[0]?.error).toBe(
      'GitHub (workflow missing of acme/app) answered 404: Workflow not found for Bearer ********',
    );
    expect(stored).not.toContain(TOKEN);
  });

  it('a hanging API ends with the action timeout; bad inputs are refused', async () => {
    const id = await kit.playbook([
      {
        name: 'd',
        timeout: '500ms',
        github: { connection: 'gh', url: github.base, repo: 'acme/app', workflows: [{ id: 'hang' }] },
      },
    ]);
    expect((await kit.runToEnd(id)).actions[0]?.status).toBe('timed_out');
    const bad = await kit.playbook([
      { name: 'd', github: { connection: 'gh', repo: '../../etc', workflows: [{ id: 'x' }] } },
    ]);
    expect((await kit.runToEnd(bad)).actions[0]?.error).toMatch(/^Invalid github action: repo: must be owner\/name/);
  });
});

describe('azureDevopsPipeline action (pipeline run)', () => {
  it('runs the pipeline with its parameters and keeps the run', async () => {
    const id = await kit.playbook([
      {
        name: 'pipe',
        azureDevopsPipeline: {
          connection: 'connection://azure_devops/azdo',
          url: azure.base,
          project: 'ops',
          pipeline: { id: '7', version: '3' },
          parameters: { templateParameters: { env: 'prod' }, stagesToSkip: ['test'] },
        },
      },
    ]);
    const { run, actions, stored } = await kit.runToEnd(id);
    expect(run.status).toBe('completed');
    const request = azure.received.at(-1);
    expect(request?.path).toBe('/acme/ops/_apis/pipelines/7/runs?api-version=7.1&pipelineVersion=3');
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from(`:${PAT}`).toString('base64')}`);
    expect(JSON.parse(request?.body ?? '')).toEqual({ templateParameters: { env: 'prod' }, stagesToSkip: ['test'] });
    expect(actions[0]?.result).toEqual({
      pipeline: '7',
      run_id: 42,
      name: '20261128.1',
      state: 'inProgress',
      url: 'https://dev.azure.com/acme/ops/_build/results?buildId=42',
    });
    expect(stored).not.toContain(PAT);
  });

  it('fails with the API’s message for an unknown pipeline', async () => {
    const id = await kit.playbook([
      {
        name: 'pipe',
        azureDevopsPipeline: { connection: 'azdo', url: azure.base, org: 'other', project: 'ops', pipeline: { id: 8 } },
      },
    ]);
    const { run, actions } = await kit.runToEnd(id);
    expect(run.status).toBe('failed');
    expect(actions[0]?.error).toBe('Azure DevOps (pipeline 8 of other/ops) answered 404: Pipeline 8 not found.');
    expect(azure.received.at(-1)?.path).toBe('/other/ops/_apis/pipelines/8/runs?api-version=7.1');
  });
});

describe('egress guard', () => {
  it('a target the egress policy refuses is never called and fails the action with the guard’s words', async () => {
    await kit.t.database.pool.query(
      `INSERT INTO properties (name, value) VALUES ('health.egress.policy', 'deny-private')`,
    );
    await new Promise((resolve) => setTimeout(resolve, 5_500)); // the guard re-reads its policy every 5 s
    const before = github.received.length;
    const id = await kit.playbook([
      { name: 'd', github: { connection: 'gh', url: github.base, repo: 'acme/app', workflows: [{ id: 'ci.yml' }] } },
    ]);
    const { actions } = await kit.runToEnd(id);
    expect(actions[0]?.error).toMatch(/^GitHub: egress refused: .*127\.0\.0\.1.*\(policy: deny-private\)$/);
    expect(github.received.length).toBe(before);
  }, 20_000);
});
