/**
 * The playbook run endpoints of spec 000 §7 under /api/playbook: playbooks applicable to a resource,
 * their parameters for it, run, approve and cancel. Definitions are written through /api/db/playbooks
 * (playbooks-write.hook.ts); runs and their actions are read through /api/db, a run's history (status
 * changes, requester, approvals) and its live log (Server-Sent Events) here.
 */
import { playbookResourceSchema, playbookRunRequestSchema } from '@mc/contracts';
import type { Context, Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { z } from 'zod';
import { artifactHeaders } from '../../platform/artifact-download.js';
import { AppError } from '../../platform/errors.js';
import type { ModuleDeps } from '../../platform/module-deps.js';
import type { AppEnv } from '../../platform/request-context.js';
import { requirePermission } from '../../platform/require-permission.js';
import { resourceReach } from '../../platform/resource-visibility.js';
import { playbookRunsService } from './runs/playbook-runs.service.js';
import { runHistory } from './runs/run-history.service.js';
import { acquireLogStream, followRunLog, type LogStreamEvent, mustFindRun } from './runs/run-log-stream.js';
import { requireVisibleRun } from './runs/run-visibility.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function idParam(c: Context<AppEnv>, name = 'id'): string {
  const id = c.req.param(name) ?? '';
  if (!UUID.test(id)) throw new AppError('bad_request', `'${id.slice(0, 64)}' is not a valid id`);
  return id;
}

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const words = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`);
    throw new AppError('bad_request', `Invalid request: ${words.join('; ')}`, parsed.error.issues);
  }
  return parsed.data;
}

async function body(c: Context<AppEnv>): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('bad_request', 'The request body must be JSON');
  }
}

/** The last log line the client saw: the EventSource's Last-Event-ID, else `?after=`, else none. */
function lastSeen(c: Context<AppEnv>): string {
  const value = c.req.header('last-event-id') ?? c.req.query('after') ?? '0';
  if (!/^\d{1,18}$/.test(value)) throw new AppError('bad_request', `'${value.slice(0, 64)}' is not a log position`);
  return value;
}

/** An event of the log stream in SSE words. */
function sseOf(event: Exclude<LogStreamEvent, { kind: 'keepalive' }>) {
  return event.kind === 'log'
    ? { event: 'log', id: event.line.seq, data: JSON.stringify(event.line) }
    : { event: 'end', data: JSON.stringify({ status: event.status }) };
}

const ctx = (c: Context<AppEnv>) => ({ actor: c.var.actor, requestId: c.var.requestId });

/** Mounts the playbook run routes. */
export function registerPlaybookRunRoutes(app: Hono<AppEnv>, deps: ModuleDeps): void {
  const runs = playbookRunsService(deps.database, deps.config);
  const read = requirePermission('playbooks', 'read');
  const visibleRun = requireVisibleRun(deps.database, deps.dataAccess);
  const policy = deps.dataAccess;
  if (!policy) throw new Error('The playbook run routes need the access policy (ModuleDeps.dataAccess)');
  // a component, config item or check the caller may not read answers as a missing one (docs/playbooks.md)
  const reachOf = (c: Context<AppEnv>) => resourceReach(policy, c.var.actor);

  app.get('/api/playbook/list', read, async (c) =>
    c.json(await runs.listFor(parse(playbookResourceSchema.strict(), c.req.query()), await reachOf(c))),
  );
  app.post('/api/playbook/:id/params', read, async (c) => {
    const input = await body(c); // read first, so a refused id does not leave the upload unread
    return c.json(await runs.paramsFor(idParam(c), parse(playbookResourceSchema, input), await reachOf(c)));
  });
  app.post('/api/playbook/run', requirePermission('playbooks', 'playbook:run'), async (c) =>
    c.json(await runs.run(parse(playbookRunRequestSchema, await body(c)), ctx(c), await reachOf(c)), 201),
  );
  app.post('/api/playbook/run/approve/:id', requirePermission('playbooks', 'playbook:approve'), async (c) =>
    c.json(await runs.approve(idParam(c), ctx(c), await reachOf(c))),
  );
  app.get('/api/playbook/run/:id/history', visibleRun, async (c) =>
    c.json(await runHistory(deps.database, idParam(c))),
  );
  app.get('/api/playbook/run/:id/logs/stream', visibleRun, async (c) => {
    const id = idParam(c);
    const after = lastSeen(c);
    await mustFindRun(deps.database, id);
    const actor = c.var.actor;
    const release = acquireLogStream(actor.kind === 'person' ? actor.id : actor.kind);
    const closed = new AbortController();
    return streamSSE(c, async (stream) => {
      stream.onAbort(() => closed.abort());
      try {
        await stream.writeSSE({ event: 'open', data: '{}', retry: 2_000 });
        await followRunLog(
          deps.database,
          id,
          after,
          async (event) => {
            if (event.kind === 'keepalive') await stream.write(': keepalive\n\n');
            else await stream.writeSSE(sseOf(event));
          },
          closed.signal,
        );
      } catch (error) {
        // a write after the browser left ends the stream; anything else is logged, never thrown out
        if (!closed.signal.aborted) c.var.log.warn('playbook log stream failed', { error, runId: id });
      } finally {
        release();
      }
    });
  });
  app.get('/api/playbook/run/:id/artifacts/:artifactId', visibleRun, async (c) => {
    const runId = idParam(c);
    const artifactId = idParam(c, 'artifactId');
    const artifact = await runs.artifact(runId, artifactId);
    return c.body(new Uint8Array(artifact.content), 200, artifactHeaders(artifact));
  });
  app.post('/api/playbook/run/cancel/:id', requirePermission('playbook_runs', 'write'), async (c) =>
    c.json(await runs.cancel(idParam(c), ctx(c), await reachOf(c))),
  );
}
