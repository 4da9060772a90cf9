/**
 * The shape of a template function. Arguments arrive evaluated, the piped value last (Go's rule, and
 * why gomplate puts the subject last: `strings.Split "," .list`). The budget lets a function that
 * builds strings or lists charge for them.
 */
import type { Budget } from './budget.js';

/** A function callable from a template. */
export type TemplateFunction = (args: unknown[], budget: Budget) => unknown;

/** Functions by name; dotted names (`strings.ToUpper`) are looked up whole. */
export type FunctionTable = Readonly<Record<string, TemplateFunction>>;
