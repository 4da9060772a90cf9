/**
 * The github action: dispatches GitHub Actions workflows (workflow_dispatch) —
 * `POST /repos/{owner}/{repo}/actions/workflows/{id}/dispatches` with `{ref, inputs}` for each listed
 * workflow — authenticated with a stored GitHub connection's token, through the egress guard, sent only to
 * the connection's own endpoint: its URL (GitHub Enterprise, `https://ghe.example.com/api/v3`), else
 * api.github.com. `url` may change the path there, never the host (docs/connections.md).
 * GitHub answers 204 without a body: the output lists each workflow dispatched.
 */

import { z } from 'zod';
import { targetOf } from '../../connections/index.js';
import { actionConnection, CONNECTION_REF_MAX } from './action-connection.js';
import { defineAction } from './action-kind.js';
import { apiBaseSchema, apiFailure, callApi } from './api-call.js';

const segment = z
  .string()
  .min(1, 'is required')
  .max(100)
  .regex(/^[A-Za-z0-9._-]+$/, 'must be letters, digits, ".", "_" or "-"');

const schema = z.object({
  connection: z.string().min(1, 'is required').max(CONNECTION_REF_MAX),
  /** `owner/name`, or the name with the owner in `username` (upstream's form). */
  repo: z
    .string()
    .min(1, 'is required')
    .max(201)
    .regex(/^([A-Za-z0-9._-]+\/)?[A-Za-z0-9._-]+$/, 'must be owner/name or a repository name'),
  username: segment.optional(),
  url: apiBaseSchema.optional(),
  workflows: z
    .array(
      z.object({
        id: z
          .string()
          .min(1, 'is required')
          .max(256)
          .regex(/^[A-Za-z0-9._-]+$/, 'must be a workflow id or file name'),
        ref: z.string().min(1).max(256).default('main'),
        /** The inputs: an object, or upstream's JSON text of one. */
        input: z.union([z.record(z.string(), z.unknown()), z.string().max(64 * 1024)]).optional(),
      }),
    )
    .min(1, 'name at least one workflow')
    .max(20),
});

function inputsOf(input: Record<string, unknown> | string | undefined, id: string): Record<string, unknown> {
  if (input === undefined || input === '') return {};
  if (typeof input !== 'string') return input;
  let parsed: unknown;
  try {
    parsed = JSON.parse(input);
  } catch {
    throw new Error(`workflow ${id}: input is not JSON`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`workflow ${id}: input must be a JSON object`);
  }
  return parsed as Record<string, unknown>; // checked above
}

/** Owner and name of the repository from `repo` and `username`. */
export function ownerAndRepo(repo: string, username?: string): { owner: string; name: string } {
  const [first, second] = repo.split('/');
  if (second) return { owner: first ?? '', name: second };
  if (!username) throw new Error('repo must be owner/name (or give the owner in username)');
  return { owner: username, name: repo };
}

/** The github action type. */
export const githubAction = defineAction({
  type: 'github',
  schema,
  async run(fields, ctx) {
    const connection = await actionConnection(ctx, fields.connection, ['github']);
    if (!connection.password) throw new Error(`connection ${connection.name} has no token`);
    const { owner, name } = ownerAndRepo(fields.repo, fields.username);
    // `url` may change only the path: the token goes to the connection's own host (api.github.com by default).
    const base = targetOf(connection, fields.url, 'url').replace(/\/+$/, '');
    const dispatched: { id: string; ref: string; status: number }[] = [];
    for (const workflow of fields.workflows) {
      const inputs = inputsOf(workflow.input, workflow.id);
      const url = `${base}/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}/actions/workflows/${encodeURIComponent(workflow.id)}/dispatches`;
      const answer = await callApi(ctx, {
        url,
        method: 'POST',
        label: 'GitHub',
        headers: {
          authorization: `Bearer ${connection.password}`,
          accept: 'application/vnd.github+json',
          'x-github-api-version': '2022-11-28',
        },
        json: { ref: workflow.ref, inputs },
        secrets: [connection.password],
      });
      if (answer.status !== 204 && answer.status !== 200) {
        throw apiFailure(`GitHub (workflow ${workflow.id} of ${owner}/${name})`, answer);
      }
      ctx.log?.(`dispatched workflow ${workflow.id} of ${owner}/${name} on ${workflow.ref}`);
      dispatched.push({ id: workflow.id, ref: workflow.ref, status: answer.status });
    }
    return { repo: `${owner}/${name}`, workflows: dispatched };
  },
});
