import { EditorView } from '@codemirror/view';
import { act, screen } from '@testing-library/react';

/** Replaces the text of the YAML editor labelled `label`, as typing would. */
export async function setEditorText(label: string, text: string): Promise<void> {
  const content = await screen.findByRole('textbox', { name: label });
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error(`no editor labelled ${label}`);
  act(() => {
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
  });
}

/** The text of the YAML editor labelled `label`. */
export async function editorText(label: string): Promise<string> {
  const content = await screen.findByRole('textbox', { name: label });
  return EditorView.findFromDOM(content)?.state.doc.toString() ?? '';
}

/** The JSON body a fake-API call was sent with. */
export function bodyOf(init: RequestInit | undefined): Record<string, unknown> {
  return JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>; // the client sends JSON bodies
}
