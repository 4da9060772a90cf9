/** The one HTTP sender of the channels: guarded, time-bounded, and refusing non-2xx answers with their excerpt. */

import { deadline } from '../../../platform/deadline.js';
import { guardedRequest } from '../../../platform/egress/guarded-http.js';
import type { ChannelContext } from './channel.js';

const MAX_ANSWER_BYTES = 64 * 1024;

/** One request to a provider; resolves with the parsed JSON answer (or text), rejects on transport error or non-2xx. */
export async function send(
  ctx: ChannelContext,
  provider: string,
  request: {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    json?: unknown;
    form?: Record<string, string>;
    text?: string;
    insecure?: boolean;
  },
): Promise<unknown> {
  const headers: Record<string, string> = { 'user-agent': 'mission-control-notifications', ...request.headers };
  let body: string | undefined;
  if (request.json !== undefined) {
    body = JSON.stringify(request.json);
    headers['content-type'] ??= 'application/json';
  } else if (request.form) {
    body = new URLSearchParams(request.form).toString();
    headers['content-type'] ??= 'application/x-www-form-urlencoded';
  } else if (request.text !== undefined) {
    body = request.text;
    headers['content-type'] ??= 'text/plain; charset=utf-8';
  }
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  const limit = deadline(ctx.timeoutMs, ctx.signal);
  let response: Awaited<ReturnType<typeof guardedRequest>>;
  try {
    response = await guardedRequest({
      url: ctx.endpoint(request.url),
      method: request.method ?? 'POST',
      headers,
      body,
      followRedirects: false,
      maxRedirects: 0,
      insecureSkipVerify: request.insecure,
      maxBodyBytes: MAX_ANSWER_BYTES,
      signal: limit.signal,
      guard: ctx.guard,
    });
  } catch (error) {
    if (limit.timedOut) throw new Error(`${provider} did not answer within ${ctx.timeoutMs} ms`);
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${provider}: ${message.replace(/https?:\/\/\S+/g, '<url>')}`);
  } finally {
    limit.dispose();
  }
  const text = response.body.toString('utf8');
  if (response.status < 200 || response.status >= 300) {
    throw new Error(`${provider} answered HTTP ${response.status}${text ? `: ${text.slice(0, 300)}` : ''}`);
  }
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}
