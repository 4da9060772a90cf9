import { CARD_WIDTH } from '@mc/contracts';
import { useMemo } from 'react';
import { Button, Dialog, DialogTrigger } from 'react-aria-components';
import {
  DATETIME_FORMATS,
  useCardWidth,
  useDatetimeFormat,
  useDisplayTimezone,
  useShowDeletedConfigs,
  useShowHiddenComponents,
} from '../../lib/preferences';
import { timezoneOptions } from '../../lib/timezones';
import { useOpenOnMount } from '../deferred-control';
import { ComboBox } from '../ui/combobox';
import { Popover } from '../ui/popover';
import { Select } from '../ui/select';
import { PreferencesFace } from './control-faces';
import { ThemeChoice } from './theme-choice';

const FORMAT_EXAMPLES: Record<(typeof DATETIME_FORMATS)[number], string> = {
  short: 'short (1h)',
  medium: 'medium (Mon 10:30:45)',
  full: 'full (Jan 1 10:30:01.999)',
  timestamp: 'timestamp (2025-01-01 10:30:01.999)',
};

/**
 * The preferences menu of 001 §2, plus the theme (beyond the spec): a panel of settings that apply
 * at once, in a popover kept on screen; the timezone is searched, not scrolled for among hundreds.
 */
export function PreferencesMenu({ openOnMount }: { openOnMount?: boolean }) {
  const wrapper = useOpenOnMount(openOnMount, 'press');
  const [showHidden, setShowHidden] = useShowHiddenComponents();
  const [showDeleted, setShowDeleted] = useShowDeletedConfigs();
  const [cardWidth, setCardWidth] = useCardWidth();
  const [format, setFormat] = useDatetimeFormat();
  const [timezone, setTimezone] = useDisplayTimezone();
  const zones = useMemo(() => timezoneOptions(), []);
  return (
    <span ref={wrapper} className="contents">
      <DialogTrigger>
        <Button
          aria-label="Preferences"
          className="inline-flex h-8 items-center gap-1 rounded px-2 text-sm text-fg-muted outline-none hover:bg-surface-hover focus-visible:ring-2 focus-visible:ring-focus"
        >
          <PreferencesFace />
        </Button>
        <Popover placement="bottom end" className="w-72 p-3 text-sm">
          <Dialog aria-label="Preferences" className="flex flex-col gap-3 outline-none">
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
            <Select
              label="Date/Time Format"
              value={format}
              onChange={(next) => setFormat(next as (typeof DATETIME_FORMATS)[number])} // choices come from DATETIME_FORMATS
              choices={DATETIME_FORMATS.map((value) => ({ value, label: FORMAT_EXAMPLES[value] }))}
            />
            <ComboBox label="Timezone" value={timezone} choices={zones} onChange={setTimezone} />
          </Dialog>
        </Popover>
      </DialogTrigger>
    </span>
  );
}
