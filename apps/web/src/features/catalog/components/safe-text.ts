/** Longest run of characters drawn on one line; the rest is counted, not drawn. */
export const MAX_LINE_CHARS = 2000;

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/**
 * A string made safe to draw on one line: control characters (binary-looking data) shown as
 * `\xNN` escapes, and anything past `max` characters cut with a count of what was left out.
 */
export function displayLine(text: string, max = MAX_LINE_CHARS): string {
  const cut = text.length > max ? text.slice(0, max) : text;
  const shown = cut.replace(CONTROL, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return text.length > max ? `${shown}… (${(text.length - max).toLocaleString()} more characters)` : shown;
}
