/**
 * One JSON request to a remote API (GitHub, Azure DevOps, an LLM, a Kubernetes API server) through the
 * egress guard: the host checked, the socket pinned to the checked address, redirects not followed (an
 * API that redirects a POST is refused rather than re-sent elsewhere), the answer capped. Secrets of
 * the connection are removed from anything the answer gives back before it reaches an error or output.
 */
import { z } from 'zod';
import { egressGuardFor } from '../../../platform/egress/egress-guard-for.js';
import { guardedRequest } from '../../../platform/egress/guarded-http.js';
import { describeError } from '../../connections/index.js';
import { redactSecrets } from '../secret-redaction.js';
import type { ActionContext } from './action-kind.js';

/** The most of an answer read. */
export const API_MAX_BODY = 1024 * 1024;

/** An API base URL field: http(s) only, no credentials in it. */
export const apiBaseSchema = z
  .string()
  .max(2048)
  .regex(/^https?:\/\/[^\s@/]+(\/[^\s]*)?$/i, 'must be an http:// or https:// URL without credentials');

/** What to send. */
export interface ApiRequest {
  url: string;
  method: string;
  headers?: Record<string, string>;
  json?: unknown;
  /** Names the API in errors: "GitHub answered 404: Not Found". */
  label: string;
  /** Values removed from errors (a token the remote may echo). */
  secrets?: (string | null | undefined)[];
  insecureSkipVerify?: boolean;
  tls?: { ca?: string; cert?: string; key?: string };
  maxBodyBytes?: number;
}

/** The answer. `json` is the parsed body when it is JSON. */
export interface ApiAnswer {
  status: number;
  text: string;
  json: unknown;
  truncated: boolean;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Sends the request; rejects with a plain error (network, refused by the guard) naming the API. */
export async function callApi(
  ctx: Pick<ActionContext, 'database' | 'signal'>,
  request: ApiRequest,
): Promise<ApiAnswer> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'user-agent': 'mission-control-playbooks',
    ...request.headers,
  };
  let body: string | undefined;
  if (request.json !== undefined) {
    body = JSON.stringify(request.json);
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  try {
    const response = await guardedRequest({
      url: request.url,
      method: request.method,
      headers,
      ...(body !== undefined ? { body } : {}),
      followRedirects: false,
      maxRedirects: 0,
      insecureSkipVerify: request.insecureSkipVerify ?? false,
      ...request.tls,
      maxBodyBytes: request.maxBodyBytes ?? API_MAX_BODY,
      signal: ctx.signal,
      guard: egressGuardFor(ctx.database),
    });
    const text = redactSecrets(response.body.toString('utf8'), request.secrets ?? []);
    return { status: response.status, text, json: parse(text), truncated: response.truncated };
  } catch (error) {
    ctx.signal.throwIfAborted();
    throw new Error(redactSecrets(`${request.label}: ${describeError(error)}`, request.secrets ?? []));
  }
}

/** The error of an unexpected status: the API's own message when it gives one, else the body's start. */
export function apiFailure(label: string, answer: ApiAnswer): Error {
  const json = (answer.json ?? {}) as { message?: unknown; error?: unknown };
  const nested = typeof json.error === 'object' && json.error !== null ? (json.error as { message?: unknown }) : {};
  const said =
    typeof json.message === 'string'
      ? json.message
      : typeof json.error === 'string'
        ? json.error
        : typeof nested.message === 'string'
          ? nested.message
          : answer.text.slice(0, 300);
  return new Error(`${label} answered ${answer.status}${said ? `: ${said}` : ''}`);
}
