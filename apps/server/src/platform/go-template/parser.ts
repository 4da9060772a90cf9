/**
 * Builds the node tree of a Go text/template from its tokens: actions, pipelines, `if`/`else if`/
 * `else`, `range` (with `$i, $v :=`, `else`, `break`, `continue`), `with` (and `else with`), `define`,
 * `template` and `block`. Nesting is bounded so a hostile template cannot exhaust the stack.
 */
import type { Arg, Command, Node, ParsedTemplate, Pipe } from './ast.js';
import type { Token } from './lexer.js';
import { GoTemplateError } from './template-error.js';

/** The deepest nesting of blocks and parentheses a template may use. */
export const MAX_TEMPLATE_NESTING = 64;

type Ender = 'end' | 'else';

class Parser {
  private at = 0;
  private depth = 0;
  readonly defines = new Map<string, Node[]>();

  constructor(private readonly tokens: Token[]) {}

  private peek(offset = 0): Token | undefined {
    return this.tokens[this.at + offset];
  }

  private next(): Token {
    const token = this.tokens[this.at++];
    if (!token) throw new GoTemplateError('template: unexpected end of template');
    return token;
  }

  private fail(token: Token | undefined, message: string): never {
    throw new GoTemplateError(`template: :${token?.line ?? 0}: ${message}`);
  }

  private expect(type: Token['type'], context: string): Token {
    const token = this.next();
    if (token.type !== type) this.fail(token, `unexpected "${token.text}" in ${context}`);
    return token;
  }

  private enter(token: Token | undefined): void {
    if (++this.depth > MAX_TEMPLATE_NESTING) this.fail(token, `nesting deeper than ${MAX_TEMPLATE_NESTING} levels`);
  }

  /** Parses nodes until an `end` or `else` action (returned) or the end of input (null). */
  list(top: boolean): { nodes: Node[]; ender: Ender | null } {
    const nodes: Node[] = [];
    while (this.at < this.tokens.length) {
      const token = this.next();
      if (token.type === 'text') {
        nodes.push({ kind: 'text', text: token.text });
        continue;
      }
      const head = this.peek();
      if (head?.type === 'keyword' && (head.text === 'end' || head.text === 'else')) {
        if (top) this.fail(head, `unexpected {{${head.text}}}`);
        this.at++;
        return { nodes, ender: head.text };
      }
      const node = this.action();
      if (node) nodes.push(node);
    }
    if (!top) this.fail(this.tokens[this.tokens.length - 1], 'unexpected EOF');
    return { nodes, ender: null };
  }

  private action(): Node | null {
    const head = this.peek();
    if (head?.type !== 'keyword') {
      const pipe = this.pipeline('command', true);
      this.expect('right', 'command');
      return { kind: 'action', pipe };
    }
    this.at++;
    switch (head.text) {
      case 'if':
      case 'with':
      case 'range':
        return this.block(head.text, head);
      case 'break':
      case 'continue':
        this.expect('right', head.text);
        return { kind: head.text };
      case 'template':
        return this.templateCall();
      case 'define':
        this.define();
        return null;
      case 'block':
        return this.blockAction(head);
      default:
        return this.fail(head, `unexpected keyword ${head.text}`);
    }
  }

  private block(kind: 'if' | 'with' | 'range', head: Token): Node {
    this.enter(head);
    const pipe = this.pipeline(kind, kind === 'range' || kind === 'with' || kind === 'if');
    this.expect('right', kind);
    const body = this.list(false);
    let elseList: Node[] | null = null;
    if (body.ender === 'else') {
      const chained = this.peek();
      if (chained?.type === 'keyword' && (chained.text === 'if' || chained.text === 'with') && kind !== 'range') {
        this.at++;
        elseList = [this.block(chained.text, chained)];
        this.depth--;
        return { kind, pipe, list: body.nodes, elseList };
      }
      this.expect('right', 'else');
      const rest = this.list(false);
      if (rest.ender !== 'end') this.fail(chained, 'expected end; found else');
      elseList = rest.nodes;
    }
    this.expect('right', 'end');
    this.depth--;
    return { kind, pipe, list: body.nodes, elseList };
  }

  private templateName(context: string): string {
    const token = this.next();
    if (token.type !== 'literal' || typeof token.value !== 'string') this.fail(token, `${context} needs a quoted name`);
    return token.value;
  }

  private templateCall(): Node {
    const name = this.templateName('template');
    const pipe = this.peek()?.type === 'right' ? null : this.pipeline('template', false);
    this.expect('right', 'template');
    return { kind: 'template', name, pipe };
  }

  private define(): void {
    const head = this.peek();
    const name = this.templateName('define');
    this.expect('right', 'define');
    this.enter(head);
    const body = this.list(false);
    if (body.ender !== 'end') this.fail(head, 'unexpected else in define');
    this.expect('right', 'end');
    this.depth--;
    this.defines.set(name, body.nodes);
  }

  private blockAction(head: Token): Node {
    const name = this.templateName('block');
    const pipe = this.pipeline('block', false);
    this.expect('right', 'block');
    this.enter(head);
    const body = this.list(false);
    if (body.ender !== 'end') this.fail(head, 'unexpected else in block');
    this.expect('right', 'end');
    this.depth--;
    this.defines.set(name, body.nodes);
    return { kind: 'template', name, pipe };
  }

  private declarations(allowDecl: boolean): { decl: string[]; assign: boolean } {
    if (!allowDecl || this.peek()?.type !== 'variable') return { decl: [], assign: false };
    const first = this.peek();
    const second = this.peek(1);
    const third = this.peek(2);
    const fourth = this.peek(3);
    const plain = (token: Token | undefined) => token?.type === 'variable' && token.path?.length === 0;
    if (plain(first) && (second?.type === 'declare' || second?.type === 'assign')) {
      this.at += 2;
      return { decl: [first?.text ?? ''], assign: second.type === 'assign' };
    }
    if (plain(first) && second?.type === 'comma' && plain(third) && fourth?.type === 'declare') {
      this.at += 4;
      return { decl: [first?.text ?? '', third?.text ?? ''], assign: false };
    }
    return { decl: [], assign: false };
  }

  pipeline(context: string, allowDecl: boolean): Pipe {
    const { decl, assign } = this.declarations(allowDecl);
    const cmds: Command[] = [];
    for (;;) {
      cmds.push(this.command(context));
      if (this.peek()?.type !== 'pipe') break;
      this.at++;
    }
    return { decl, assign, cmds };
  }

  private command(context: string): Command {
    const args: Arg[] = [];
    for (;;) {
      const token = this.peek();
      if (!token || token.type === 'right' || token.type === 'pipe' || token.type === 'rparen') break;
      args.push(this.operand());
    }
    if (args.length === 0) this.fail(this.peek(), `missing value for ${context}`);
    return { args };
  }

  private operand(): Arg {
    const token = this.next();
    switch (token.type) {
      case 'dot':
        return { kind: 'dot' };
      case 'field':
        return { kind: 'field', path: token.path ?? [] };
      case 'variable':
        return { kind: 'var', name: token.text, path: token.path ?? [] };
      case 'ident':
        return { kind: 'ident', name: token.text, path: token.path ?? [] };
      case 'literal':
        return { kind: 'literal', value: token.value };
      case 'nil':
        return { kind: 'nil' };
      case 'lparen': {
        this.enter(token);
        const pipe = this.pipeline('parenthesized pipeline', true);
        this.expect('rparen', 'parenthesized pipeline');
        this.depth--;
        const chain = this.peek();
        if (chain?.type === 'field' && !chain.spaced) {
          this.at++;
          return { kind: 'pipe', pipe, path: chain.path ?? [] };
        }
        return { kind: 'pipe', pipe, path: [] };
      }
      default:
        return this.fail(token, `unexpected "${token.text}" in operand`);
    }
  }
}

/** Parses token output of {@link lex} into a template with its named definitions. */
export function parse(tokens: Token[]): ParsedTemplate {
  const parser = new Parser(tokens);
  const { nodes } = parser.list(true);
  return { body: nodes, defines: parser.defines };
}
