/**
 * The QuickJS side of the sandbox, run inside the sandbox's worker thread (ADR 0010): a separate
 * WebAssembly heap with no host objects, so the code has no file, network, process, timer or module
 * access. Each run gets its own runtime with a memory cap, a stack cap and an interrupt handler that
 * stops it at its deadline. Inputs become globals (as canary-checker's otto does), underscore.js is
 * there as `_` when the code uses it, and the result is the value of the last expression.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  newQuickJSWASMModuleFromVariant,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSWASMModule,
  shouldInterruptAfterDeadline,
} from 'quickjs-emscripten-core';

/** The bounds of one run. */
export interface ScriptLimits {
  /** Wall-clock milliseconds before the interrupt handler stops the code. */
  timeoutMs: number;
  /** Bytes of heap the run may allocate (inputs included). */
  memoryBytes: number;
  /** Bytes of stack, so deep recursion ends as a RangeError. */
  stackBytes: number;
}

/** Defaults for check expressions: 1 s, 32 MiB, 512 KiB of stack. */
export const DEFAULT_SCRIPT_LIMITS: ScriptLimits = {
  timeoutMs: 1000,
  memoryBytes: 32 * 1024 * 1024,
  stackBytes: 512 * 1024,
};

/** A script that failed: a thrown error, a syntax error, or a limit reached. */
export class ScriptError extends Error {
  constructor(
    message: string,
    /** True when a limit stopped it: the worker then starts afresh, as QuickJS may have leaked. */
    readonly limited = false,
  ) {
    super(message);
    this.name = 'ScriptError';
  }
}

/** What a run returned: the last expression's value as JSON data, and as JavaScript's String() of it. */
export interface ScriptOutcome {
  value: unknown;
  text: string;
}

let engine: Promise<QuickJSWASMModule> | undefined;
let underscore: string | undefined;

function loadEngine(): Promise<QuickJSWASMModule> {
  // A dynamic import, as the library documents: it unwraps either module shape of the variant package.
  engine ??= newQuickJSWASMModuleFromVariant(import('@jitl/quickjs-wasmfile-release-sync'));
  return engine;
}

function underscoreSource(): string {
  underscore ??= readFileSync(createRequire(import.meta.url).resolve('underscore/underscore-umd-min.js'), 'utf8');
  return underscore;
}

function describeError(ctx: QuickJSContext, handle: QuickJSHandle, limits: ScriptLimits): ScriptError {
  const dumped: unknown = ctx.dump(handle);
  const error = dumped && typeof dumped === 'object' ? (dumped as { name?: unknown; message?: unknown }) : {}; // a thrown value, read if it is an Error
  const message = typeof error.message === 'string' ? error.message : String(dumped);
  if (error.name === 'InternalError' && message === 'interrupted') {
    return limitHit(`script stopped: ran longer than ${limits.timeoutMs} ms`);
  }
  if (message === 'out of memory' || (error.name === 'InternalError' && /memory|too long/.test(message))) {
    return limitHit(`script stopped: used more than ${Math.round(limits.memoryBytes / 1024 / 1024)} MiB`);
  }
  if ((error.name === 'RangeError' || error.name === 'InternalError') && /stack/.test(message)) {
    return limitHit(`script stopped: ${message}`);
  }
  return new ScriptError(typeof error.name === 'string' ? `${error.name}: ${message}` : `script threw ${message}`);
}

function limitHit(message: string): ScriptError {
  return new ScriptError(message, true);
}

function evaluate(ctx: QuickJSContext, code: string, file: string, limits: ScriptLimits): QuickJSHandle {
  const result = ctx.evalCode(code, file);
  if (result.error) {
    const failure = describeError(ctx, result.error, limits);
    result.error.dispose();
    throw failure;
  }
  return result.value;
}

function run(module: QuickJSWASMModule, code: string, globals: Record<string, unknown>, limits: ScriptLimits) {
  const runtime = module.newRuntime();
  runtime.setMemoryLimit(limits.memoryBytes);
  runtime.setMaxStackSize(limits.stackBytes);
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + limits.timeoutMs));
  const ctx = runtime.newContext();
  let limited = false;
  try {
    const input = JSON.stringify(JSON.stringify(globals) ?? '{}');
    evaluate(
      ctx,
      `(function (g) { for (var k in g) globalThis[k] = g[k]; })(JSON.parse(${input}))`,
      'inputs.js',
      limits,
    ).dispose();
    if (/(^|[^\w$])_\s*[.(]/.test(code)) evaluate(ctx, underscoreSource(), 'underscore.js', limits).dispose();
    const result = evaluate(ctx, code, 'script.js', limits);
    ctx.setProp(ctx.global, '__mc_result', result);
    result.dispose();
    const text = evaluate(ctx, 'String(globalThis.__mc_result)', 'result.js', limits);
    const json = evaluate(ctx, 'JSON.stringify(globalThis.__mc_result)', 'result.js', limits);
    const outcome: ScriptOutcome = { value: undefined, text: ctx.getString(text) };
    const serialised: unknown = ctx.dump(json);
    text.dispose();
    json.dispose();
    if (typeof serialised === 'string') outcome.value = JSON.parse(serialised);
    return outcome;
  } catch (error) {
    limited = !(error instanceof ScriptError) || error.limited;
    throw error;
  } finally {
    // After a limit QuickJS may hold objects it cannot free (freeing would abort); the worker that
    // ran it exits instead, taking the whole WebAssembly heap with it.
    if (!limited) {
      ctx.dispose();
      runtime.dispose();
    }
  }
}

/** A display script of the kind upstream fixtures carry, with inputs like an http check's. */
const WARM_UP_SCRIPT = `var symbols = { EUR: "€" }; var out = [];
for (var key in json.rates) out.push(key + " = " + symbols[key] + json.rates[key]);
_.size(json.rates) + ": " + out.join(", ") + (code == 200 && /ok/.test(content) ? "" : "!")`;

/**
 * Loads the engine and runs one typical script through every step of a run (inputs, underscore, the
 * script, String() and JSON of its value), so the worker pays the engine's load, WebAssembly's lazy
 * compilation and the interpreter's first-use costs before it takes user scripts, outside their
 * deadlines: on the 2-core machine those cost 55–250 ms of CPU at load 12, and at load 50 the fixture
 * replay's first display script stopped past its 1 s; a warm run costs about 1 ms. The sandbox worker
 * calls it before it says it is ready; no user code or input is involved (ADR 0010).
 */
export async function warmUpQuickJs(): Promise<void> {
  const module = await loadEngine();
  const globals = { json: { rates: { EUR: 0.9 } }, code: 200, content: 'ok', headers: {} };
  run(module, WARM_UP_SCRIPT, globals, { ...DEFAULT_SCRIPT_LIMITS, timeoutMs: 60_000 });
}

/**
 * Runs `code` with `globals` as global variables in this thread and returns its last expression's
 * value. Throws {@link ScriptError} for a thrown error, a syntax error, or a limit reached. Only the
 * sandbox worker calls this: a builtin looping natively can outlast the interrupt handler.
 */
export async function runInQuickJs(
  code: string,
  globals: Record<string, unknown>,
  limits: ScriptLimits,
): Promise<ScriptOutcome> {
  const module = await loadEngine();
  return run(module, code, globals, limits);
}
