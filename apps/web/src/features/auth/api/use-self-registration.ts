import { useQuery } from '@tanstack/react-query';
import { aboutQuery } from '../../../lib/api/shell-queries';

/**
 * Whether people may register without an invitation (`selfRegistration` of GET /api/about). False
 * until the server says so, so a closed deployment never shows a registration link that fails.
 */
export function useSelfRegistration(): boolean {
  const { data } = useQuery(aboutQuery);
  return data?.selfRegistration === true;
}
