import type { Property } from '@mc/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';
import { propertyKeys } from './keys';

/** Every live property with who set it and when (GET /api/properties), always fetched fresh. */
export function useProperties() {
  return useQuery({
    queryKey: propertyKeys.list(),
    queryFn: ({ signal }) => apiGet<Property[]>('/api/properties', { signal }),
    staleTime: 0,
  });
}
