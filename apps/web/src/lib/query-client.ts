import { STALE_TIMES } from '@mc/contracts';
import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api/api-error';
import { toastError } from './toast';

/** Stale times of 000 §9, the only place queries take them from. */
export const staleTimes = STALE_TIMES;

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { silent?: boolean };
  }
}

/**
 * The console's query client: lookups stay fresh for 5 minutes, a 4xx is not retried, and every
 * failed mutation toasts the server's message unless it opts out with `meta.silent` (000 §8).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: staleTimes.default,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
    },
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silent) toastError(error);
      },
    }),
  });
}
