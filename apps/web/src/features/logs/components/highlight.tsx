import type { ReactNode } from 'react';

/** The words of a query worth marking in lines: `|= "…"` filters of LogQL, else the plain words. */
export function highlightTerms(text: string): string[] {
  const trimmed = text.trim();
  if (!trimmed || (trimmed.startsWith('/') && trimmed.endsWith('/'))) return [];
  if (trimmed.startsWith('{')) {
    return [...trimmed.matchAll(/\|=\s*"((?:[^"\\]|\\.)*)"/g)].map((match) => match[1] ?? '').filter(Boolean);
  }
  return trimmed
    .split(/\s+/)
    .map((word) => word.replace(/^[a-z_.@]+:/i, '').replace(/["()]/g, ''))
    .filter((word) => word.length > 0 && !['AND', 'OR', 'NOT'].includes(word));
}

/** `text` with every occurrence of the terms (case-insensitive) in a <mark>. */
export function Highlighted({ text, terms }: { text: string; terms: readonly string[] }): ReactNode {
  if (terms.length === 0) return text;
  const lower = text.toLowerCase();
  const parts: ReactNode[] = [];
  let at = 0;
  while (at < text.length) {
    let next = -1;
    let length = 0;
    for (const term of terms) {
      const found = lower.indexOf(term.toLowerCase(), at);
      if (found >= 0 && (next < 0 || found < next)) {
        next = found;
        length = term.length;
      }
    }
    if (next < 0) break;
    if (next > at) parts.push(text.slice(at, next));
    parts.push(
      <mark key={next} className="rounded bg-status-warning-soft text-fg">
        {text.slice(next, next + length)}
      </mark>,
    );
    at = next + length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}
