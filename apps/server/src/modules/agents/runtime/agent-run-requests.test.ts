import type { AgentCanary, AgentRunRequest } from '@mc/contracts';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../platform/logger.js';
import { runRequestPoller } from './agent-run-requests.js';

const canary: AgentCanary = {
  id: 'c1',
  name: 'shop',
  namespace: 'default',
  labels: null,
  schedule: '@every 1m',
  checks: [
    { id: 'k1', type: 'http', name: 'home', spec: {} },
    { id: 'k2', type: 'http', name: 'cart', spec: {} },
  ],
};

describe('run request poller', () => {
  it('runs only the requested check of a pulled canary, and skips what it has not pulled', async () => {
    const requests: AgentRunRequest[][] = [
      [
        { check_id: 'k2', canary_id: 'c1' },
        { check_id: 'k9', canary_id: 'c9' },
      ],
    ];
    const ran: AgentCanary[] = [];
    const logs: string[] = [];
    const stopping = new AbortController();
    const poller = runRequestPoller(
      { runRequests: async () => requests.shift() ?? [] },
      createLogger('info', {}, (line) => logs.push(line)),
      {
        intervalMs: 10,
        stopping: stopping.signal,
        canaryOf: (id) => (id === canary.id ? canary : undefined),
        run: async (what) => {
          ran.push(what);
        },
      },
    );
    poller.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    stopping.abort();
    await poller.stop();
    expect(ran).toEqual([{ ...canary, checks: [{ id: 'k2', type: 'http', name: 'cart', spec: {} }] }]);
    expect(logs.join('\n')).toContain('run request for a check this agent has not pulled');
  });
});
