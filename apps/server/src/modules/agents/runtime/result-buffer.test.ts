import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AGENT_PUSH_MAX_RESULTS, type AgentPushResult } from '@mc/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { openResultBuffer } from './result-buffer.js';

const base = mkdtempSync(join(tmpdir(), 'mc-result-buffer-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const result = (n: number): AgentPushResult => ({
  key: `result-key-${n}`,
  check_id: '00000000-0000-4000-8000-000000000001',
  time: new Date(1_700_000_000_000 + n).toISOString(),
  status: 'healthy',
  duration: n,
  message: 'ok',
});

describe('the agent result buffer', () => {
  it('splits a run of more results than one push carries, so every batch fits the push limit, in order', async () => {
    const buffer = await openResultBuffer(join(base, 'split'));
    const run = Array.from({ length: 2 * AGENT_PUSH_MAX_RESULTS + 7 }, (_, n) => result(n));
    await buffer.append(run);
    const sent: AgentPushResult[] = [];
    for (
      let batch = await buffer.next(AGENT_PUSH_MAX_RESULTS);
      batch;
      batch = await buffer.next(AGENT_PUSH_MAX_RESULTS)
    ) {
      expect(batch.results.length).toBeLessThanOrEqual(AGENT_PUSH_MAX_RESULTS);
      sent.push(...batch.results);
      await buffer.remove(batch.files);
    }
    expect(sent.map((r) => r.key)).toEqual(run.map((r) => r.key));
    expect(await buffer.count()).toBe(0);
  });

  it('writes nothing for an empty run', async () => {
    const buffer = await openResultBuffer(join(base, 'empty'));
    await buffer.append([]);
    expect(await buffer.next(AGENT_PUSH_MAX_RESULTS)).toBeUndefined();
  });
});
