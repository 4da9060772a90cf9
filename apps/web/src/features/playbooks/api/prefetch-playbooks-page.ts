import type { QueryClient } from '@tanstack/react-query';
import { playbooksListQuery } from './playbooks';

/** Asks for the playbooks list with who-am-I (app/shell-prefetch.ts); the page has no filters in the address. */
export function prefetchPageData(client: QueryClient): void {
  void client.prefetchQuery(playbooksListQuery());
}
