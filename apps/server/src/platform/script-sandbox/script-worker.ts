/**
 * The sandbox's worker thread: warms its engine up (quickjs-run.ts's warmUpQuickJs), says it is ready,
 * then runs one script at a time with {@link runInQuickJs} and answers with its outcome or error. After a
 * script that hit a limit it exits, so the next run starts from a fresh WebAssembly heap.
 */
import { parentPort } from 'node:worker_threads';
import { runInQuickJs, ScriptError, type ScriptLimits, warmUpQuickJs } from './quickjs-run.js';

/** A request from the main thread. */
export interface ScriptRequest {
  id: number;
  code: string;
  globals: Record<string, unknown>;
  limits: ScriptLimits;
}

/** The worker's answer to one request. */
export type ScriptResponse =
  | { id: number; ok: true; value: unknown; text: string }
  | { id: number; ok: false; message: string; restarting: boolean };

const port = parentPort;
if (!port) throw new Error('script-worker runs only as a worker thread');

port.on('message', async (request: ScriptRequest) => {
  try {
    const outcome = await runInQuickJs(request.code, request.globals, request.limits);
    port.postMessage({ id: request.id, ok: true, ...outcome } satisfies ScriptResponse);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const restarting = !(error instanceof ScriptError) || error.limited;
    port.postMessage({ id: request.id, ok: false, message, restarting } satisfies ScriptResponse);
    if (restarting) process.exit(0);
  }
});
// A warm-up that fails leaves the first user script to load the engine and report the failure itself.
await warmUpQuickJs().catch(() => undefined);
port.postMessage('ready');
