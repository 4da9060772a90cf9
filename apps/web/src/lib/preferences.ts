import { CARD_WIDTH, STORAGE_KEYS } from '@mc/contracts';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useStoredString } from './storage';

/** Date/time formats of the preferences menu (001 §2). */
export const DATETIME_FORMATS = ['short', 'medium', 'full', 'timestamp'] as const;
export type DatetimeFormat = (typeof DATETIME_FORMATS)[number];
export const DEFAULT_DATETIME_FORMAT: DatetimeFormat = 'timestamp';

/** The timezone choice that follows the browser (001 §9 default). */
export const BROWSER_TIMEZONE = 'Browser';

function isDatetimeFormat(value: string): value is DatetimeFormat {
  return (DATETIME_FORMATS as readonly string[]).includes(value);
}

/** datetime_preference: short, medium, full or timestamp (default). */
export function useDatetimeFormat(): [DatetimeFormat, (value: DatetimeFormat) => void] {
  const [raw, set] = useStoredString(STORAGE_KEYS.datetimeFormat, DEFAULT_DATETIME_FORMAT);
  return [isDatetimeFormat(raw) ? raw : DEFAULT_DATETIME_FORMAT, set];
}

/** display_timezone_preference: 'Browser' (default) or an IANA zone. */
export function useDisplayTimezone(): [string, (value: string) => void] {
  return useStoredString(STORAGE_KEYS.timezone, BROWSER_TIMEZONE);
}

/** Clamps a card width to the slider's range and step. */
export function clampCardWidth(px: number): number {
  if (!Number.isFinite(px)) return CARD_WIDTH.defaultPx;
  const clamped = Math.min(CARD_WIDTH.max, Math.max(CARD_WIDTH.min, px));
  return CARD_WIDTH.min + Math.round((clamped - CARD_WIDTH.min) / CARD_WIDTH.step) * CARD_WIDTH.step;
}

/** topology_card_width, stored like '554px' (the default). Returns pixels. */
export function useCardWidth(): [number, (px: number) => void] {
  const [raw, set] = useStoredString(STORAGE_KEYS.cardWidth, `${CARD_WIDTH.defaultPx}px`);
  const px = clampCardWidth(Number.parseInt(raw, 10));
  const setPx = useCallback((next: number) => set(`${clampCardWidth(next)}px`), [set]);
  return [px, setPx];
}

/** show_deleted_items_preference: 'yes' or 'no' (default). */
export function useShowDeletedConfigs(): [boolean, (value: boolean) => void] {
  const [raw, set] = useStoredString(STORAGE_KEYS.showDeleted, 'no');
  const setBool = useCallback((next: boolean) => set(next ? 'yes' : 'no'), [set]);
  return [raw === 'yes', setBool];
}

/** Whether an address shows hidden components: unless showHiddenComponents reads 'no' (001 §2). */
export function showsHiddenComponents(params: URLSearchParams): boolean {
  return params.get('showHiddenComponents') !== 'no';
}

/**
 * URL parameter showHiddenComponents: shown unless it reads 'no' (001 §2). The write is flushed with
 * the event (`flushSync`): a navigation otherwise commits in a transition, and until it does React puts
 * the controlled checkbox of the preferences menu back to its old value — on a page as busy as the
 * topology the box still read as checked after a click on it.
 */
export function useShowHiddenComponents(): [boolean, (value: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const shown = showsHiddenComponents(params);
  const set = useCallback(
    (next: boolean) =>
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          copy.set('showHiddenComponents', next ? 'yes' : 'no');
          return copy;
        },
        { flushSync: true },
      ),
    [setParams],
  );
  return [shown, set];
}
