import { useCallback, useEffect, useState } from 'react';
import { useConsoleCommand } from '../../components/console-commands';
import { KeyboardShortcutsDialog } from '../../components/keyboard-shortcuts';
import { CommandPalette } from './command-palette';

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
    <>
      <CommandPalette isOpen={palette} onOpenChange={setPalette} onShortcuts={openShortcuts} />
      <KeyboardShortcutsDialog isOpen={shortcuts} onOpenChange={setShortcuts} />
    </>
  );
}
