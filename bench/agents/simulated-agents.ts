/**
 * Simulated agents for the agents bench: each speaks the real push protocol (docs/agents.md) with the
 * agent's own pieces — `GET /api/upstream/canaries` through its HTTP client, every run written to its
 * on-disk result buffer, delivered by its flusher (500 results per `POST /api/upstream/push`, oldest
 * first, retries with back-off, a file removed only once acknowledged). What is simulated is the checks
 * themselves: every `intervalMs` an agent "runs" all its checks and buffers one result each (a key unique
 * per check and tick, mostly healthy, one in a hundred failing, durations varying), instead of calling
 * real endpoints, so the bench's CPU goes to the upstream's ingest, not to running checks. Beside the
 * pushes each agent keeps the real agent's polls (agent-runtime.ts, at its defaults): relayed log searches
 * every second (MC_AGENT_LOG_POLL_MS), Run Now requests every 5 s (AGENT_RUN_REQUEST_POLL_MS), its
 * canaries and scrapers every 30 s (MC_AGENT_PULL_INTERVAL_MS), so the upstream serves what 20 connected
 * agents ask of it, not the pushes alone. `MC_BENCH_AGENT_POLLS=0` leaves the polls out (pushes only).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AGENT_RUN_REQUEST_POLL_MS, type AgentPushAnswer, type AgentPushResult } from '@mc/contracts';
import {
  type HeldPoll,
  openResultBuffer,
  polledWork,
  resultFlusher,
  type UpstreamClient,
  upstreamClient,
} from '../../apps/server/src/modules/agents/index.js';
import { createLogger } from '../../apps/server/src/platform/logger.js';

/** What the agents' pushes were answered, summed over every agent. */
export interface PushTally {
  pushes: number;
  stored: number;
  duplicates: number;
  refused: number;
  failures: number;
  inFlight: number;
}

/** One agent to simulate: its token and where its buffer lives. */
export interface AgentSeed {
  index: number;
  token: string;
}

/** A client whose pushes are tallied (the real client underneath). */
function tallied(client: UpstreamClient, tally: PushTally): UpstreamClient {
  return {
    ...client,
    async push(results: readonly AgentPushResult[]): Promise<AgentPushAnswer> {
      tally.inFlight += 1;
      try {
        const answer = await client.push(results);
        tally.pushes += 1;
        tally.stored += answer.stored;
        tally.duplicates += answer.duplicates;
        tally.refused += answer.refused.length;
        return answer;
      } catch (error) {
        tally.failures += 1;
        throw error;
      } finally {
        tally.inFlight -= 1;
      }
    },
  };
}

/** The real agent's polls at their defaults (agent-runtime.ts): every period, what it asks for. */
const AGENT_POLLS: ReadonlyArray<{
  periodMs: number;
  /** A long poll the upstream holds, as the agent's log-search and Run Now pollers ask (polled-work.ts). */
  held: boolean;
  ask: (client: UpstreamClient, held?: HeldPoll) => Promise<unknown>;
}> = [
  { periodMs: 1_000, held: true, ask: (client, held) => client.logQueries(held) }, // MC_AGENT_LOG_POLL_MS's default
  { periodMs: AGENT_RUN_REQUEST_POLL_MS, held: true, ask: (client, held) => client.runRequests(held) },
  // MC_AGENT_PULL_INTERVAL_MS
  { periodMs: 30_000, held: false, ask: (client) => Promise.all([client.canaries(), client.scrapers()]) },
];

/** The agent's canaries; a pull that fails (a timeout on a loaded machine) is tried again, as the agent does. */
async function pullCanaries(client: UpstreamClient) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await client.canaries();
    } catch (error) {
      if (attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  }
}

/** One run of every check at `tick` (ms since the epoch). */
function runResults(agent: number, tickIndex: number, tick: number, checks: readonly string[]): AgentPushResult[] {
  const time = new Date(tick).toISOString();
  return checks.map((check, j) => {
    const healthy = j % 100 !== 0;
    const duration = 5 + ((j * 7919 + tickIndex * 104_729) % 400);
    return {
      key: `a${agent}-t${tickIndex}-c${j}`,
      check_id: check,
      time,
      status: healthy ? 'healthy' : 'unhealthy',
      duration,
      message: healthy ? `HTTP 200 in ${duration}ms` : 'HTTP 503 in 12ms',
      ...(healthy ? {} : { error: 'expected status 200, got 503' }),
      details: { code: healthy ? 200 : 503 },
    };
  });
}

/**
 * Starts `seeds.length` agents against `url`: each pulls its canaries, then runs every `intervalMs`
 * (agent i offset by i/n of the interval, so pushes spread over the interval as real agents' do).
 */
export async function startSimulatedAgents(url: string, seeds: readonly AgentSeed[], dir: string, intervalMs: number) {
  const tally: PushTally = { pushes: 0, stored: 0, duplicates: 0, refused: 0, failures: 0, inFlight: 0 };
  const logger = createLogger('error', {}, () => {});
  const timers = new Set<NodeJS.Timeout>();
  let produced = 0;
  let running = true;
  const agents = await Promise.all(
    seeds.map(async (seed) => {
      const client = upstreamClient({ url, token: seed.token, version: 'bench' });
      const checks = (await pullCanaries(client)).flatMap((canary) => canary.checks.map((check) => check.id));
      const directory = join(dir, `agent-${seed.index}`);
      mkdirSync(directory, { recursive: true });
      const buffer = await openResultBuffer(directory);
      return { seed, checks, buffer, flusher: resultFlusher(buffer, tallied(client, tally), logger) };
    }),
  );
  const start = Date.now() + 1_000;
  let polls = 0;
  let pollFailures = 0;
  const pollsStopping = new AbortController();
  const pollStarts = new Set<NodeJS.Timeout>();
  const pollers: Array<ReturnType<typeof polledWork>> = [];
  if (process.env.MC_BENCH_AGENT_POLLS !== '0') {
    for (const [i, agent] of agents.entries()) {
      const client = upstreamClient({ url, token: agent.seed.token, version: 'bench' });
      for (const { periodMs, held, ask } of AGENT_POLLS) {
        // the agent's own poll loop (the next poll timed from each answer), counting what it was answered
        const poller = polledWork(
          async (hold) => {
            try {
              await ask(client, hold);
              polls += 1;
            } catch (error) {
              pollFailures += 1;
              throw error;
            }
            return [];
          },
          async () => {},
          logger,
          { what: 'bench poll', intervalMs: periodMs, stopping: pollsStopping.signal, held },
        );
        pollers.push(poller);
        const timer = setTimeout(
          () => {
            pollStarts.delete(timer);
            poller.start();
          },
          Math.floor((i * periodMs) / agents.length),
        );
        pollStarts.add(timer);
      }
    }
  }
  for (const [i, agent] of agents.entries()) {
    const offset = Math.floor((i * intervalMs) / agents.length);
    const run = async (tickIndex: number) => {
      if (!running) return;
      const tick = start + offset + tickIndex * intervalMs;
      await agent.buffer.append(runResults(agent.seed.index, tickIndex, tick, agent.checks));
      produced += agent.checks.length;
      agent.flusher.kick();
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          void run(tickIndex + 1);
        },
        tick + intervalMs - Date.now(),
      );
      timers.add(timer);
    };
    const timer = setTimeout(() => void run(0), start + offset - Date.now());
    timers.add(timer);
  }
  return {
    tally,
    checks: agents.flatMap((agent) => agent.checks),
    /** The agents' polls answered and failed so far (log searches, Run Now requests, pulls). */
    polls: () => ({ answered: polls, failed: pollFailures }),
    /** Results the agents have run so far. */
    produced: () => produced,
    /** Results still buffered on the agents' disks. */
    async buffered(): Promise<number> {
      let total = 0;
      for (const agent of agents) total += await agent.buffer.count();
      return total;
    },
    /** Stops running checks; buffers keep being delivered. */
    stopRunning(): void {
      running = false;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
    async stop(): Promise<void> {
      this.stopRunning();
      pollsStopping.abort();
      for (const timer of pollStarts) clearTimeout(timer);
      await Promise.all(pollers.map((poller) => poller.stop()));
      await Promise.all(agents.map((agent) => agent.flusher.stop()));
    },
  };
}
