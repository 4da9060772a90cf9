import { useCallback, useSyncExternalStore } from 'react';

export { readStored, readStoredJson, writeStored } from './stored-values';

import { type Area, CHANGE_EVENT, readStored, writeStored } from './stored-values';

function subscribe(callback: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, callback);
  window.addEventListener('storage', callback);
  return () => {
    window.removeEventListener(CHANGE_EVENT, callback);
    window.removeEventListener('storage', callback);
  };
}

/**
 * A string preference kept in browser storage and shared live between components and tabs.
 * Returns the value (or the default) and a setter.
 */
export function useStoredString(
  key: string,
  fallback: string,
  kind: Area = 'local',
): [string, (value: string | undefined) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => readStored(key, kind) ?? fallback,
    () => fallback,
  );
  const set = useCallback((next: string | undefined) => writeStored(key, next, kind), [key, kind]);
  return [value, set];
}
