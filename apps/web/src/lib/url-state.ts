import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export { applyParamUpdates, isForbiddenKey, type ParamUpdates, parseQuery } from './query-params';

import { applyParamUpdates, type ParamUpdates } from './query-params';

/**
 * The URL as state (CONVENTIONS 13): reads the query and returns a setter that merges updates,
 * replacing the history entry so filters do not flood the back button.
 */
export function useUrlParams(): [URLSearchParams, (updates: ParamUpdates, reset?: readonly string[]) => void] {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (updates: ParamUpdates, reset: readonly string[] = []) =>
      setParams((current) => applyParamUpdates(current, updates, reset), { replace: true }),
    [setParams],
  );
  return [params, update];
}
