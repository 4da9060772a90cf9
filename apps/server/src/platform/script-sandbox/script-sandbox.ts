/**
 * Runs user JavaScript off the event loop (ADR 0010). Scripts go, one at a time, to a worker thread
 * that runs them in QuickJS/WebAssembly with a memory cap and a deadline. QuickJS's interrupt handler
 * stops JavaScript loops at the deadline; a builtin that loops natively (a huge `Array.fill` near the
 * memory cap) can outlast it, so the main thread also keeps a hard deadline and terminates the worker
 * when it passes. Either way the caller gets a {@link ScriptError} and the server's event loop is free.
 */
import { Worker } from 'node:worker_threads';
import { DEFAULT_SCRIPT_LIMITS, ScriptError, type ScriptLimits, type ScriptOutcome } from './quickjs-run.js';
import type { ScriptRequest, ScriptResponse } from './script-worker.js';

/** Time past a run's own limit before the worker is terminated (covers its start and QuickJS's exit). */
export const SCRIPT_HARD_DEADLINE_GRACE_MS = 3000;

interface Sandbox {
  worker: Worker;
  ready: Promise<void>;
}

let current: Sandbox | undefined;
let queue: Promise<unknown> = Promise.resolve();
let nextId = 1;

function spawn(): Sandbox {
  const worker = new Worker(new URL('./script-worker-entry.mjs', import.meta.url));
  worker.unref();
  const sandbox: Sandbox = {
    worker,
    ready: new Promise((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('error', reject);
    }),
  };
  worker.on('exit', () => {
    if (current === sandbox) current = undefined;
  });
  // A worker error is answered by the pending run's exit handler.
  worker.on('error', () => undefined);
  return sandbox;
}

function once(code: string, globals: Record<string, unknown>, limits: ScriptLimits): Promise<ScriptOutcome> {
  current ??= spawn();
  const sandbox = current;
  const id = nextId++;
  return new Promise<ScriptOutcome>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const settle = () => {
      clearTimeout(timer);
      sandbox.worker.off('message', onMessage);
      sandbox.worker.off('exit', onExit);
    };
    const onMessage = (response: ScriptResponse) => {
      if (response.id !== id) return;
      settle();
      if (response.ok) return resolve({ value: response.value, text: response.text });
      if (response.restarting && current === sandbox) current = undefined;
      reject(new ScriptError(response.message));
    };
    const onExit = () => {
      settle();
      reject(new ScriptError('script stopped: the sandbox ended before answering'));
    };
    sandbox.worker.on('message', onMessage);
    sandbox.worker.on('exit', onExit);
    sandbox.ready.then(
      () => {
        timer = setTimeout(() => {
          settle();
          if (current === sandbox) current = undefined;
          void sandbox.worker.terminate();
          reject(new ScriptError(`script stopped: ran longer than ${limits.timeoutMs} ms`));
        }, limits.timeoutMs + SCRIPT_HARD_DEADLINE_GRACE_MS);
        try {
          sandbox.worker.postMessage({ id, code, globals, limits } satisfies ScriptRequest);
        } catch (error) {
          settle();
          reject(
            new ScriptError(
              `script inputs cannot be passed: ${error instanceof Error ? error.message : String(error)}`,
            ),
          );
        }
      },
      (error: unknown) => {
        settle();
        reject(
          new ScriptError(`script sandbox failed to start: ${error instanceof Error ? error.message : String(error)}`),
        );
      },
    );
  });
}

/**
 * Runs `code` with `globals` as global variables and returns its last expression's value (as data and
 * as JavaScript's String() of it). Throws {@link ScriptError} for a thrown error, a syntax error, or a
 * limit reached. Runs are queued: one script at a time.
 */
export function runScript(
  code: string,
  globals: Record<string, unknown>,
  limits: Partial<ScriptLimits> = {},
): Promise<ScriptOutcome> {
  const run = queue.then(() => once(code, globals, { ...DEFAULT_SCRIPT_LIMITS, ...limits }));
  queue = run.catch(() => undefined);
  return run;
}
