import type { QueryClient } from '@tanstack/react-query';
import { dashboardTopologyQuery } from '../components/topology-filters';
import { topologyQuery } from './get-topology';

/**
 * Asks for the cards /topology, the landing page, opens with — the same query and key as the page
 * (filters and the hidden-components choice from the address) — when the console boots on /topology,
 * in parallel with who-am-I (app/shell-prefetch.ts).
 */
export function prefetchPageData(client: QueryClient, search: string): void {
  void client.prefetchQuery(topologyQuery(dashboardTopologyQuery(new URLSearchParams(search))));
}
