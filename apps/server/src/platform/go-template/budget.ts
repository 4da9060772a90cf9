/**
 * The bounds one template run lives within: a step budget (actions, iterations, function calls and the
 * elements functions build), a wall-clock deadline checked as steps are spent, and a cap on the bytes
 * written and on any one string a function returns. A hostile template stops with a clear error instead
 * of holding the event loop.
 */
import { GoTemplateError } from './template-error.js';

/** The limits of one run. */
export interface TemplateLimits {
  /** Most evaluation steps (actions, iterations, calls, built elements). */
  maxSteps: number;
  /** Most characters of output, and of any single string a function returns. */
  maxOutput: number;
  /** Wall-clock milliseconds. */
  timeoutMs: number;
  /** Deepest `template` call nesting. */
  maxCallDepth: number;
}

/** Defaults sized for check messages and request bodies: 1 MiB out, 1 M steps, 1 s. */
export const DEFAULT_TEMPLATE_LIMITS: TemplateLimits = {
  maxSteps: 1_000_000,
  maxOutput: 1024 * 1024,
  timeoutMs: 1000,
  maxCallDepth: 32,
};

const CLOCK_EVERY = 1024;

/** Counts steps and output for one run and throws once a limit is passed. */
export class Budget {
  private steps = 0;
  private readonly deadline: number;

  constructor(readonly limits: TemplateLimits) {
    this.deadline = performance.now() + limits.timeoutMs;
  }

  /** Spends `count` steps; throws past the step budget or the deadline. */
  spend(count = 1): void {
    const before = this.steps;
    this.steps += count;
    if (this.steps > this.limits.maxSteps) {
      throw new GoTemplateError(`template stopped: more than ${this.limits.maxSteps} evaluation steps`);
    }
    if (Math.floor(before / CLOCK_EVERY) !== Math.floor(this.steps / CLOCK_EVERY) || count >= CLOCK_EVERY) {
      if (performance.now() > this.deadline) {
        throw new GoTemplateError(`template stopped: ran longer than ${this.limits.timeoutMs} ms`);
      }
    }
  }

  /** Checks that a string about to be built or returned fits the output cap. */
  fits(length: number, what: string): void {
    if (length > this.limits.maxOutput) {
      throw new GoTemplateError(`template stopped: ${what} longer than ${this.limits.maxOutput} characters`);
    }
    this.spend(Math.ceil(length / 1024));
  }
}
