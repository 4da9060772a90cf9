import { useEffect, useRef } from 'react';

/**
 * Calls `refresh` every `ms` (001 §4); null is off. The caller's refresh aborts a fetch still in
 * flight before starting the next one.
 */
export function useAutoRefresh(ms: number | null, refresh: () => void): void {
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => {
    if (!ms) return;
    const timer = setInterval(() => latest.current(), ms);
    return () => clearInterval(timer);
  }, [ms]);
}
