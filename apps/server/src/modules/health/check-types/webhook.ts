/**
 * Heartbeat (push) check, canary-checker's `webhook` (issue 33 item 5): it is told, not asked. Each call to
 * its URL is stored as a result whose details carry the call (`heartbeat`: when, the status it reported, its
 * message; `json`, `content`, `headers`); each scheduled run reads the newest details (the check's last
 * result) and fails when no call came within `interval` + `grace`, else repeats the last call's verdict.
 * `test.expr` (applied by the registry) sees `json`, `content` and `headers` of the last call.
 */
import { parseDurationMs, type WebhookCheckSpec, webhookCheckSchema } from '@mc/contracts';
import {
  type CheckContext,
  type CheckRunOutput,
  type CheckTypeDefinition,
  healthy,
  unhealthy,
} from './check-context.js';

/** A call as stored in a heartbeat result's details. */
export interface HeartbeatCall {
  /** ISO time the call arrived. */
  at: string;
  /** What the caller reported: `fail` makes the result unhealthy. */
  status: 'ok' | 'fail';
  message: string;
}

function callOf(details: unknown): HeartbeatCall | undefined {
  if (!details || typeof details !== 'object') return undefined;
  const call = (details as { heartbeat?: unknown }).heartbeat; // details are a JSON object
  if (!call || typeof call !== 'object') return undefined;
  const { at, status, message } = call as Record<string, unknown>;
  if (typeof at !== 'string' || Number.isNaN(Date.parse(at))) return undefined;
  return { at, status: status === 'fail' ? 'fail' : 'ok', message: typeof message === 'string' ? message : '' };
}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

async function run(spec: WebhookCheckSpec, ctx: CheckContext): Promise<CheckRunOutput> {
  const previous = ctx.lastResult ? await ctx.lastResult() : {};
  const details = (previous.results ?? {}) as Record<string, unknown>; // lastResultOf gives the details as results
  const call = callOf(details);
  if (!call) return unhealthy('No call has arrived yet', {});
  const kept = {
    heartbeat: call,
    json: details.json ?? {},
    content: details.content ?? '',
    headers: details.headers ?? {},
  };
  const allowed = (parseDurationMs(spec.interval) ?? 0) + (parseDurationMs(spec.grace) ?? 0);
  const silentFor = (ctx.now ?? Date.now()) - Date.parse(call.at);
  if (silentFor > allowed) {
    return unhealthy(
      `No call for ${seconds(silentFor)}: expected every ${spec.interval} (grace ${spec.grace}); last call at ${call.at}`,
      kept,
    );
  }
  if (call.status === 'fail') return unhealthy(call.message || 'The last call reported a failure', kept);
  return healthy(call.message || `Last call at ${call.at}`, kept);
}

/** The registry entry. */
export const webhookCheckType: CheckTypeDefinition<WebhookCheckSpec> = {
  type: 'webhook',
  schema: webhookCheckSchema,
  run,
};
