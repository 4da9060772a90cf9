import { HIDDEN_COMPONENTS_KEY } from '@mc/contracts';
import { useCallback, useMemo } from 'react';
import { useStoredString } from '../../../lib/storage';

function parseIds(raw: string): string[] {
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The components this browser's user hid from the dashboards (a preference, 001 §2), kept in local
 * storage and shared live between tabs. "Show hidden components" in the preferences menu brings them
 * back, marked, with an Unhide button.
 */
export function useHiddenComponents(): { hidden: ReadonlySet<string>; toggle: (id: string) => void } {
  const [raw, set] = useStoredString(HIDDEN_COMPONENTS_KEY, '[]');
  const hidden = useMemo(() => new Set(parseIds(raw)), [raw]);
  const toggle = useCallback(
    (id: string) => {
      const next = new Set(parseIds(raw));
      if (next.has(id)) next.delete(id);
      else next.add(id);
      set(JSON.stringify([...next]));
    },
    [raw, set],
  );
  return { hidden, toggle };
}
