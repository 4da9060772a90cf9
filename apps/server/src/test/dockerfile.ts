/**
 * A reader of the repository's Dockerfile for the image test (container-image.test.ts), which repeats the
 * runtime stage on a machine that cannot build images. It understands what that file uses — line
 * continuations, comments, `--flag=value` options, exec-form JSON arrays, `ENV`/`LABEL` pairs, `${ARG}` in
 * `FROM` — and keeps every instruction, so the test can refuse one it does not know how to repeat.
 */

/** One instruction, its continuation lines joined. */
export interface Instruction {
  /** Upper case: FROM, RUN, COPY, ENV… */
  keyword: string;
  /** Leading `--name=value` options (COPY --from, HEALTHCHECK --interval…). */
  flags: Record<string, string>;
  /** The rest of the line after the options. */
  args: string;
  /** Line of the Dockerfile where the instruction starts (1-based), for messages. */
  line: number;
}

/** One build stage: `FROM <base> [AS <name>]` and its instructions. */
export interface Stage {
  name?: string;
  /** The base image with global ARG defaults substituted. */
  base: string;
  instructions: Instruction[];
}

/** The parsed file: global ARG defaults (those before the first FROM) and the stages in order. */
export interface Dockerfile {
  args: Record<string, string>;
  stages: Stage[];
}

function logicalLines(text: string): { text: string; line: number }[] {
  const lines: { text: string; line: number }[] = [];
  let current: { text: string; line: number } | undefined;
  for (const [index, raw] of text.split('\n').entries()) {
    const trimmed = raw.trim();
    if (trimmed.startsWith('#') || (trimmed === '' && !current)) continue; // comments may sit inside a continuation
    const continues = trimmed.endsWith('\\');
    const part = continues ? trimmed.slice(0, -1).trim() : trimmed;
    current = current ? { text: `${current.text} ${part}`, line: current.line } : { text: part, line: index + 1 };
    if (!continues) {
      lines.push(current);
      current = undefined;
    }
  }
  if (current) lines.push(current);
  return lines;
}

function parseInstruction(text: string, line: number): Instruction {
  const [keyword = '', ...rest] = text.split(/\s+/);
  const flags: Record<string, string> = {};
  let args = rest.join(' ');
  for (let match = /^--([a-z-]+)=(\S*)\s*/.exec(args); match; match = /^--([a-z-]+)=(\S*)\s*/.exec(args)) {
    flags[match[1] ?? ''] = match[2] ?? '';
    args = args.slice(match[0].length);
  }
  return { keyword: keyword.toUpperCase(), flags, args, line };
}

/** Splits `a=1 b="two words"` into pairs (double quotes and backslash escapes as Docker reads them). */
export function keyValuePairs(args: string): Record<string, string> {
  const pairs: Record<string, string> = {};
  const pattern = /([A-Za-z_][A-Za-z0-9_.-]*)=("((?:[^"\\]|\\.)*)"|(\S*))/g;
  for (const match of args.matchAll(pattern)) {
    const value = match[3] !== undefined ? match[3].replace(/\\(.)/g, '$1') : (match[4] ?? '');
    pairs[match[1] ?? ''] = value;
  }
  return pairs;
}

/** The JSON array of an exec-form instruction (`CMD ["node", "main.js"]`); throws on the shell form. */
export function execForm(instruction: Instruction): string[] {
  const text = instruction.args.replace(/^CMD\s+/, '');
  if (!text.startsWith('[')) {
    throw new Error(`line ${instruction.line}: ${instruction.keyword} must use the exec form (a JSON array)`);
  }
  return JSON.parse(text) as string[]; // Docker reads the exec form as a JSON array of strings
}

/** `${NAME}` replaced by `values[NAME]` (left as is when unknown). */
export function substitute(text: string, values: Record<string, string>): string {
  return text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** Parses a Dockerfile's text. */
export function parseDockerfile(text: string): Dockerfile {
  const args: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const { text: line, line: number } of logicalLines(text)) {
    const instruction = parseInstruction(line, number);
    if (instruction.keyword === 'FROM') {
      const [base = '', as, name] = instruction.args.split(/\s+/);
      stages.push({
        base: substitute(base, args),
        ...(as?.toUpperCase() === 'AS' && name ? { name } : {}),
        instructions: [],
      });
    } else if (stages.length === 0 && instruction.keyword === 'ARG') {
      const [name = '', value = ''] = instruction.args.split('=');
      args[name] = value;
    } else {
      const stage = stages.at(-1);
      if (!stage) throw new Error(`line ${number}: ${instruction.keyword} before the first FROM`);
      stage.instructions.push(instruction);
    }
  }
  return { args, stages };
}
