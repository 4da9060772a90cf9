import { CARD_WIDTH } from '@mc/contracts';
import { Settings2 } from 'lucide-react';
import { useMemo } from 'react';
import {
  DATETIME_FORMATS,
  useCardWidth,
  useDatetimeFormat,
  useDisplayTimezone,
  useShowDeletedConfigs,
  useShowHiddenComponents,
} from '../../lib/preferences';
import { timezoneOptions } from '../../lib/timezones';
import { Menu } from './menu';
import { ThemeChoice } from './theme-choice';

const FORMAT_EXAMPLES: Record<(typeof DATETIME_FORMATS)[number], string> = {
  short: 'short (1h)',
  medium: 'medium (Mon 10:30:45)',
  full: 'full (Jan 1 10:30:01.999)',
  timestamp: 'timestamp (2025-01-01 10:30:01.999)',
};

/** The preferences menu of 001 §2, plus the theme (beyond the spec). */
export function PreferencesMenu() {
  const [showHidden, setShowHidden] = useShowHiddenComponents();
  const [showDeleted, setShowDeleted] = useShowDeletedConfigs();
  const [cardWidth, setCardWidth] = useCardWidth();
  const [format, setFormat] = useDatetimeFormat();
  const [timezone, setTimezone] = useDisplayTimezone();
  const zones = useMemo(() => timezoneOptions(), []);
  return (
    <Menu label="Preferences" trigger={<Settings2 aria-hidden="true" className="size-4" />}>
      {() => (
        <div className="flex flex-col gap-3">
          <ThemeChoice />
          <label className="flex items-center justify-between gap-2">
            Show hidden components
            <input type="checkbox" checked={showHidden} onChange={(event) => setShowHidden(event.target.checked)} />
          </label>
          <label className="flex items-center justify-between gap-2">
            Show deleted configs
            <input type="checkbox" checked={showDeleted} onChange={(event) => setShowDeleted(event.target.checked)} />
          </label>
          <label className="flex flex-col gap-1">
            <span>
              Card Width <span className="text-fg-subtle">{cardWidth}px</span>
            </span>
            <input
              type="range"
              aria-label="Card Width"
              min={CARD_WIDTH.min}
              max={CARD_WIDTH.max}
              step={CARD_WIDTH.step}
              value={cardWidth}
              onChange={(event) => setCardWidth(Number(event.target.value))}
            />
          </label>
          <label className="flex flex-col gap-1">
            Date/Time Format
            <select
              aria-label="Date/Time Format"
              value={format}
              onChange={(event) => setFormat(event.target.value as (typeof DATETIME_FORMATS)[number])} // options come from DATETIME_FORMATS
              className="rounded border border-border-strong px-1 py-0.5"
            >
              {DATETIME_FORMATS.map((value) => (
                <option key={value} value={value}>
                  {FORMAT_EXAMPLES[value]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1">
            Timezone
            <select
              aria-label="Timezone"
              value={timezone}
              onChange={(event) => setTimezone(event.target.value)}
              className="rounded border border-border-strong px-1 py-0.5"
            >
              {zones.map((zone) => (
                <option key={zone.value} value={zone.value}>
                  {zone.label}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
    </Menu>
  );
}
