/**
 * The azureDevopsPipeline action: runs an Azure DevOps pipeline —
 * `POST {url}/{org}/{project}/_apis/pipelines/{id}/runs?api-version=7.1` (and `pipelineVersion` when a
 * version is given) with upstream's `parameters` (resources, templateParameters, variables,
 * stagesToSkip) as the body — authenticated with a stored Azure DevOps connection (its Personal Access
 * Token as basic credentials; its Organization is the default `org`), through the egress guard, sent only
 * to the connection's own endpoint: its URL (an Azure DevOps Server collection), else https://dev.azure.com.
 * `url` may change the path there, never the host (docs/connections.md). The run's id, state and web link
 * are the output.
 */
import { z } from 'zod';
import { targetOf } from '../../connections/index.js';
import { actionConnection, CONNECTION_REF_MAX } from './action-connection.js';
import { defineAction } from './action-kind.js';
import { apiBaseSchema, apiFailure, callApi } from './api-call.js';

const name = z
  .string()
  .min(1, 'is required')
  .max(256)
  .regex(/^[^/?#\\]+$/, 'must not contain / ? # or \\');
const object = z.record(z.string(), z.unknown());

const schema = z.object({
  connection: z.string().min(1, 'is required').max(CONNECTION_REF_MAX),
  org: name.optional(),
  project: name,
  url: apiBaseSchema.optional(),
  pipeline: z.object({
    id: z
      .union([z.string(), z.number().int()])
      .transform(String)
      .pipe(z.string().regex(/^\d{1,12}$/, 'must be a pipeline id (a number)')),
    version: z
      .union([z.string(), z.number().int()])
      .transform(String)
      .pipe(z.string().regex(/^\d{0,12}$/, 'must be a number'))
      .optional(),
  }),
  parameters: z
    .object({
      resources: object.optional(),
      templateParameters: object.optional(),
      variables: object.optional(),
      stagesToSkip: z.array(z.string().max(256)).max(100).optional(),
    })
    .optional(),
});

/** The Azure DevOps basic credentials of a PAT. */
export const azureAuth = (token: string): string => `Basic ${Buffer.from(`:${token}`).toString('base64')}`;

/** The azureDevopsPipeline action type. */
export const azureDevopsPipelineAction = defineAction({
  type: 'azureDevopsPipeline',
  schema,
  async run(fields, ctx) {
    const connection = await actionConnection(ctx, fields.connection, ['azure_devops']);
    if (!connection.password) throw new Error(`connection ${connection.name} has no Personal Access Token`);
    const org = fields.org ?? connection.username ?? '';
    if (!org) throw new Error('org is required (the connection names no Organization)');
    // `url` may change only the path: the token goes to the connection's own host (dev.azure.com by default).
    const base = targetOf(connection, fields.url, 'url').replace(/\/+$/, '');
    const url = new URL(
      `${base}/${encodeURIComponent(org)}/${encodeURIComponent(fields.project)}/_apis/pipelines/${fields.pipeline.id}/runs`,
    );
    url.searchParams.set('api-version', '7.1');
    if (fields.pipeline.version) url.searchParams.set('pipelineVersion', fields.pipeline.version);
    const answer = await callApi(ctx, {
      url: url.href,
      method: 'POST',
      label: 'Azure DevOps',
      headers: { authorization: azureAuth(connection.password) },
      json: fields.parameters ?? {},
      secrets: [connection.password],
    });
    if (answer.status < 200 || answer.status >= 300) {
      throw apiFailure(`Azure DevOps (pipeline ${fields.pipeline.id} of ${org}/${fields.project})`, answer);
    }
    const run = (answer.json ?? {}) as {
      id?: unknown;
      name?: unknown;
      state?: unknown;
      _links?: { web?: { href?: unknown } };
    };
    ctx.log?.(`started run ${String(run.id ?? '?')} of pipeline ${fields.pipeline.id}`);
    return {
      pipeline: fields.pipeline.id,
      run_id: run.id ?? null,
      name: run.name ?? null,
      state: run.state ?? null,
      url: run._links?.web?.href ?? null,
    };
  },
});
