import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { AgentCanary, AgentPushResult } from '@mc/contracts';
import { type Config, ConfigError } from '../../../platform/config.js';
import { createEgressGuard } from '../../../platform/egress/egress-guard.js';
import type { Logger } from '../../../platform/logger.js';
import { VERSION } from '../../../platform/version.js';
import { runCheck } from '../../health/check-types/registry.js';
import { nextRun, parseSchedule, type ScheduleSpec } from '../../jobs/schedule-spec.js';
import { openResultBuffer } from './result-buffer.js';
import { resultFlusher } from './result-flusher.js';
import { upstreamClient } from './upstream-client.js';

/** A canary's schedule when it has none (canary-checker's default interval). */
export const DEFAULT_AGENT_SCHEDULE = '@every 60s';

/** A running agent process. */
export interface RunningAgent {
  /** Stops pulling and scheduling, lets running checks finish (within MC_SHUTDOWN_TIMEOUT_MS) and keeps the buffer. */
  stop(): Promise<void>;
}

interface Scheduled {
  fingerprint: string;
  timer: NodeJS.Timeout | undefined;
}

function scheduleOf(canary: AgentCanary, logger: Logger): ScheduleSpec {
  try {
    return parseSchedule(canary.schedule ?? DEFAULT_AGENT_SCHEDULE);
  } catch (error) {
    logger.warn('bad canary schedule; using the default', { canary: canary.name, error: (error as Error).message });
    return parseSchedule(DEFAULT_AGENT_SCHEDULE);
  }
}

/**
 * The agent role (`MC_ROLE=agent`, docs/agents.md): no database and no console. It pulls the canaries
 * assigned to it from MC_UPSTREAM_URL every MC_AGENT_PULL_INTERVAL_MS (the pull is also its
 * heartbeat), runs their checks on their schedules with the same check types as the server, writes each
 * run's results to its on-disk buffer under MC_DATA_DIR/agent-buffer and delivers the buffer upstream
 * with retries. Results carry an idempotency key each, so none is stored twice.
 */
export async function startAgent(config: Config, logger: Logger): Promise<RunningAgent> {
  if (!config.MC_UPSTREAM_URL || !config.MC_AGENT_TOKEN) {
    throw new ConfigError('Invalid configuration:\n  MC_ROLE=agent needs MC_UPSTREAM_URL and MC_AGENT_TOKEN');
  }
  const client = upstreamClient({ url: config.MC_UPSTREAM_URL, token: config.MC_AGENT_TOKEN, version: VERSION });
  const buffer = await openResultBuffer(join(config.MC_DATA_DIR, 'agent-buffer'));
  const flusher = resultFlusher(buffer, client, logger);
  // The agent runs next to the systems it watches; its operator sets its egress by where it runs.
  const egress = createEgressGuard({ getPolicy: () => ({}) });
  const scheduled = new Map<string, Scheduled>();
  const running = new Set<Promise<void>>();
  const stopping = new AbortController();

  const runCanary = async (canary: AgentCanary) => {
    const results = await Promise.all(
      canary.checks.map(async (check): Promise<AgentPushResult> => {
        const time = new Date();
        const result = await runCheck(check.type, check.spec, {
          egress,
          namespace: canary.namespace,
          canary: {
            name: canary.name,
            namespace: canary.namespace,
            ...(canary.labels ? { labels: canary.labels } : {}),
          },
        });
        return {
          key: randomUUID(),
          check_id: check.id,
          time: time.toISOString(),
          status: result.status,
          duration: Math.max(0, Math.round(result.duration)),
          message: result.message.slice(0, 10_000),
          ...(result.error ? { error: result.error.slice(0, 10_000) } : {}),
          ...(result.invalid ? { invalid: true } : {}),
          details: result.details,
        };
      }),
    );
    await buffer.append(results);
    flusher.kick();
  };

  const plan = (canary: AgentCanary, entry: Scheduled) => {
    const spec = scheduleOf(canary, logger);
    const wait = Math.max(0, nextRun(spec, canary.id, 0, new Date()).getTime() - Date.now());
    entry.timer = setTimeout(() => {
      const run = runCanary(canary)
        .catch((error: unknown) => logger.error('canary run failed', { canary: canary.name, error }))
        .finally(() => running.delete(run));
      running.add(run);
      if (!stopping.signal.aborted) plan(canary, entry);
    }, wait);
  };

  /** Follows the upstream's list: new canaries start (running once at once), changed ones restart, gone ones stop. */
  const reconcile = (canaries: readonly AgentCanary[]) => {
    const seen = new Set<string>();
    for (const canary of canaries) {
      seen.add(canary.id);
      const fingerprint = JSON.stringify(canary);
      const current = scheduled.get(canary.id);
      if (current?.fingerprint === fingerprint) continue;
      if (current?.timer) clearTimeout(current.timer);
      const entry: Scheduled = { fingerprint, timer: undefined };
      scheduled.set(canary.id, entry);
      const first = runCanary(canary)
        .catch((error: unknown) => logger.error('canary run failed', { canary: canary.name, error }))
        .finally(() => running.delete(first));
      running.add(first);
      plan(canary, entry);
    }
    for (const [id, entry] of scheduled) {
      if (seen.has(id)) continue;
      if (entry.timer) clearTimeout(entry.timer);
      scheduled.delete(id);
    }
  };

  let pullTimer: NodeJS.Timeout | undefined;
  const pull = async () => {
    try {
      reconcile(await client.canaries());
    } catch (error) {
      logger.warn('pull failed; keeps running the canaries it has', { error: (error as Error).message });
    }
    if (!stopping.signal.aborted) pullTimer = setTimeout(() => void pull(), config.MC_AGENT_PULL_INTERVAL_MS);
  };

  logger.info('agent started', { upstream: config.MC_UPSTREAM_URL, buffered: await buffer.count() });
  flusher.kick();
  await pull();
  return {
    async stop() {
      stopping.abort();
      if (pullTimer) clearTimeout(pullTimer);
      for (const entry of scheduled.values()) if (entry.timer) clearTimeout(entry.timer);
      await Promise.race([
        Promise.allSettled([...running]),
        new Promise((resolve) => setTimeout(resolve, config.MC_SHUTDOWN_TIMEOUT_MS).unref()),
      ]);
      await flusher.stop();
      logger.info('agent stopped', { buffered: await buffer.count() });
    },
  };
}
