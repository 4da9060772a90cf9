/**
 * The parsed shape of a Go text/template: a list of nodes (text, actions and blocks). Kept apart from
 * the parser so the evaluator depends on the shape, not on how it was read.
 */

/** An operand of a command: what Go calls a term, with an optional field chain after it. */
export type Arg =
  | { kind: 'dot' }
  | { kind: 'field'; path: string[] }
  | { kind: 'var'; name: string; path: string[] }
  | { kind: 'ident'; name: string; path: string[] }
  | { kind: 'literal'; value: unknown }
  | { kind: 'nil' }
  | { kind: 'pipe'; pipe: Pipe; path: string[] };

/** One command of a pipeline: a function or value and its arguments. */
export interface Command {
  args: Arg[];
}

/** A pipeline, with the variables it declares (`:=`) or assigns (`=`). */
export interface Pipe {
  decl: string[];
  assign: boolean;
  cmds: Command[];
}

/** An `if`, `with` or `range` block with its optional `else` branch. */
export interface BlockNode {
  kind: 'if' | 'with' | 'range';
  pipe: Pipe;
  list: Node[];
  elseList: Node[] | null;
}

/** A node of a template body. */
export type Node =
  | { kind: 'text'; text: string }
  | { kind: 'action'; pipe: Pipe }
  | BlockNode
  | { kind: 'template'; name: string; pipe: Pipe | null }
  | { kind: 'break' | 'continue' };

/** A parsed template: its body and the named templates it defines. */
export interface ParsedTemplate {
  body: Node[];
  defines: Map<string, Node[]>;
}
