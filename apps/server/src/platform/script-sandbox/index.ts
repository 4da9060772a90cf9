/**
 * The JavaScript sandbox: user scripts (check `javascript` expressions) run in QuickJS/WebAssembly in
 * a worker thread, with no I/O, a memory cap and a deadline. See script-sandbox.ts and ADR 0010.
 */
export { DEFAULT_SCRIPT_LIMITS, ScriptError, type ScriptLimits, type ScriptOutcome } from './quickjs-run.js';
export { runScript } from './script-sandbox.js';
