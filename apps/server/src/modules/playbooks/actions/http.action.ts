/**
 * The http action: method, URL, headers, body and the expected status, sent through the egress guard
 * (every hop checked, sockets pinned to the checked address). The answer's status, headers and body
 * (capped) are the action's output; an unexpected status fails the action naming it.
 */
import { z } from 'zod';
import { egressGuardFor } from '../../../platform/egress/egress-guard-for.js';
import { guardedRequest } from '../../../platform/egress/guarded-http.js';
import { defineAction } from './action-kind.js';

/** The most of an answer kept as output. */
export const HTTP_ACTION_MAX_BODY = 64 * 1024;

const schema = z.object({
  url: z
    .string()
    .regex(/^https?:\/\//i, 'must be an http:// or https:// URL')
    .max(4096),
  method: z
    .string()
    .regex(/^[A-Za-z]+$/)
    .max(16)
    .default('GET')
    .transform((m) => m.toUpperCase()),
  headers: z.record(z.string(), z.string().max(8192)).optional(),
  body: z
    .string()
    .max(1024 * 1024)
    .optional(),
  expectedStatus: z.array(z.number().int().min(100).max(599)).optional(),
  insecureSkipVerify: z.boolean().optional(),
});

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The http action type. */
export const httpAction = defineAction({
  type: 'http',
  schema,
  async run(fields, ctx) {
    const headers: Record<string, string> = { 'user-agent': 'mission-control-playbooks', ...fields.headers };
    if (fields.body !== undefined) headers['content-length'] = String(Buffer.byteLength(fields.body));
    const response = await guardedRequest({
      url: fields.url,
      method: fields.method,
      headers,
      body: fields.body,
      followRedirects: true,
      maxRedirects: 5,
      insecureSkipVerify: fields.insecureSkipVerify,
      maxBodyBytes: HTTP_ACTION_MAX_BODY,
      signal: ctx.signal,
      guard: egressGuardFor(ctx.database),
    });
    const body = response.body.toString('utf8');
    const ok = fields.expectedStatus ? fields.expectedStatus.includes(response.status) : response.status < 400;
    if (!ok) throw new Error(`HTTP ${response.status} from ${response.url}: ${body.slice(0, 512)}`);
    return {
      status: response.status,
      headers: response.headers,
      body,
      json: parseJson(body),
      truncated: response.truncated,
    };
  },
});
