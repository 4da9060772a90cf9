/**
 * Runs a parsed template over data, as Go's text/template executes: dot and `$`, variables scoped to
 * their block, pipelines with the previous result as the last argument, `and`/`or` short-circuit,
 * `range` over lists, maps (sorted keys) and integers, `with`, `template`, `break` and `continue`.
 * Every step is charged to a {@link Budget}.
 */
import type { Arg, BlockNode, Command, Node, ParsedTemplate, Pipe } from './ast.js';
import type { Budget } from './budget.js';
import type { FunctionTable, TemplateFunction } from './functions.js';
import { goString, isMap, readPath, truth } from './go-values.js';
import { GoTemplateError } from './template-error.js';

type Flow = 'break' | 'continue' | undefined;

/** The function a dotted identifier names, and the fields to read from its result. */
export function resolveFunction(
  funcs: FunctionTable,
  name: string,
  path: readonly string[],
): { fn: TemplateFunction; rest: string[] } | null {
  for (let k = path.length; k >= 0; k--) {
    const candidate = [name, ...path.slice(0, k)].join('.');
    const fn = Object.hasOwn(funcs, candidate) ? funcs[candidate] : undefined;
    if (fn) return { fn, rest: path.slice(k) };
  }
  return null;
}

/** Fails for the first function the template names that the table does not have. */
export function checkFunctions(parsed: ParsedTemplate, funcs: FunctionTable): void {
  const visitPipe = (pipe: Pipe | null): void => {
    for (const cmd of pipe?.cmds ?? []) for (const arg of cmd.args) visitArg(arg);
  };
  const visitArg = (arg: Arg): void => {
    if (arg.kind === 'pipe') visitPipe(arg.pipe);
    if (arg.kind === 'ident' && !resolveFunction(funcs, arg.name, arg.path)) {
      throw new GoTemplateError(`template function ${[arg.name, ...arg.path].join('.')} is not supported`);
    }
  };
  const visit = (nodes: Node[]): void => {
    for (const node of nodes) {
      if (node.kind === 'action' || node.kind === 'template') visitPipe(node.pipe);
      if (node.kind === 'if' || node.kind === 'with' || node.kind === 'range') {
        visitPipe(node.pipe);
        visit(node.list);
        visit(node.elseList ?? []);
      }
    }
  };
  visit(parsed.body);
  for (const body of parsed.defines.values()) visit(body);
}

/** One run of a parsed template. */
export class Execution {
  private readonly out: string[] = [];
  private length = 0;
  private vars: { name: string; value: unknown }[] = [];
  private callDepth = 0;

  constructor(
    private readonly parsed: ParsedTemplate,
    private readonly funcs: FunctionTable,
    private readonly budget: Budget,
  ) {}

  /** Runs the template body with `data` as dot and `$`; returns what it wrote. */
  run(data: unknown): string {
    this.vars = [{ name: '$', value: data }];
    this.walk(this.parsed.body, data);
    return this.out.join('');
  }

  private write(text: string): void {
    this.length += text.length;
    this.budget.fits(this.length, 'output');
    this.out.push(text);
  }

  private walk(nodes: Node[], dot: unknown): Flow {
    for (const node of nodes) {
      this.budget.spend();
      const flow = this.node(node, dot);
      if (flow) return flow;
    }
    return undefined;
  }

  private scoped(nodes: Node[], dot: unknown): Flow {
    const mark = this.vars.length;
    try {
      return this.walk(nodes, dot);
    } finally {
      this.vars.length = mark;
    }
  }

  private node(node: Node, dot: unknown): Flow {
    switch (node.kind) {
      case 'text':
        this.write(node.text);
        return undefined;
      case 'action': {
        const value = this.pipe(node.pipe, dot);
        if (node.pipe.decl.length === 0) this.write(goString(value));
        return undefined;
      }
      case 'if':
      case 'with':
        return this.conditional(node, dot);
      case 'range':
        return this.range(node, dot);
      case 'template':
        return this.template(node.name, node.pipe, dot);
      case 'break':
      case 'continue':
        return node.kind;
    }
  }

  private conditional(node: BlockNode, dot: unknown): Flow {
    const mark = this.vars.length;
    try {
      const value = this.pipe(node.pipe, dot);
      if (truth(value)) return this.scoped(node.list, node.kind === 'with' ? value : dot);
      return node.elseList ? this.scoped(node.elseList, dot) : undefined;
    } finally {
      this.vars.length = mark;
    }
  }

  private entries(value: unknown): [unknown, unknown][] | null {
    if (Array.isArray(value)) return value.map((item, index) => [index, item]);
    if (isMap(value))
      return Object.keys(value)
        .sort()
        .map((key) => [key, value[key]]);
    if (typeof value === 'number' && Number.isInteger(value)) {
      this.budget.spend(Math.max(0, value));
      return Array.from({ length: Math.max(0, value) }, (_, index) => [index, index]);
    }
    if (value === undefined || value === null) return [];
    throw new GoTemplateError(`range can't iterate over ${goString(value)}`);
  }

  private range(node: BlockNode, dot: unknown): Flow {
    const mark = this.vars.length;
    try {
      const value = this.pipe({ ...node.pipe, decl: [] }, dot);
      const items = this.entries(value) ?? [];
      if (items.length === 0) return node.elseList ? this.scoped(node.elseList, dot) : undefined;
      const [first, second] = node.pipe.decl;
      for (const [key, item] of items) {
        this.budget.spend();
        const inner = this.vars.length;
        if (first !== undefined && second === undefined) this.vars.push({ name: first, value: item });
        if (first !== undefined && second !== undefined) {
          this.vars.push({ name: first, value: key }, { name: second, value: item });
        }
        const flow = this.scoped(node.list, item);
        this.vars.length = inner;
        if (flow === 'break') break;
      }
      return undefined;
    } finally {
      this.vars.length = mark;
    }
  }

  private template(name: string, pipe: Pipe | null, dot: unknown): Flow {
    const body = this.parsed.defines.get(name);
    if (!body) throw new GoTemplateError(`template: no template "${name}" defined`);
    if (++this.callDepth > this.budget.limits.maxCallDepth) {
      throw new GoTemplateError(
        `template stopped: template calls nested deeper than ${this.budget.limits.maxCallDepth}`,
      );
    }
    const value = pipe ? this.pipe(pipe, dot) : undefined;
    const saved = this.vars;
    this.vars = [{ name: '$', value }];
    try {
      this.walk(body, value);
    } finally {
      this.vars = saved;
      this.callDepth--;
    }
    return undefined;
  }

  private variable(name: string): { name: string; value: unknown } {
    for (let i = this.vars.length - 1; i >= 0; i--) {
      const slot = this.vars[i];
      if (slot?.name === name) return slot;
    }
    throw new GoTemplateError(`template: undefined variable: ${name}`);
  }

  private pipe(pipe: Pipe, dot: unknown): unknown {
    let value: unknown;
    let hasFinal = false;
    for (const cmd of pipe.cmds) {
      value = this.command(cmd, dot, hasFinal, value);
      hasFinal = true;
    }
    if (pipe.assign) {
      this.variable(pipe.decl[0] ?? '').value = value;
    } else {
      for (const name of pipe.decl) this.vars.push({ name, value });
    }
    return value;
  }

  private command(cmd: Command, dot: unknown, hasFinal: boolean, final: unknown): unknown {
    const [head, ...rest] = cmd.args;
    if (head?.kind === 'ident') return this.call(head, rest, dot, hasFinal, final);
    if (rest.length > 0 || hasFinal) {
      throw new GoTemplateError(`can't give argument to non-function ${describe(head)}`);
    }
    return head ? this.arg(head, dot) : undefined;
  }

  private call(head: Extract<Arg, { kind: 'ident' }>, rest: Arg[], dot: unknown, hasFinal: boolean, final: unknown) {
    this.budget.spend();
    const name = [head.name, ...head.path].join('.');
    const found = resolveFunction(this.funcs, head.name, head.path);
    if (!found) throw new GoTemplateError(`template function ${name} is not supported`);
    if (found.rest.length > 0 && (rest.length > 0 || hasFinal)) {
      throw new GoTemplateError(`can't give argument to non-function ${name}`);
    }
    if (head.name === 'and' || head.name === 'or') return this.logic(head.name, rest, dot, hasFinal, final);
    const args = rest.map((arg) => this.arg(arg, dot));
    if (hasFinal) args.push(final);
    let result: unknown;
    try {
      result = found.fn(args, this.budget);
    } catch (error) {
      if (error instanceof GoTemplateError) throw error;
      throw new GoTemplateError(`error calling ${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (typeof result === 'string') this.budget.fits(result.length, `result of ${name}`);
    return readPath(result, found.rest, name);
  }

  private logic(name: 'and' | 'or', rest: Arg[], dot: unknown, hasFinal: boolean, final: unknown): unknown {
    const thunks: (() => unknown)[] = rest.map((arg) => () => this.arg(arg, dot));
    if (hasFinal) thunks.push(() => final);
    if (thunks.length === 0) throw new GoTemplateError(`wrong number of args for ${name}: want at least 1 got 0`);
    let value: unknown;
    for (const thunk of thunks) {
      value = thunk();
      if (name === 'and' ? !truth(value) : truth(value)) return value;
    }
    return value;
  }

  private arg(arg: Arg, dot: unknown): unknown {
    switch (arg.kind) {
      case 'dot':
        return dot;
      case 'field':
        return readPath(dot, arg.path, `.${arg.path.join('.')}`);
      case 'var':
        return readPath(this.variable(arg.name).value, arg.path, arg.name);
      case 'ident':
        return this.call(arg, [], dot, false, undefined);
      case 'literal':
        return arg.value;
      case 'nil':
        return null;
      case 'pipe': {
        const mark = this.vars.length;
        const value = this.pipe(arg.pipe, dot);
        this.vars.length = mark;
        return readPath(value, arg.path, 'pipeline');
      }
    }
  }
}

function describe(arg: Arg | undefined): string {
  if (!arg) return '';
  if (arg.kind === 'field') return `.${arg.path.join('.')}`;
  if (arg.kind === 'var') return [arg.name, ...arg.path].join('.');
  if (arg.kind === 'literal') return JSON.stringify(arg.value);
  return arg.kind;
}
