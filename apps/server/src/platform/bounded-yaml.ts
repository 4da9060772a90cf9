import {
  type Document,
  type DocumentOptions,
  type ParseOptions,
  parseAllDocuments,
  parseDocument,
  type SchemaOptions,
  type ToJSOptions,
} from 'yaml';
import {
  checkDocumentSize,
  DOCUMENT_LIMITS,
  DocumentLimitError,
  type DocumentLimits,
  depthMessage,
  MAX_DOCUMENT_DEPTH,
  parseBoundedJson,
} from './bounded-json.js';
import { AppError } from './errors.js';

/** How many alias nodes (`*name`) one YAML text may hold, and how far they may expand. */
export const MAX_YAML_ALIASES = 100;

/**
 * The largest YAML text a request may send. The yaml library spends tens of microseconds per syntax
 * error and more on long lines, so a hostile 1 MiB text would hold the event loop for seconds; a
 * canary or spec document is a few kilobytes. Files an operator places (MC_CANARY_DIR) use
 * {@link DOCUMENT_LIMITS}.
 */
export const MAX_YAML_BYTES = 64 * 1024;

/**
 * The longest YAML line: the parser's cost grows faster than linearly with errors on one line. Room
 * for base64 certificates and keys (a 4096-bit RSA key is about 4.5 KB on one line).
 */
export const MAX_YAML_LINE = 16 * 1024;

/** Limits of YAML text sent in a request. */
export const YAML_REQUEST_LIMITS: DocumentLimits = { maxBytes: MAX_YAML_BYTES, maxDepth: MAX_DOCUMENT_DEPTH };

/** YAML options a caller may pass through (line counting, unique keys, pretty errors). */
export type YamlOptions = ParseOptions & DocumentOptions & SchemaOptions;

interface YamlShape {
  depth: number;
  aliases: number;
  longestLine: number;
}

const BLOCK_SCALAR_HEADER = /(?:^|[\s:-])[|>][+-]?[1-9]?[+-]?\s*$/;

/** A block node that opened a level: the column its content starts at, its depth, whether it is `key:`. */
interface BlockLevel {
  indent: number;
  depth: number;
  opensValue: boolean;
}

/**
 * Measures YAML text without parsing it: the deepest nesting and the number of aliases. A block line
 * is one level below the nearest line above it that is indented less (or below a `key:` at its own
 * indentation, when it starts a `- ` sequence), and each leading compact indicator (`- - a: x`) opens
 * one more level at the column its content starts; flow brackets add theirs; quotes, comments and block
 * scalars are skipped. It errs on the side of counting more (by one at most per line), so a document
 * built to look shallow cannot pass for one. Stops once past `stopAbove`.
 */
export function yamlShape(text: string, stopAbove = Number.POSITIVE_INFINITY): YamlShape {
  const levels: BlockLevel[] = [];
  let deepest = 0;
  let aliases = 0;
  let flow = 0;
  let quote: '"' | "'" | null = null;
  let blockScalarAbove = -1;
  let longestLine = 0;
  let depth = 0;
  for (const line of text.split(/\r?\n|\r/)) {
    if (line.length > longestLine) longestLine = line.length;
    let i = 0;
    while (line.charCodeAt(i) === 32) i++;
    const indent = i;
    if (blockScalarAbove >= 0) {
      if (i === line.length || indent > blockScalarAbove) continue;
      blockScalarAbove = -1;
    }
    const opening = !quote && flow === 0;
    let lineLevels: BlockLevel[] = [];
    if (opening) {
      if (i === line.length || line[i] === '#') continue;
      if (line.startsWith('---') || line.startsWith('...')) {
        levels.length = 0;
        continue;
      }
      const valueOfKey = (level: BlockLevel) => level.indent === indent && level.opensValue && line[i] === '-';
      for (let top = levels.at(-1); top && top.indent >= indent && !valueOfKey(top); top = levels.at(-1)) levels.pop();
      depth = (levels.at(-1)?.depth ?? 0) + 1;
      lineLevels = [{ indent, depth, opensValue: false }];
    }
    let leading = opening;
    let tokenStart = true;
    let content = '';
    for (; i < line.length; i++) {
      const ch = line[i];
      if (quote) {
        if (quote === '"' && ch === '\\') i++;
        else if (ch === quote) {
          if (quote === "'" && line[i + 1] === "'") i++;
          else quote = null;
        }
        continue;
      }
      if (ch === ' ' || ch === '\t') {
        tokenStart = true;
        content += ch;
        continue;
      }
      if (ch === '#' && tokenStart) break;
      if (tokenStart && (ch === '"' || ch === "'")) {
        quote = ch;
        tokenStart = false;
        leading = false;
        continue;
      }
      if (leading && tokenStart && (ch === '-' || ch === '?') && /[ \t]|$/.test(line[i + 1] ?? '')) {
        let next = i + 1;
        while (line[next] === ' ' || line[next] === '\t') next++;
        depth++;
        lineLevels.push({ indent: next, depth, opensValue: false });
      } else {
        leading = false;
        if (ch === '[' || ch === '{') flow++;
        else if ((ch === ']' || ch === '}') && flow > 0) flow--;
        else if (tokenStart && ch === '*' && i + 1 < line.length && line[i + 1] !== ' ') aliases++;
      }
      if (depth + flow > deepest) {
        deepest = depth + flow;
        if (deepest > stopAbove) return { depth: deepest, aliases, longestLine };
      }
      tokenStart = ch === '[' || ch === '{' || ch === ',';
      content += ch;
    }
    const last = lineLevels.at(-1);
    if (last) last.opensValue = content.trimEnd().endsWith(':');
    levels.push(...lineLevels);
    if (!quote && flow === 0 && BLOCK_SCALAR_HEADER.test(content)) blockScalarAbove = indent;
  }
  return { depth: deepest, aliases, longestLine };
}

/** Throws a {@link DocumentLimitError} when YAML text is larger, deeper or more aliased than allowed. */
export function checkYamlBounds(text: string, limits: DocumentLimits = DOCUMENT_LIMITS, what = 'YAML document'): void {
  checkDocumentSize(text, limits.maxBytes, what);
  const shape = yamlShape(text, limits.maxDepth);
  if (shape.depth > limits.maxDepth) throw new DocumentLimitError(depthMessage(what, limits.maxDepth));
  if (shape.aliases > MAX_YAML_ALIASES) {
    throw new DocumentLimitError(`The ${what} has ${shape.aliases} aliases; the limit is ${MAX_YAML_ALIASES}`);
  }
  if (shape.longestLine > MAX_YAML_LINE) {
    throw new DocumentLimitError(
      `The ${what} has a line of ${shape.longestLine} characters; the limit is ${MAX_YAML_LINE}`,
    );
  }
}

/** toJS options every caller gets: the alias expansion bound (billion laughs). */
export const BOUNDED_TO_JS: ToJSOptions = { maxAliasCount: MAX_YAML_ALIASES };

/**
 * Parses one YAML document within the limits (size, depth and aliases checked before the parser
 * runs). Syntax errors stay in `document.errors` as with `parseDocument`; convert with
 * {@link boundedToJs} so alias expansion is bounded too.
 */
export function parseBoundedYamlDocument(
  text: string,
  options: YamlOptions = {},
  limits: DocumentLimits = YAML_REQUEST_LIMITS,
  what = 'YAML document',
): Document.Parsed {
  checkYamlBounds(text, limits, what);
  return parseDocument(text, options);
}

/** Every document of a multi-document YAML stream (a canary file), within the limits. */
export function parseBoundedYamlDocuments(
  text: string,
  options: YamlOptions = {},
  limits: DocumentLimits = DOCUMENT_LIMITS,
  what = 'YAML file',
): Document.Parsed[] {
  checkYamlBounds(text, limits, what);
  const documents = parseAllDocuments(text, options);
  return Array.isArray(documents) ? documents : [...documents];
}

/** A parsed document's value with alias expansion bounded; an excessive expansion is a 400. */
export function boundedToJs(document: Document.Parsed, what = 'YAML document'): unknown {
  try {
    return document.toJS(BOUNDED_TO_JS);
  } catch (error) {
    if (error instanceof ReferenceError || /alias/i.test((error as Error).message)) {
      // yaml throws a plain Error for excessive alias expansion and ReferenceError for unknown aliases
      throw new DocumentLimitError(
        `The ${what} expands its aliases too far (limit ${MAX_YAML_ALIASES}): ${(error as Error).message}`,
      );
    }
    throw error;
  }
}

const JSON_START = /^\s*[[{]/;

/**
 * Parses YAML (or JSON, a subset) text into a value within the limits. JSON text (one long line,
 * as API clients send it) goes to the JSON parser. A hostile document is a 400 naming the limit; a
 * syntax error a 400 with the parser's message.
 */
export function parseBoundedYaml(
  text: string,
  limits: DocumentLimits = YAML_REQUEST_LIMITS,
  what = 'YAML document',
): unknown {
  if (JSON_START.test(text)) {
    try {
      return parseBoundedJson(text, limits, what);
    } catch (error) {
      if (error instanceof DocumentLimitError) throw error;
      // not JSON after all: YAML flow syntax such as {a: 1} is measured and parsed as YAML below
    }
  }
  const document = parseBoundedYamlDocument(text, {}, limits, what);
  if (document.errors.length > 0) {
    throw new AppError('bad_request', `The ${what} is not valid YAML or JSON: ${document.errors[0]?.message}`);
  }
  return boundedToJs(document, what);
}
