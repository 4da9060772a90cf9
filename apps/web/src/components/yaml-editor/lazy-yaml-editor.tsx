import { type ComponentProps, lazy, Suspense } from 'react';

const Editor = lazy(() => import('./yaml-editor').then((module) => ({ default: module.YamlEditor })));

/**
 * The YAML editor, loaded with its first use: CodeMirror is most of the resource editor's weight and
 * only the Code tab and read-only views need it. Until it arrives, a box of the editor's size says so.
 */
export function YamlEditor(props: ComponentProps<typeof Editor>) {
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
