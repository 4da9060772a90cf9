import { act, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { routerFlushSync } from '../test/render';
import {
  clampCardWidth,
  useCardWidth,
  useDatetimeFormat,
  useDisplayTimezone,
  useShowDeletedConfigs,
  useShowHiddenComponents,
} from './preferences';

/** The preferences menu's checkbox, bound to the URL parameter. */
function ShowHiddenCheckbox() {
  const [shown, setShown] = useShowHiddenComponents();
  return (
    <label>
      Show hidden components
      <input type="checkbox" checked={shown} onChange={(event) => setShown(event.target.checked)} />
    </label>
  );
}

describe('stored preferences', () => {
  it('defaults to timestamp, Browser, 554px and no deleted configs', () => {
    expect(renderHook(() => useDatetimeFormat()).result.current[0]).toBe('timestamp');
    expect(renderHook(() => useDisplayTimezone()).result.current[0]).toBe('Browser');
    expect(renderHook(() => useCardWidth()).result.current[0]).toBe(554);
    expect(renderHook(() => useShowDeletedConfigs()).result.current[0]).toBe(false);
  });

  it('persists under the keys of 001 §9', () => {
    const format = renderHook(() => useDatetimeFormat()).result;
    const zone = renderHook(() => useDisplayTimezone()).result;
    const width = renderHook(() => useCardWidth()).result;
    const deleted = renderHook(() => useShowDeletedConfigs()).result;
    act(() => format.current[1]('full'));
    act(() => zone.current[1]('Europe/Paris'));
    act(() => width.current[1](601));
    act(() => deleted.current[1](true));
    expect(localStorage.getItem('datetime_preference')).toBe('full');
    expect(localStorage.getItem('display_timezone_preference')).toBe('Europe/Paris');
    expect(localStorage.getItem('topology_card_width')).toBe('602px');
    expect(localStorage.getItem('show_deleted_items_preference')).toBe('yes');
  });

  it('shares a change live with other readers', () => {
    const reader = renderHook(() => useDatetimeFormat());
    const writer = renderHook(() => useDatetimeFormat()).result;
    act(() => writer.current[1]('medium'));
    expect(reader.result.current[0]).toBe('medium');
  });

  it('clamps the card width to 250–768 in steps of 2', () => {
    expect(clampCardWidth(100)).toBe(250);
    expect(clampCardWidth(10_000)).toBe(768);
    expect(clampCardWidth(555)).toBe(556);
    expect(clampCardWidth(Number.NaN)).toBe(554);
  });
});

describe('show hidden components', () => {
  function wrapperAt(path: string) {
    let router: ReturnType<typeof createMemoryRouter> | undefined;
    const wrapper = ({ children }: { children: ReactNode }) => {
      router ??= createMemoryRouter([{ path: '*', element: children }], { initialEntries: [path] });
      return <RouterProvider router={router} flushSync={routerFlushSync} />;
    };
    return { wrapper, location: () => router?.state.location };
  }

  it('is shown unless the URL says no, and writes yes or no', () => {
    const shown = wrapperAt('/topology');
    const { result } = renderHook(() => useShowHiddenComponents(), { wrapper: shown.wrapper });
    expect(result.current[0]).toBe(true);
    act(() => result.current[1](false));
    expect(shown.location()?.search).toBe('?showHiddenComponents=no');
    expect(result.current[0]).toBe(false);
    act(() => result.current[1](true));
    expect(shown.location()?.search).toBe('?showHiddenComponents=yes');
  });

  describe('a checkbox bound to it, clicked as a person does (outside act)', () => {
    const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    afterEach(() => {
      scope.IS_REACT_ACT_ENVIRONMENT = true;
    });

    // A router navigation commits in a transition by default, and React puts a controlled checkbox back
    // to its old value after the click until that transition commits: on a busy page (topology) the box
    // read as still checked after the click. The write is flushed with the click instead.
    it('shows the new value as soon as the click has been handled', async () => {
      const router = createMemoryRouter([{ path: '*', element: <ShowHiddenCheckbox /> }], {
        initialEntries: ['/topology'],
      });
      render(<RouterProvider router={router} flushSync={routerFlushSync} />);
      const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Show hidden components' });
      expect(box.checked).toBe(true);
      scope.IS_REACT_ACT_ENVIRONMENT = false;
      box.click();
      for (let tick = 0; tick < 5; tick++) await Promise.resolve();
      expect(box.checked).toBe(false);
      expect(router.state.location.search).toBe('?showHiddenComponents=no');
    });
  });
});
