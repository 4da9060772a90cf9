import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useConsoleCommand } from '../../components/console-commands';

// Both overlays are React Aria dialogs the first screen does not show: they load when first opened.
const CommandPalette = lazy(() => import('./command-palette').then((module) => ({ default: module.CommandPalette })));
const KeyboardShortcutsDialog = lazy(() =>
  import('../../components/keyboard-shortcuts').then((module) => ({ default: module.KeyboardShortcutsDialog })),
);

/** Whether a key press happened while typing, where '?' is a character and not a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The console's global keyboard shortcuts and the overlays they open, mounted once by the layout:
 * Ctrl/⌘-K toggles the command palette (also while typing, as other consoles do), '?' outside a
 * text field shows the keyboard shortcuts; the help menu opens either through console commands.
 */
export function PaletteHost() {
  const [palette, setPalette] = useState(false);
  const [shortcuts, setShortcuts] = useState(false);
  // mounted from their first opening on, so closing keeps React Aria's exit and focus handling
  const [paletteUsed, setPaletteUsed] = useState(false);
  const [shortcutsUsed, setShortcutsUsed] = useState(false);
  if (palette && !paletteUsed) setPaletteUsed(true);
  if (shortcuts && !shortcutsUsed) setShortcutsUsed(true);
  const openPalette = useCallback(() => setPalette(true), []);
  const openShortcuts = useCallback(() => setShortcuts(true), []);
  useConsoleCommand('command-palette', openPalette);
  useConsoleCommand('keyboard-shortcuts', openShortcuts);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setShortcuts(false);
        setPalette((open) => !open);
      } else if (event.key === '?' && !event.ctrlKey && !event.metaKey && !isTyping(event.target)) {
        event.preventDefault();
        setShortcuts(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <Suspense fallback={null}>
      {paletteUsed ? <CommandPalette isOpen={palette} onOpenChange={setPalette} onShortcuts={openShortcuts} /> : null}
      {shortcutsUsed ? <KeyboardShortcutsDialog isOpen={shortcuts} onOpenChange={setShortcuts} /> : null}
    </Suspense>
  );
}
