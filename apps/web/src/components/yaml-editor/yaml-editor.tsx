import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { yaml } from '@codemirror/lang-yaml';
import { syntaxHighlighting } from '@codemirror/language';
import { EditorState, type Extension, RangeSetBuilder, StateEffect, StateField } from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import type { SpecIssue } from './spec-issue';
import { syntaxStyle } from './syntax-style';

const setIssueLines = StateEffect.define<number[]>();
const issueLine = Decoration.line({
  attributes: { class: 'cm-issue-line', style: 'background: var(--color-status-unhealthy-soft)' },
});

/** The editor's frame in the design tokens, so it follows the light and dark themes. */
const tokenTheme = EditorView.theme({
  '&': { color: 'var(--color-fg)', backgroundColor: 'var(--color-surface)' },
  '.cm-gutters': {
    color: 'var(--color-fg-subtle)',
    backgroundColor: 'var(--color-surface-muted)',
    borderRight: '1px solid var(--color-border)',
  },
  '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: 'var(--color-surface-hover)' },
  '.cm-cursor': { borderLeftColor: 'var(--color-fg)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground': { backgroundColor: 'var(--color-primary-soft)' },
});

/** Marks the lines that have an issue; replaced whenever the issues change. */
const issueLines = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(decorations, transaction) {
    let next = decorations.map(transaction.changes);
    for (const effect of transaction.effects) {
      if (!effect.is(setIssueLines)) continue;
      const builder = new RangeSetBuilder<Decoration>();
      const doc = transaction.state.doc;
      for (const line of [...new Set(effect.value)].sort((a, b) => a - b)) {
        if (line >= 1 && line <= doc.lines) builder.add(doc.line(line).from, doc.line(line).from, issueLine);
      }
      next = builder.finish();
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

/**
 * A YAML editor (CodeMirror 6): line numbers, YAML highlighting, undo/redo and the editing keys, and the
 * server's issues marked on their lines and listed below as 'line L, column C: message'.
 */
export function YamlEditor({
  value,
  onChange,
  issues = [],
  label,
  readOnly = false,
  onBlur,
  extensions: extra = [],
}: {
  value: string;
  onChange?: (value: string) => void;
  issues?: readonly SpecIssue[];
  label: string;
  readOnly?: boolean;
  onBlur?: () => void;
  /** More CodeMirror extensions (the values editor's schema completion); read when the editor is built. */
  extensions?: readonly Extension[];
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const handlers = useRef({ onChange, onBlur });
  handlers.current = { onChange, onBlur };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor is built once; later values are pushed by the effect below
  useEffect(() => {
    if (!host.current) return;
    const extensions: Extension[] = [
      lineNumbers(),
      highlightActiveLine(),
      history(),
      keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
      yaml(),
      syntaxHighlighting(syntaxStyle),
      tokenTheme,
      issueLines,
      EditorView.lineWrapping,
      EditorState.readOnly.of(readOnly),
      EditorView.editable.of(!readOnly),
      EditorView.contentAttributes.of({ 'aria-label': label }),
      ...extra,
      EditorView.updateListener.of((update) => {
        if (update.docChanged) handlers.current.onChange?.(update.state.doc.toString());
        if (update.focusChanged && !update.view.hasFocus) handlers.current.onBlur?.();
      }),
    ];
    const editor = new EditorView({ parent: host.current, state: EditorState.create({ doc: value, extensions }) });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, [readOnly, label]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const current = editor.state.doc.toString();
    if (current !== value) editor.dispatch({ changes: { from: 0, to: current.length, insert: value } });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({ effects: setIssueLines.of(issues.map((issue) => issue.line)) });
  }, [issues]);

  return (
    <div className="flex flex-col gap-1">
      <div
        ref={host}
        data-testid={`yaml-editor-${label}`}
        className="min-h-40 overflow-auto rounded border border-border-strong bg-surface text-sm"
      />
      {issues.length > 0 ? (
        <ul aria-label={`${label} problems`} className="flex flex-col gap-0.5 text-xs text-status-unhealthy">
          {issues.map((issue) => (
            <li key={`${issue.line}:${issue.column}:${issue.path}:${issue.message}`}>
              line {issue.line}, column {issue.column}: {issue.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
