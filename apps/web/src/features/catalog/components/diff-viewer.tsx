import { clsx } from 'clsx';
import { useMemo, useState } from 'react';
import { Tabs } from '../../../components/tabs';
import { MAX_DIFF_LINES, sideBySideRows, type UnifiedLine, unifiedLines } from './diff-rows';
import { displayLine } from './safe-text';

type View = 'Side by side' | 'Unified';
const VIEWS: readonly View[] = ['Side by side', 'Unified'];

const LINE_CLASS = {
  context: 'text-fg',
  removed: 'bg-status-unhealthy-soft text-status-unhealthy',
  added: 'bg-status-healthy-soft text-status-healthy',
  hunk: 'bg-primary-soft text-link',
} as const;

const MARK = { context: ' ', removed: '-', added: '+', hunk: '' } as const;

function LineNumber({ value }: { value?: number }) {
  return <td className="w-12 select-none px-2 text-right text-fg-subtle">{value ?? ''}</td>;
}

function UnifiedTable({ lines }: { lines: readonly UnifiedLine[] }) {
  return (
    <table className="w-full border-collapse font-mono text-xs" aria-label="Unified diff">
      <tbody>
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: diff lines have no identity but their place
          <tr key={index} className={LINE_CLASS[line.kind]} data-kind={line.kind}>
            <LineNumber value={line.oldNumber} />
            <LineNumber value={line.newNumber} />
            <td className="whitespace-pre-wrap break-all px-2">
              {MARK[line.kind]}
              {displayLine(line.text)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function SideTable({ lines }: { lines: readonly UnifiedLine[] }) {
  const rows = useMemo(() => sideBySideRows(lines), [lines]);
  return (
    <table className="w-full table-fixed border-collapse font-mono text-xs" aria-label="Side-by-side diff">
      <colgroup>
        <col className="w-12" />
        <col />
        <col className="w-12" />
        <col />
      </colgroup>
      <thead>
        <tr className="text-left text-fg-muted">
          <th scope="col" colSpan={2} className="px-2 py-1 font-sans font-medium">
            Before
          </th>
          <th scope="col" colSpan={2} className="px-2 py-1 font-sans font-medium">
            After
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) =>
          row.hunk ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: diff rows have no identity but their place
            <tr key={index} className={LINE_CLASS.hunk}>
              <td colSpan={4} className="px-2">
                {row.hunk}
              </td>
            </tr>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: diff rows have no identity but their place
            <tr key={index}>
              <LineNumber value={row.left?.number} />
              <td
                data-kind={row.left?.kind ?? 'empty'}
                className={clsx(
                  'whitespace-pre-wrap break-all px-2',
                  row.left ? LINE_CLASS[row.left.kind] : 'bg-surface-muted',
                )}
              >
                {row.left ? displayLine(row.left.text) : ''}
              </td>
              <LineNumber value={row.right?.number} />
              <td
                data-kind={row.right?.kind ?? 'empty'}
                className={clsx(
                  'whitespace-pre-wrap break-all px-2',
                  row.right ? LINE_CLASS[row.right.kind] : 'bg-surface-muted',
                )}
              >
                {row.right ? displayLine(row.right.text) : ''}
              </td>
            </tr>
          ),
        )}
      </tbody>
    </table>
  );
}

/**
 * A change's stored unified diff shown side by side (before | after) or unified, switched by tabs.
 * At most 5,000 lines are drawn, each cut at 2,000 characters, so any diff keeps the page usable.
 */
export function DiffViewer({ diff }: { diff: string }) {
  const [view, setView] = useState<View>('Side by side');
  const all = useMemo(() => unifiedLines(diff), [diff]);
  const lines = all.length > MAX_DIFF_LINES ? all.slice(0, MAX_DIFF_LINES) : all;
  if (all.length === 0) {
    return (
      <pre className="max-h-96 overflow-auto whitespace-pre-wrap rounded border border-border p-2 text-xs">
        {displayLine(diff, 20_000)}
      </pre>
    );
  }
  return (
    <div className="flex min-h-0 flex-col gap-2">
      <Tabs label="Diff view" tabs={VIEWS} active={view} onChange={setView} />
      <div className="max-h-[60vh] overflow-auto rounded border border-border">
        {view === 'Unified' ? <UnifiedTable lines={lines} /> : <SideTable lines={lines} />}
      </div>
      {all.length > lines.length ? (
        <p className="text-xs text-fg-muted">
          Showing the first {MAX_DIFF_LINES.toLocaleString()} of {all.length.toLocaleString()} lines.
        </p>
      ) : null}
    </div>
  );
}
