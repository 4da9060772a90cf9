/**
 * Values kept in browser storage, without React: the boot script (src/boot.ts) reads the stored page size with
 * these before the console's own scripts have loaded; lib/storage.ts re-exports them beside its hook.
 */
/** Which browser storage a value lives in. */
export type Area = 'local' | 'session';
/** The event writeStored sends on this page (the browser's own 'storage' event covers other tabs). */
export const CHANGE_EVENT = 'mc-storage-change';

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
