import { useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { sessionQuery } from './api/shell-queries';
import { readStored, useStoredString, writeStored } from './storage';

/** The choices of the preferences menu's Theme item (beyond the spec; docs/web.md). */
export const THEME_CHOICES = ['light', 'dark', 'system'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
/** What is painted: 'system' resolves to one of these through prefers-color-scheme. */
export type AppliedTheme = 'light' | 'dark';

/** A new person follows the operating system until they choose. */
export const DEFAULT_THEME_CHOICE: ThemeChoice = 'system';

/**
 * The last choice applied in this browser, whoever made it. index.html's inline script reads this
 * key (keep the two in step) to paint the right theme before the console's code loads, so a dark
 * theme never flashes white on a reload.
 */
export const LAST_THEME_KEY = 'mc-theme-last';

/** Each person's own choice: several people sharing a browser keep their own theme. */
export function themeKey(userId: string): string {
  return `mc-theme:${userId}`;
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Narrows a stored string to a choice; anything else (absent, edited by hand) is the default. */
export function parseThemeChoice(value: string | undefined | null): ThemeChoice {
  return (THEME_CHOICES as readonly string[]).includes(value ?? '') ? (value as ThemeChoice) : DEFAULT_THEME_CHOICE; // checked just before
}

/** The painted theme for a choice, given whether the system prefers dark. */
export function resolveTheme(choice: ThemeChoice, systemPrefersDark: boolean): AppliedTheme {
  if (choice === 'system') return systemPrefersDark ? 'dark' : 'light';
  return choice;
}

function subscribeToSystem(callback: () => void): () => void {
  const media = window.matchMedia?.(DARK_QUERY);
  if (!media) return () => undefined;
  media.addEventListener('change', callback);
  return () => media.removeEventListener('change', callback);
}

function systemPrefersDark(): boolean {
  return window.matchMedia?.(DARK_QUERY).matches ?? false;
}

/** Whether the operating system asks for dark, followed live (a change re-renders). */
export function useSystemPrefersDark(): boolean {
  return useSyncExternalStore(subscribeToSystem, systemPrefersDark, () => false);
}

function subscribeToPainted(callback: () => void): () => void {
  const observer = new MutationObserver(callback);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

function paintedTheme(): AppliedTheme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

/**
 * The theme on the page now, for pieces drawn outside CSS (toasts, chart canvases): it reads
 * `data-theme`, so it needs no session or query cache and follows every switch.
 */
export function usePaintedTheme(): AppliedTheme {
  return useSyncExternalStore(subscribeToPainted, paintedTheme, () => 'light');
}

/** Paints a theme: `data-theme` on <html> switches every token (index.css). */
export function applyTheme(theme: AppliedTheme): void {
  const root = document.documentElement;
  if (root.dataset.theme !== theme) root.dataset.theme = theme;
}

/**
 * The signed-in person's theme choice and its setter. Before anyone is signed in (sign-in pages) the
 * browser's last choice stands in, read-only in effect since those pages have no preferences menu.
 */
export function useThemeChoice(): [ThemeChoice, (choice: ThemeChoice) => void] {
  // Observes the session other parts of the console load; never fetches it itself (the sign-in pages
  // must not ask whoami and be sent to sign in).
  const { data: session } = useQuery({ ...sessionQuery, enabled: false });
  const userId = session?.user.id;
  const [raw, set] = useStoredString(userId ? themeKey(userId) : LAST_THEME_KEY, DEFAULT_THEME_CHOICE);
  return [parseThemeChoice(raw), set];
}

/** The theme being painted for the current person, following the system live under 'system'. */
function useAppliedTheme(): AppliedTheme {
  const [choice] = useThemeChoice();
  return resolveTheme(choice, useSystemPrefersDark());
}

/**
 * Keeps <html data-theme> on the current person's choice, following the system live when that is
 * 'system', and records the choice as the browser's last one for the next page load's first paint.
 */
export function ThemeSync(): null {
  const [choice] = useThemeChoice();
  const theme = useAppliedTheme();
  useEffect(() => {
    applyTheme(theme);
    if (readStored(LAST_THEME_KEY) !== choice) writeStored(LAST_THEME_KEY, choice);
  }, [theme, choice]);
  return null;
}
