import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { usesCommandKey } from './console-commands';

/** One shortcut as the help lists it: the keys, and what they do. */
export interface Shortcut {
  keys: string[];
  does: string;
}

/** Every shortcut the console answers, in the order the Keyboard shortcuts dialog lists them. */
export function consoleShortcuts(commandKey = usesCommandKey() ? '⌘' : 'Ctrl'): Shortcut[] {
  return [
    {
      keys: [commandKey, 'K'],
      does: 'Open the command palette: jump to a page, check, incident or connection, or run an action',
    },
    { keys: ['?'], does: 'Show these keyboard shortcuts' },
    { keys: ['↑', '↓'], does: 'Move through the palette’s results and through menus' },
    { keys: ['Enter'], does: 'Open the highlighted result or run the highlighted action' },
    { keys: ['Esc'], does: 'Clear the palette’s text, then close the palette, a dialog, a menu or a check' },
    { keys: ['Tab'], does: 'Move to the next control (Shift+Tab: the previous one)' },
  ];
}

/** The Keyboard shortcuts dialog of the help menu (and the ? key). */
export function KeyboardShortcutsDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable
      className="fixed inset-0 z-50 flex items-start justify-center bg-black/40 pt-[12vh]"
    >
      <Modal className="w-full max-w-lg rounded-lg border border-border bg-surface-raised text-fg shadow-xl">
        <Dialog className="flex flex-col gap-3 p-4 outline-none">
          <Heading slot="title" className="text-base font-semibold">
            Keyboard shortcuts
          </Heading>
          <table className="w-full text-sm">
            <tbody>
              {consoleShortcuts().map((shortcut) => (
                <tr key={shortcut.does} className="border-t border-border-muted">
                  <td className="whitespace-nowrap py-2 pr-4 align-top">
                    {shortcut.keys.map((key) => (
                      <kbd
                        key={key}
                        className="mr-1 inline-block min-w-6 rounded border border-border-strong bg-surface-muted px-1.5 text-center font-mono text-xs"
                      >
                        {key}
                      </kbd>
                    ))}
                  </td>
                  <td className="py-2 text-fg-muted">{shortcut.does}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="flex justify-end">
            <button
              type="button"
              onClick={() => onOpenChange(false)}
              className="h-8 rounded border border-border-strong px-3 text-sm hover:bg-surface-hover"
            >
              Close
            </button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
