import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useFilterParam } from './use-filter-param';

function at(path: string) {
  let router: ReturnType<typeof createMemoryRouter> | undefined;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '*', element: children }], { initialEntries: [path] });
    return <RouterProvider router={router} />;
  };
  return { wrapper, search: () => decodeURIComponent(router?.state.location.search ?? '') };
}

describe('useFilterParam', () => {
  it('reads and writes value:state and returns to the first page', () => {
    const url = at('/health?pageIndex=4&status=healthy:1');
    const { result } = renderHook(() => useFilterParam('status'), { wrapper: url.wrapper });
    expect(result.current[0]).toEqual({ healthy: 1 });
    act(() => result.current[1]({ healthy: 1, 'a,b': -1 }));
    expect(url.search()).toBe('?status=healthy:1,a||||b:-1');
    act(() => result.current[1]({}));
    expect(url.search()).toBe('');
  });

  it('keeps labels as JSON and ignores a label URL that fails to parse', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const url = at('/health?labels=%7Bbroken');
    const { result } = renderHook(() => useFilterParam('labels', { labels: true }), { wrapper: url.wrapper });
    expect(result.current[0]).toEqual({});
    act(() => result.current[1]({ 'app=web': 1 }));
    expect(url.search()).toBe('?labels={"app=web":1}');
  });
});
