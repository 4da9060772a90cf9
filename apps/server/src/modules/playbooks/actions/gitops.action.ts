/**
 * The gitops action: clones a repository (shallow, one branch), changes files (gitops-patch.ts: whole
 * files, YAML path edits, JSON patches), commits as the given author, pushes a branch and — when the
 * connection is GitHub or Azure DevOps and `pr` is given — opens a pull request through that service's
 * HTTP API. git runs through git-cli.ts (https/ssh only, egress-checked and pinned, a fresh HOME, a
 * timeout, cancel kills it); credentials come from a stored git, github or azure_devops connection and
 * never reach the output or an error.
 */

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { maskUrl } from '@mc/contracts';
import type { Operation } from 'fast-json-patch';
import { z } from 'zod';
import { egressGuardFor } from '../../../platform/egress/egress-guard-for.js';
import type { ResolvedConnection } from '../../connections/index.js';
import { targetOf } from '../../connections/index.js';
import { actionConnection, CONNECTION_REF_MAX } from './action-connection.js';
import { type ActionContext, defineAction } from './action-kind.js';
import { apiBaseSchema, apiFailure, callApi } from './api-call.js';
import { azureAuth } from './azure-devops-pipeline.action.js';
import { gitFor } from './git-cli.js';
import { changeFiles, GITOPS_MAX_FILE_BYTES } from './gitops-patch.js';

/** How long one git command may take (the action's timeout still ends the whole action). */
const GIT_COMMAND_TIMEOUT_MS = 2 * 60_000;

const branch = z
  .string()
  .min(1)
  .max(200)
  .regex(/^(?!-)(?!.*\.\.)[A-Za-z0-9._/-]+$/, 'must be a branch name (letters, digits, . _ / -)');
const filePath = z.string().min(1, 'is required').max(1024);
const operation = z.object({
  op: z.enum(['add', 'remove', 'replace', 'move', 'copy', 'test']),
  path: z.string().max(1024),
  from: z.string().max(1024).optional(),
  value: z.unknown().optional(),
});

const schema = z.object({
  repo: z.object({
    connection: z.string().min(1, 'is required').max(CONNECTION_REF_MAX),
    /** The clone URL; the connection's URL when left out (git connections). */
    url: z.string().max(2048).optional(),
    base: branch.default('main'),
    branch: branch.optional(),
    skipExisting: z.boolean().optional(),
    force: z.boolean().optional(),
    /** GitHub Enterprise's API or an Azure DevOps Server collection, for the pull request. */
    apiUrl: apiBaseSchema.optional(),
    insecureSkipVerify: z.boolean().optional(),
  }),
  commit: z.object({
    author: z.string().min(1, 'is required').max(256),
    email: z.email({ message: 'must be an email address' }),
    message: z
      .string()
      .min(1, 'is required')
      .max(16 * 1024),
  }),
  pr: z
    .object({
      title: z.string().min(1, 'is required').max(1024),
      description: z
        .string()
        .max(64 * 1024)
        .optional(),
      tags: z.array(z.string().max(128)).max(20).optional(),
    })
    .optional(),
  files: z
    .array(z.object({ path: filePath, content: z.string().max(GITOPS_MAX_FILE_BYTES) }))
    .max(100)
    .default([]),
  patches: z
    .array(
      z
        .object({
          path: filePath,
          yq: z
            .string()
            .max(16 * 1024)
            .optional(),
          jsonPatch: z.array(operation).max(200).optional(),
        })
        .refine((patch) => patch.yq !== undefined || patch.jsonPatch !== undefined, {
          message: 'give yq or jsonPatch',
        }),
    )
    .max(100)
    .default([]),
});

type Fields = z.output<typeof schema>;

function accessOf(connection: ResolvedConnection, url: string, fields: Fields) {
  const insecureSkipVerify = fields.repo.insecureSkipVerify === true || connection.insecure_tls === true;
  if (connection.type === 'git' && String(connection.properties.authentication ?? 'Basic') === 'SSH') {
    return { url, sshKey: connection.certificate ?? undefined, insecureSkipVerify };
  }
  const username = connection.type === 'github' ? 'x-access-token' : connection.username || 'git';
  return { url, username, password: connection.password ?? undefined, insecureSkipVerify };
}

/** `owner/name` of a GitHub clone URL (`https://github.com/owner/name.git`, `git@github.com:owner/name`). */
function githubRepoOf(url: string): { owner: string; name: string } {
  const path = url.includes('://') ? new URL(url).pathname : (url.split(':')[1] ?? '');
  const parts = path
    .replace(/\.git$/, '')
    .split('/')
    .filter(Boolean);
  const [owner, name] = parts.slice(-2);
  if (!owner || !name) throw new Error(`cannot read owner/name from the repository URL ${maskUrl(url)}`);
  return { owner, name };
}

/** org, project and repository of an Azure DevOps clone URL (`…/{org}/{project}/_git/{repo}`). */
function azureRepoOf(url: string): { org: string; project: string; repo: string } {
  const parts = new URL(url).pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const at = parts.indexOf('_git');
  const [org, project, repo] = [parts[at - 2], parts[at - 1], parts[at + 1]];
  if (at < 2 || !org || !project || !repo) {
    throw new Error(`cannot read org/project/_git/repo from the repository URL ${maskUrl(url)}`);
  }
  return { org, project, repo };
}

async function openPullRequest(
  ctx: ActionContext,
  connection: ResolvedConnection,
  url: string,
  fields: Fields,
  head: string,
): Promise<{ number: unknown; url: unknown }> {
  const pr = fields.pr;
  if (!pr) throw new Error('no pull request asked');
  const base = fields.repo.base;
  const token = connection.password ?? '';
  // The API is on the repository's own host (the connection's endpoint), so the repository's TLS choice holds.
  const insecureSkipVerify = fields.repo.insecureSkipVerify === true || connection.insecure_tls === true;
  if (connection.type === 'github') {
    const { owner, name } = githubRepoOf(url);
    const api = targetOf(connection, fields.repo.apiUrl, 'repo.apiUrl').replace(/\/+$/, '');
    const answer = await callApi(ctx, {
      insecureSkipVerify,
      url: `${api}/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}/pulls`,
      method: 'POST',
      label: 'GitHub',
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/vnd.github+json',
        'x-github-api-version': '2022-11-28',
      },
      json: { title: pr.title, head, base, body: pr.description ?? fields.commit.message },
      secrets: [token],
    });
    if (answer.status !== 201) throw apiFailure('GitHub (pull request)', answer);
    const made = (answer.json ?? {}) as { number?: unknown; html_url?: unknown };
    return { number: made.number ?? null, url: made.html_url ?? null };
  }
  const { org, project, repo } = azureRepoOf(url);
  const api = targetOf(connection, fields.repo.apiUrl, 'repo.apiUrl').replace(/\/+$/, '');
  const answer = await callApi(ctx, {
    insecureSkipVerify,
    url: `${api}/${encodeURIComponent(org)}/${encodeURIComponent(project)}/_apis/git/repositories/${encodeURIComponent(repo)}/pullrequests?api-version=7.1`,
    method: 'POST',
    label: 'Azure DevOps',
    headers: { authorization: azureAuth(token) },
    json: {
      sourceRefName: `refs/heads/${head}`,
      targetRefName: `refs/heads/${base}`,
      title: pr.title,
      description: pr.description ?? fields.commit.message,
      ...(pr.tags?.length ? { labels: pr.tags.map((name) => ({ name })) } : {}),
    },
    secrets: [token],
  });
  if (answer.status !== 201 && answer.status !== 200) throw apiFailure('Azure DevOps (pull request)', answer);
  const made = (answer.json ?? {}) as { pullRequestId?: unknown; url?: unknown };
  return { number: made.pullRequestId ?? null, url: made.url ?? null };
}

/** The gitops action type. */
export const gitopsAction = defineAction({
  type: 'gitops',
  schema,
  async run(fields, ctx) {
    const connection = await actionConnection(ctx, fields.repo.connection, ['git', 'github', 'azure_devops']);
    // repo.url may change only the path: the connection's credentials go to its own host.
    const url = fields.repo.url ? targetOf(connection, fields.repo.url, 'repo.url') : connection.url || '';
    if (!url) throw new Error('repo.url is required (the connection has no URL)');
    const shown = maskUrl(url);
    const head = fields.repo.branch ?? fields.repo.base;
    const work = await mkdtemp(join(tmpdir(), 'mc-gitops-'));
    try {
      const git = await gitFor(
        accessOf(connection, url, fields),
        work,
        egressGuardFor(ctx.database),
        ctx.signal,
        GIT_COMMAND_TIMEOUT_MS,
      );
      const dir = join(work, 'repo');
      if (head !== fields.repo.base && fields.repo.skipExisting) {
        const existing = await git.run(['ls-remote', '--heads', '--', url, head], work);
        if (existing.trim() !== '') {
          ctx.log?.(`branch ${head} exists on ${shown}; skipped`);
          return { repo: shown, branch: head, skipped: true };
        }
      }
      await git.run(['clone', '--depth', '1', '--single-branch', '--branch', fields.repo.base, '--', url, dir], work);
      ctx.log?.(`cloned ${shown} at ${fields.repo.base}`);
      if (head !== fields.repo.base) await git.run(['checkout', '-b', head], dir);
      const files = await changeFiles(
        dir,
        fields.files,
        fields.patches.map((patch) => ({ ...patch, jsonPatch: patch.jsonPatch as Operation[] | undefined })),
      );
      await git.run(['add', '--all'], dir);
      if ((await git.run(['status', '--porcelain'], dir)).trim() === '') {
        ctx.log?.('nothing changed; no commit');
        return { repo: shown, base: fields.repo.base, branch: head, files, changed: false };
      }
      await git.run(
        [
          '-c',
          `user.name=${fields.commit.author}`,
          '-c',
          `user.email=${fields.commit.email}`,
          'commit',
          '--no-verify',
          '-m',
          fields.commit.message,
        ],
        dir,
      );
      const commit = (await git.run(['rev-parse', 'HEAD'], dir)).trim();
      await git.run(['push', ...(fields.repo.force ? ['--force'] : []), 'origin', `HEAD:refs/heads/${head}`], dir);
      ctx.log?.(`pushed ${commit.slice(0, 12)} to ${head}`);
      const wantsPr = fields.pr && head !== fields.repo.base && ['github', 'azure_devops'].includes(connection.type);
      const pr = wantsPr ? await openPullRequest(ctx, connection, url, fields, head) : null;
      if (pr) ctx.log?.(`opened pull request ${String(pr.number)}`);
      return { repo: shown, base: fields.repo.base, branch: head, commit, files, changed: true, pull_request: pr };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  },
});
