import { useCallback, useMemo } from 'react';
import { decodeLabels, decodeSelection, encodeLabels, encodeSelection, type FilterSelection } from './filters';
import { useUrlParams } from './url-state';

/** Parameters a filter change resets: back to the first page (000 §5). */
export const FILTER_RESET_PARAMS = ['pageIndex'] as const;

/**
 * A multi-select filter kept in the URL as `value:state` items; changing it returns to the first
 * page. `labels` switches to the JSON label encoding.
 */
export function useFilterParam(
  key: string,
  { labels = false }: { labels?: boolean } = {},
): [FilterSelection, (selection: FilterSelection) => void] {
  const [params, update] = useUrlParams();
  const raw = params.get(key);
  const selection = useMemo(() => (labels ? decodeLabels(raw) : decodeSelection(raw)), [raw, labels]);
  const set = useCallback(
    (next: FilterSelection) =>
      update({ [key]: labels ? encodeLabels(next) : encodeSelection(next) || undefined }, FILTER_RESET_PARAMS),
    [key, labels, update],
  );
  return [selection, set];
}
