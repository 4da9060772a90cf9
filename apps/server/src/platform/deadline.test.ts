import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { deadline, withDeadline } from './deadline.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Resolves 'fired' when `signal` aborts within `ms`, else 'hung' — collecting garbage while it waits. */
function outcome(signal: AbortSignal, ms: number): Promise<'fired' | 'hung'> {
  return new Promise((resolve) => {
    signal.addEventListener('abort', () => resolve('fired'));
    const sweep = setInterval(collectGarbage, 5);
    setTimeout(() => {
      clearInterval(sweep);
      resolve('hung');
    }, ms).unref();
  });
}

describe('deadline', () => {
  it('fires its time limit although garbage is collected while the work waits (AbortSignal.any may not)', async () => {
    const caller = new AbortController();
    const results = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const limit = deadline(30, caller.signal);
        const result = await outcome(limit.signal, 1_000);
        return { result, timedOut: limit.timedOut, name: (limit.signal.reason as DOMException).name };
      }),
    );
    expect(results).toEqual(Array(5).fill({ result: 'fired', timedOut: true, name: 'TimeoutError' }));
  });

  it("ends with the caller's reason when the caller aborts first, and not as a timeout", async () => {
    const caller = new AbortController();
    const limit = deadline(10_000, caller.signal);
    caller.abort(new Error('stopping'));
    expect(limit.signal.aborted).toBe(true);
    expect((limit.signal.reason as Error).message).toBe('stopping');
    expect(limit.timedOut).toBe(false);
    limit.dispose();
  });

  it('is aborted at once under a caller that already aborted', () => {
    const caller = new AbortController();
    caller.abort(new Error('gone'));
    expect(deadline(10_000, caller.signal).signal.aborted).toBe(true);
  });

  it('leaves no listener on a long-lived caller and no timer once the work ended', async () => {
    const caller = new AbortController();
    let added = 0;
    let removed = 0;
    const add = caller.signal.addEventListener.bind(caller.signal);
    const remove = caller.signal.removeEventListener.bind(caller.signal);
    caller.signal.addEventListener = ((...args: Parameters<AbortSignal['addEventListener']>) => {
      added++;
      add(...args);
    }) as AbortSignal['addEventListener'];
    caller.signal.removeEventListener = ((...args: Parameters<AbortSignal['removeEventListener']>) => {
      removed++;
      remove(...args);
    }) as AbortSignal['removeEventListener'];
    let seen: AbortSignal | undefined;
    await withDeadline(20, caller.signal, async (limit) => {
      seen = limit.signal;
    });
    expect([added, removed]).toEqual([1, 1]);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(seen?.aborted).toBe(false);
  });
});

describe('the server source', () => {
  it('combines no timeout with AbortSignal.any (its timeout can be collected before it fires: use deadline)', () => {
    const root = join(import.meta.dirname, '..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) && entry.name !== 'deadline.ts') {
          if (readFileSync(path, 'utf8').includes('AbortSignal.any(')) offenders.push(path.slice(root.length + 1));
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
