/**
 * gomplate's `fold` macro: `list.fold(e, acc, step)` and `map.fold(k, v, acc, step)` (keys in sorted
 * order). The accumulator starts at the zero value of the first element's type (0, 0.0, "", [], {},
 * false), or null for an empty collection, as upstream's cel_fold.go does. It walks at most
 * {@link MAX_ITEMS} elements. Built on the engine's macro hooks (typeCheck/evaluate) and its overlay
 * contexts, as its own `cel.bind` is.
 */
import type { Environment } from '@marcbachmann/cel-js';
import { CelFunctionError, capCount, isCelMap, MAX_ITEMS } from './cel-values.js';

/** The engine's macro-time node, checker, evaluator and contexts, as far as fold uses them. */
interface Node {
  op: string;
  args: unknown;
}
interface Overlay {
  forkWithVariable(name: string, type: unknown): Overlay;
  reuse(parent: unknown): Overlay;
  setIterValue(value: unknown, evaluator: unknown): Overlay;
}
interface Checker {
  dynType: unknown;
  check(node: Node, ctx: Overlay): unknown;
}
interface Evaluator {
  run(node: Node, ctx: unknown): unknown;
}
interface FoldMacro {
  receiver: Node;
  vars: string[];
  step: Node;
  contexts: Overlay[];
  typeCheck(checker: Checker, macro: FoldMacro, ctx: Overlay): unknown;
  evaluate(evaluator: Evaluator, macro: FoldMacro, ctx: unknown): unknown;
}

/** The fold's starting accumulator: the zero value of the first element's type. */
export function foldZero(first: unknown): unknown {
  if (first === undefined || first === null) return null;
  if (typeof first === 'bigint') return 0n;
  if (typeof first === 'number') return 0;
  if (typeof first === 'string') return '';
  if (typeof first === 'boolean') return false;
  if (Array.isArray(first)) return [];
  if (isCelMap(first)) return {};
  return null;
}

function identifier(node: Node): string {
  if (node.op === 'id' && typeof node.args === 'string') return node.args;
  throw new CelFunctionError('fold: variables must be identifiers');
}

function run(evaluator: Evaluator, macro: FoldMacro, ctx: unknown, rows: unknown[][]): unknown {
  capCount(rows.length, 'fold');
  let acc = foldZero(rows[0]?.[rows[0].length - 1]);
  for (const row of rows) {
    let scope: unknown = ctx;
    [...row, acc].forEach((value, i) => {
      scope = macro.contexts[i]?.reuse(scope).setIterValue(value, evaluator);
    });
    acc = evaluator.run(macro.step, scope);
  }
  return acc;
}

function foldMacro(kind: 'list' | 'map') {
  return ({ args, receiver }: { args: Node[]; receiver: Node }): FoldMacro => {
    const step = args[args.length - 1];
    if (!step) throw new CelFunctionError('fold: missing step expression');
    return {
      receiver,
      vars: args.slice(0, -1).map(identifier),
      step,
      contexts: [],
      typeCheck(checker, macro, ctx) {
        checker.check(macro.receiver, ctx);
        let scope = ctx;
        macro.contexts = macro.vars.map((name) => {
          scope = scope.forkWithVariable(name, checker.dynType);
          return scope;
        });
        checker.check(macro.step, scope);
        return checker.dynType;
      },
      evaluate(evaluator, macro, ctx) {
        const target = evaluator.run(macro.receiver, ctx);
        if (kind === 'list') {
          if (!Array.isArray(target)) throw new CelFunctionError('fold target is not a list');
          return run(
            evaluator,
            macro,
            ctx,
            target.slice(0, MAX_ITEMS + 1).map((item) => [item]),
          );
        }
        if (!isCelMap(target)) throw new CelFunctionError('fold target is not a map');
        const keys = Object.keys(target).sort();
        return run(
          evaluator,
          macro,
          ctx,
          keys.map((key) => [key, target[key]]),
        );
      },
    };
  };
}

/** Registers `list.fold(e, acc, step)` and `map.fold(k, v, acc, step)`. */
export function registerFold(env: Environment): void {
  env
    .registerFunction('list.fold(ast, ast, ast): dyn', foldMacro('list'))
    .registerFunction('map.fold(ast, ast, ast, ast): dyn', foldMacro('map'));
}
