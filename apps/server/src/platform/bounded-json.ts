import { AppError } from './errors.js';

/** Bounds every parsed document (JSON or YAML) must stay within; see docs/security.md "Limits". */
export interface DocumentLimits {
  /** Largest document, in UTF-8 bytes. */
  maxBytes: number;
  /** Deepest nesting of arrays and objects (a scalar at the top is depth 0). */
  maxDepth: number;
}

/**
 * The nesting depth every parser accepts. Real documents (canaries, specs, rows) stay well under 20
 * levels; recursive code (the YAML composer, zod, JSON.stringify, ajv) overflows the stack in the
 * thousands, and an overflowing regular expression in the YAML lexer aborts the whole process.
 */
export const MAX_DOCUMENT_DEPTH = 64;

/** The largest JSON or YAML document parsed from a field or a file (request bodies have their own limit). */
export const MAX_DOCUMENT_BYTES = 1024 * 1024;

/** The default {@link DocumentLimits}. */
export const DOCUMENT_LIMITS: DocumentLimits = { maxBytes: MAX_DOCUMENT_BYTES, maxDepth: MAX_DOCUMENT_DEPTH };

/** Raised when a document exceeds a limit before it is parsed; the message names the limit. */
export class DocumentLimitError extends AppError {
  override name = 'DocumentLimitError';
  constructor(message: string) {
    super('bad_request', message);
  }
}

/** Throws a {@link DocumentLimitError} when `text` is larger than `maxBytes`. */
export function checkDocumentSize(text: string, maxBytes: number, what = 'document'): void {
  // A UTF-8 byte is at least a char and at most 3 per UTF-16 unit: skip the count when clearly within.
  if (text.length * 3 <= maxBytes) return;
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > maxBytes) {
    throw new DocumentLimitError(`The ${what} is ${bytes} bytes; the limit is ${maxBytes} bytes`);
  }
}

/** The message of a document nested deeper than the limit. */
export function depthMessage(what: string, maxDepth: number): string {
  return `The ${what} is nested more than ${maxDepth} levels deep; the limit is ${maxDepth} levels`;
}

/**
 * The deepest array/object nesting of JSON text, counted without parsing (strings skipped), stopping
 * early once past `stopAbove`. Malformed text is measured as far as it goes; the parser reports it.
 */
export function jsonDepth(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 92 /* \ */) i++;
      else if (code === 34 /* " */) inString = false;
      continue;
    }
    if (code === 34) inString = true;
    else if (code === 91 /* [ */ || code === 123 /* { */) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAbove) return deepest;
      }
    } else if ((code === 93 /* ] */ || code === 125) /* } */ && depth > 0) depth--;
  }
  return deepest;
}

/** Throws a {@link DocumentLimitError} when JSON text is larger or deeper than the limits; else nothing. */
export function checkJsonBounds(text: string, limits: DocumentLimits = DOCUMENT_LIMITS, what = 'JSON document'): void {
  checkDocumentSize(text, limits.maxBytes, what);
  if (jsonDepth(text, limits.maxDepth) > limits.maxDepth)
    throw new DocumentLimitError(depthMessage(what, limits.maxDepth));
}

/**
 * Parses JSON text from a request or a file within the limits (size and depth checked before
 * parsing). A hostile or malformed document is a 400 `AppError` whose message says what is wrong.
 */
export function parseBoundedJson(
  text: string,
  limits: DocumentLimits = DOCUMENT_LIMITS,
  what = 'JSON document',
): unknown {
  checkJsonBounds(text, limits, what);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new AppError('bad_request', `The ${what} is not valid JSON: ${(error as Error).message}`); // JSON.parse throws SyntaxError
  }
}
