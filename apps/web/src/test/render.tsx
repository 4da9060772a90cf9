import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../app/routes';
import { createQueryClient } from '../lib/query-client';

/**
 * react-dom's flushSync, as the app's RouterProvider of react-router/dom passes it: router updates asked
 * to be flushed with their event (preferences' showHiddenComponents) are, as in the browser.
 */
export const routerFlushSync = (fn: () => unknown): undefined => {
  flushSync(fn);
};

/** Renders the real routing table at a path, as the browser would, with a fresh query cache (or `client`). */
export function renderApp(path: string, client = createQueryClient()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} flushSync={routerFlushSync} />
    </QueryClientProvider>,
  );
  return { ...view, router, client };
}

/** Renders one element inside a router at a path (for components that read or write the URL). */
export function renderAt(element: ReactElement, path = '/') {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  const client = createQueryClient();
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} flushSync={routerFlushSync} />
    </QueryClientProvider>,
  );
  return { ...view, router, client };
}
