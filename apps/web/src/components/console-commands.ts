import { useEffect } from 'react';

/** Console-wide overlays any screen may open: the command palette and the keyboard shortcuts list. */
export type ConsoleCommand = 'command-palette' | 'keyboard-shortcuts';

const EVENT = 'mc:console-command';

/**
 * Asks the layout to open an overlay. The help menu, buttons and key presses all go through here,
 * so the overlays live once in the layout instead of inside each page's header.
 */
export function openConsoleCommand(command: ConsoleCommand): void {
  window.dispatchEvent(new CustomEvent<ConsoleCommand>(EVENT, { detail: command }));
}

/** Runs `handler` whenever something asks for `command`. */
export function useConsoleCommand(command: ConsoleCommand, handler: () => void): void {
  useEffect(() => {
    const listener = (event: Event) => {
      if (event instanceof CustomEvent && event.detail === command) handler();
    };
    window.addEventListener(EVENT, listener);
    return () => window.removeEventListener(EVENT, listener);
  }, [command, handler]);
}

/** Whether the platform writes the command key as ⌘ (Apple) rather than Ctrl. */
export function usesCommandKey(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}
