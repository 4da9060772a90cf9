import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import indexHtml from '../../index.html?raw';
import { ThemeChoice } from '../components/page-shell/theme-choice';
import { adminSession, viewerSession } from '../test/fake-api';
import { sessionQuery } from './api/shell-queries';
import type { Session } from './permissions';
import { createQueryClient } from './query-client';
import { LAST_THEME_KEY, parseThemeChoice, resolveTheme, ThemeSync, themeKey } from './theme';

/** A stand-in for the browser's prefers-color-scheme query whose answer a test can flip. */
function fakeSystemTheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    matches: dark,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: () => media });
  return {
    set(next: boolean) {
      media.matches = next;
      for (const listener of listeners) listener();
    },
  };
}

function renderTheme(session?: Session, withChoice = false) {
  const client = createQueryClient();
  if (session) client.setQueryData(sessionQuery.queryKey, session);
  return render(
    <QueryClientProvider client={client}>
      <ThemeSync />
      {withChoice ? <ThemeChoice /> : null}
    </QueryClientProvider>,
  );
}

const painted = () => document.documentElement.dataset.theme;

afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia');
  delete document.documentElement.dataset.theme;
});

describe('theme', () => {
  it('resolves System through the operating system and keeps Light and Dark as chosen', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme('light', true)).toBe('light');
    expect(parseThemeChoice('dark')).toBe('dark');
    expect(parseThemeChoice('purple')).toBe('system');
    expect(parseThemeChoice(undefined)).toBe('system');
  });

  it('follows the system live while the choice is System', () => {
    const system = fakeSystemTheme(false);
    renderTheme(adminSession);
    expect(painted()).toBe('light');
    act(() => system.set(true));
    expect(painted()).toBe('dark');
    act(() => system.set(false));
    expect(painted()).toBe('light');
  });

  it('keeps each person’s own choice and remembers the last one for the next first paint', () => {
    fakeSystemTheme(false);
    localStorage.setItem(themeKey(adminSession.user.id), 'dark');
    const first = renderTheme(adminSession);
    expect(painted()).toBe('dark');
    expect(localStorage.getItem(LAST_THEME_KEY)).toBe('dark');
    first.unmount();
    renderTheme(viewerSession);
    expect(painted()).toBe('light');
    expect(localStorage.getItem(LAST_THEME_KEY)).toBe('system');
  });

  it('applies the browser’s last choice before anyone signs in', () => {
    fakeSystemTheme(false);
    localStorage.setItem(LAST_THEME_KEY, 'dark');
    renderTheme();
    expect(painted()).toBe('dark');
  });

  it('is chosen in the preferences menu’s Theme item and stored for the signed-in person', async () => {
    fakeSystemTheme(false);
    renderTheme(adminSession, true);
    expect(screen.getByRole('radio', { name: 'System' })).toHaveProperty('checked', true);
    await userEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(localStorage.getItem(themeKey(adminSession.user.id))).toBe('dark');
    expect(painted()).toBe('dark');
    await userEvent.click(screen.getByRole('radio', { name: 'Light' }));
    expect(painted()).toBe('light');
    expect(localStorage.getItem(themeKey(viewerSession.user.id))).toBeNull();
  });

  it('paints the last theme from index.html before the console loads, with the same key', () => {
    // an inline classic script in the head: it runs before the first paint, with no request to wait for (the
    // server's CSP allows the page's inline scripts by their hash)
    const head = /<head>([\s\S]*)<\/head>/.exec(indexHtml)?.[1] ?? '';
    const script = /<script>([\s\S]*?)<\/script>/.exec(head)?.[1] ?? '';
    expect(script).toContain(`'${LAST_THEME_KEY}'`);
    const run = () => new Function(script)();
    fakeSystemTheme(true);
    run();
    expect(painted()).toBe('dark');
    localStorage.setItem(LAST_THEME_KEY, 'light');
    run();
    expect(painted()).toBe('light');
    localStorage.setItem(LAST_THEME_KEY, 'dark');
    fakeSystemTheme(false);
    run();
    expect(painted()).toBe('dark');
  });
});
