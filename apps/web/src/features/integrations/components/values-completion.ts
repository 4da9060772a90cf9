/** The part of a JSON schema the values editor completes from. */
export interface JsonSchemaNode {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchemaNode>;
  items?: JsonSchemaNode;
  enum?: readonly unknown[];
  [keyword: string]: unknown;
}

/** One proposal of the values editor. */
export interface ValueCompletion {
  label: string;
  /** What is inserted in place of the typed prefix. */
  apply: string;
  /** The schema type, shown beside the label. */
  detail?: string;
  /** The schema description. */
  info?: string;
}

/** Where completion replaces text from, and what it proposes. */
export interface CompletionAnswer {
  from: number;
  /** The typed prefix the proposals are filtered by. */
  prefix: string;
  options: ValueCompletion[];
}

const LINE = /^(\s*)(-\s+)?(.*)$/;
const KEY_ONLY = /^([^\s:#'"][^:#]*?)\s*:\s*(#.*)?$/;

function typeOf(node: JsonSchemaNode): string | undefined {
  return Array.isArray(node.type) ? node.type.join(' | ') : node.type;
}

/**
 * The chain of keys leading to the mapping the cursor's line belongs to, read from the indentation of
 * the lines above ("[]" stands for "an item of the list above"): enough YAML structure for completion
 * while the text is being typed and does not parse.
 */
export function parentPath(lines: readonly string[], lineIndex: number, indent: number): string[] {
  const path: string[] = [];
  let level = indent;
  let keyMayShareLevel = false;
  for (let index = lineIndex - 1; index >= 0 && level > 0; index--) {
    const line = lines[index] ?? '';
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    const match = LINE.exec(line);
    const spaces = match?.[1]?.length ?? 0;
    const dash = match?.[2]?.length ?? 0;
    const content = match?.[3] ?? '';
    const keyIndent = spaces + dash;
    if (dash > 0 && spaces < level && keyIndent <= level) {
      path.unshift('[]');
      level = spaces;
      keyMayShareLevel = true;
      continue;
    }
    if (keyIndent < level || (keyMayShareLevel && keyIndent === level && dash === 0)) {
      const key = KEY_ONLY.exec(content)?.[1];
      if (!key) return path;
      path.unshift(key);
      level = keyIndent;
      keyMayShareLevel = false;
    }
  }
  return path;
}

/** The schema node at a path of keys and "[]" list items; undefined where the schema says nothing. */
export function nodeAt(schema: JsonSchemaNode, path: readonly string[]): JsonSchemaNode | undefined {
  let node: JsonSchemaNode | undefined = schema;
  for (const step of path) {
    if (!node) return undefined;
    node = step === '[]' ? node.items : node.properties?.[step];
  }
  return node;
}

/** Keys already present in the mapping the cursor's line belongs to (not proposed again). */
function siblingKeys(lines: readonly string[], lineIndex: number, indent: number): Set<string> {
  const keys = new Set<string>();
  const collect = (from: number, step: 1 | -1) => {
    for (let index = from; index >= 0 && index < lines.length; index += step) {
      const line = lines[index] ?? '';
      if (line.trim() === '' || line.trim().startsWith('#')) continue;
      const match = LINE.exec(line);
      const keyIndent = (match?.[1]?.length ?? 0) + (match?.[2]?.length ?? 0);
      if (keyIndent < indent) return;
      if (keyIndent === indent) {
        const key = /^([^\s:#'"][^:#]*?)\s*:/.exec(match?.[3] ?? '')?.[1];
        if (key) keys.add(key);
        if (match?.[2] && step === -1) return;
      }
    }
  };
  collect(lineIndex - 1, -1);
  collect(lineIndex + 1, 1);
  return keys;
}

/** The path of the mapping a line's key belongs to; a `- ` line starts a new item of the list above it. */
function mappingPath(lines: readonly string[], lineIndex: number, spaces: string, dash: string | undefined): string[] {
  if (dash) return [...parentPath(lines, lineIndex, spaces.length), '[]'];
  return parentPath(lines, lineIndex, spaces.length);
}

/**
 * What the values editor proposes at `position` of `text` from the chart's JSON schema: the keys of the
 * mapping being typed in (with their type and description, without those already there), or the
 * allowed values (enum members, true/false) after `key: `. Undefined where the schema has nothing.
 */
export function completionsAt(text: string, position: number, schema: JsonSchemaNode): CompletionAnswer | undefined {
  const before = text.slice(0, position);
  const lines = text.split('\n');
  const lineIndex = before.split('\n').length - 1;
  const lineBefore = before.slice(before.lastIndexOf('\n') + 1);

  const value = /^(\s*)(-\s+)?([^\s:#'"][^:#]*?):\s+(\S*)$/.exec(lineBefore);
  if (value) {
    const path = [...mappingPath(lines, lineIndex, value[1] ?? '', value[2]), value[3] ?? ''];
    const node = nodeAt(schema, path);
    if (!node) return undefined;
    const prefix = value[4] ?? '';
    const allowed = node.enum ?? (typeOf(node) === 'boolean' ? [true, false] : undefined);
    if (!allowed) return undefined;
    const options = allowed.map((item) => ({ label: String(item), apply: String(item), detail: typeOf(node) }));
    return { from: position - prefix.length, prefix, options: options.filter((o) => o.label.startsWith(prefix)) };
  }

  const key = /^(\s*)(-\s+)?([\w.-]*)$/.exec(lineBefore);
  if (!key) return undefined;
  const node = nodeAt(schema, mappingPath(lines, lineIndex, key[1] ?? '', key[2]));
  if (!node?.properties) return undefined;
  const present = key[2] ? new Set<string>() : siblingKeys(lines, lineIndex, key[1]?.length ?? 0);
  const prefix = key[3] ?? '';
  const options = Object.entries(node.properties)
    .filter(([name]) => !present.has(name) && name.startsWith(prefix))
    .map(([name, child]) => ({
      label: name,
      apply: `${name}: `,
      ...(typeOf(child) ? { detail: typeOf(child) } : {}),
      ...(child.description ? { info: child.description } : {}),
    }));
  return { from: position - prefix.length, prefix, options };
}
