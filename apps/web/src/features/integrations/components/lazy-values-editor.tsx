import { type ComponentProps, lazy, Suspense } from 'react';

const Editor = lazy(() => import('./values-editor').then((module) => ({ default: module.ValuesEditor })));

/** The values editor, loaded with its first use (CodeMirror and its completion are most of its weight). */
export function ValuesEditor(props: ComponentProps<typeof Editor>) {
  return (
    <Suspense
      fallback={
        <div
          className="min-h-40 rounded border border-border-strong bg-surface-muted p-3 text-sm text-fg-subtle"
          aria-busy="true"
        >
          Loading editor…
        </div>
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}
