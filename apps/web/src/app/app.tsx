import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '../lib/query-client';
import { Providers } from './providers';
import { createAppRouter } from './router';
import { prefetchShell } from './shell-prefetch';

/** The console: providers around the data router; the shell's own calls start at once. */
export function App() {
  const [client] = useState(() => {
    const created = createQueryClient();
    prefetchShell(created, window.location.pathname, window.location.search);
    return created;
  });
  const [router] = useState(createAppRouter);
  return (
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>
  );
}
