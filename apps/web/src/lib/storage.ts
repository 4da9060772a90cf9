import { useCallback, useSyncExternalStore } from 'react';

type Area = 'local' | 'session';
const CHANGE_EVENT = 'mc-storage-change';

function area(kind: Area): Storage | undefined {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined; // storage can be blocked by the browser's privacy settings
  }
}

/** Reads a stored string, or undefined when absent or unavailable. */
export function readStored(key: string, kind: Area = 'local'): string | undefined {
  return area(kind)?.getItem(key) ?? undefined;
}

/** Writes (or with undefined, removes) a stored string and tells every subscriber on this page. */
export function writeStored(key: string, value: string | undefined, kind: Area = 'local'): void {
  const store = area(kind);
  if (!store) return;
  if (value === undefined) store.removeItem(key);
  else store.setItem(key, value);
  window.dispatchEvent(new CustomEvent(CHANGE_EVENT, { detail: key }));
}

/** Reads stored JSON, falling back when absent or unparseable. */
export function readStoredJson<T>(key: string, fallback: T, kind: Area = 'local'): T {
  const raw = readStored(key, kind);
  if (raw === undefined) return fallback;
  try {
    return JSON.parse(raw) as T; // the writer of this key stored this shape
  } catch {
    return fallback;
  }
}

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
