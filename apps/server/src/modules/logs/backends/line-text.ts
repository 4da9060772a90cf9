/**
 * Helpers every kind shares: level names normalised to the contract's levels, the word matcher of the
 * kinds that filter lines themselves (file, kubernetes), and the JSON fields of a line. No user text is
 * ever compiled to a JavaScript regular expression here: a hostile one could stall the server.
 */
import type { LogLineLevel } from '@mc/contracts';

/** Longest line kept; longer lines are cut (and marked) so one huge line cannot fill a page. */
export const MAX_LINE_CHARS = 16_384;

const ALIASES: Readonly<Record<string, LogLineLevel>> = {
  trace: 'trace',
  debug: 'debug',
  dbg: 'debug',
  info: 'info',
  information: 'info',
  notice: 'info',
  warn: 'warn',
  warning: 'warn',
  error: 'error',
  err: 'error',
  fatal: 'error',
  critical: 'error',
  crit: 'error',
  panic: 'error',
  emerg: 'error',
  alert: 'error',
};

/** A level name (any case, common aliases, syslog/pino numbers) as a contract level, or null. */
export function normaliseLevel(value: unknown): LogLineLevel | null {
  if (typeof value === 'number') {
    if (value >= 50) return 'error';
    if (value >= 40) return 'warn';
    if (value >= 30) return 'info';
    if (value >= 20) return 'debug';
    return 'trace';
  }
  if (typeof value !== 'string') return null;
  return ALIASES[value.trim().toLowerCase()] ?? null;
}

/** True when `level` passes a level filter (an empty filter passes everything). */
export function levelWanted(level: LogLineLevel | null, levels: readonly LogLineLevel[]): boolean {
  return levels.length === 0 || (level !== null && levels.includes(level));
}

/** The words of a query text (lower case); a line matches when it contains every one. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().split(/\s+/).filter(Boolean);
}

/** True when `line` holds every word. */
export function matchesWords(line: string, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const lower = line.toLowerCase();
  return words.every((word) => lower.includes(word));
}

/** Cuts an over-long line. */
export function clipLine(line: string): string {
  return line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}… [cut]` : line;
}

/** The object a JSON line holds, or undefined when the line is not a JSON object. */
export function jsonFieldsOf(line: string): Record<string, unknown> | undefined {
  const trimmed = line.trim();
  if (!trimmed.startsWith('{') || !trimmed.endsWith('}')) return undefined;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>) // a JSON object
      : undefined;
  } catch {
    return undefined;
  }
}

/** Every label of `wanted` has the same value in `labels`. */
export function labelsMatch(labels: Readonly<Record<string, string>>, wanted: Readonly<Record<string, string>>) {
  return Object.entries(wanted).every(([key, value]) => labels[key] === value);
}
