import { createBrowserRouter } from 'react-router';
import { routes } from './routes';

/** The browser's data router over the routing table. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
