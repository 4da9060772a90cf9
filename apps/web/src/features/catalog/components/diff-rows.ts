import { parsePatch } from 'diff';

/** Most diff lines drawn; a larger diff says how many more it holds. */
export const MAX_DIFF_LINES = 5000;

/** One line of a unified diff with its line numbers in the old and new document. */
export interface UnifiedLine {
  kind: 'context' | 'removed' | 'added' | 'hunk';
  text: string;
  oldNumber?: number;
  newNumber?: number;
}

/** One side of a side-by-side row. */
export interface SideCell {
  number: number;
  text: string;
  kind: 'context' | 'removed' | 'added';
}

/** A row of the side-by-side view: the old line on the left, the new on the right (either may be absent). */
export interface SideRow {
  hunk?: string;
  left?: SideCell;
  right?: SideCell;
}

/** The unified diff's lines with numbers; a text that does not parse as a diff gives no lines. */
export function unifiedLines(diffText: string): UnifiedLine[] {
  let patches: ReturnType<typeof parsePatch>;
  try {
    patches = parsePatch(diffText);
  } catch {
    return [];
  }
  const lines: UnifiedLine[] = [];
  for (const patch of patches) {
    for (const hunk of patch.hunks) {
      lines.push({
        kind: 'hunk',
        text: `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`,
      });
      let oldNumber = hunk.oldStart;
      let newNumber = hunk.newStart;
      for (const line of hunk.lines) {
        const mark = line[0];
        const text = line.slice(1);
        if (mark === '-') lines.push({ kind: 'removed', text, oldNumber: oldNumber++ });
        else if (mark === '+') lines.push({ kind: 'added', text, newNumber: newNumber++ });
        else if (mark === ' ') lines.push({ kind: 'context', text, oldNumber: oldNumber++, newNumber: newNumber++ });
      }
    }
  }
  return lines;
}

/**
 * Pairs the unified lines into side-by-side rows: context on both sides, and each run of removed
 * lines beside the run of added lines that follows it.
 */
export function sideBySideRows(lines: readonly UnifiedLine[]): SideRow[] {
  const rows: SideRow[] = [];
  let removed: SideCell[] = [];
  let added: SideCell[] = [];
  const flush = () => {
    const count = Math.max(removed.length, added.length);
    for (let index = 0; index < count; index++) rows.push({ left: removed[index], right: added[index] });
    removed = [];
    added = [];
  };
  for (const line of lines) {
    if (line.kind === 'removed') {
      if (added.length) flush();
      removed.push({ number: line.oldNumber ?? 0, text: line.text, kind: 'removed' });
    } else if (line.kind === 'added') {
      added.push({ number: line.newNumber ?? 0, text: line.text, kind: 'added' });
    } else {
      flush();
      if (line.kind === 'hunk') rows.push({ hunk: line.text });
      else {
        rows.push({
          left: { number: line.oldNumber ?? 0, text: line.text, kind: 'context' },
          right: { number: line.newNumber ?? 0, text: line.text, kind: 'context' },
        });
      }
    }
  }
  flush();
  return rows;
}
