import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Dialog, DialogTrigger } from 'react-aria-components';
import { type TimeRange, timeRangeFromParams, timeRangeLabel, timeRangeToParams } from '../../lib/time-range';
import { FUTURE_PRESETS, PAST_PRESETS, QUICK_RANGES, type RelativePreset } from '../../lib/time-range-presets';
import { useUrlParams } from '../../lib/url-state';
import { Spinner } from '../spinner';
import { Popover } from '../ui/popover';

// the calendar and its date library load when the picker first opens, not with the page
const AbsoluteRangeForm = lazy(() =>
  import('./absolute-range-form').then((module) => ({ default: module.AbsoluteRangeForm })),
);

/** The page's time range in the URL (rangeType, display, from, to, range, timeRange) and its setter. */
export function useTimeRangeParams(): [TimeRange | undefined, (range: TimeRange | undefined) => void] {
  const [params, update] = useUrlParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the params object changes identity each render; its text is the real dependency
  const range = useMemo(() => timeRangeFromParams(params), [key]);
  const set = useCallback((next: TimeRange | undefined) => update(timeRangeToParams(next)), [update]);
  return [range, set];
}

function PresetList({
  title,
  presets,
  onPick,
  autoFocus = false,
}: {
  title: string;
  presets: readonly RelativePreset[];
  onPick: (preset: RelativePreset) => void;
  /** Focus this list's first preset when the panel opens. */
  autoFocus?: boolean;
}) {
  const first = useRef<HTMLButtonElement>(null);
  // after the popover has noted where focus was (a React `autoFocus` would come first and leave
  // Escape nothing to give focus back to)
  useEffect(() => {
    if (autoFocus) first.current?.focus();
  }, [autoFocus]);
  return (
    <section aria-label={title} className="min-w-36">
      <h3 className="mb-1 text-xs font-semibold text-fg-subtle">{title}</h3>
      <ul className="max-h-72 overflow-auto">
        {presets.map((preset, index) => (
          <li key={preset.range}>
            <button
              type="button"
              ref={index === 0 ? first : undefined}
              className="w-full rounded px-1 text-left text-sm hover:bg-surface-hover"
              onClick={() => onPick(preset)}
            >
              {preset.display}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The time-range picker (001 §2): past presets, optional future presets with Indefinitely, the 14
 * quick ranges and an absolute from/to with a range calendar. A preset applies and closes; Clear
 * removes the range. The panel is a React Aria popover: it flips and shifts to stay inside the window
 * (issue 12: it opened at x = −272 px on Jobs History), keeps focus inside, and Escape or a click
 * outside closes it with focus back on the button.
 */
export function TimeRangePicker({
  value,
  onChange,
  showFuture = false,
}: {
  value: TimeRange | undefined;
  onChange: (range: TimeRange | undefined) => void;
  showFuture?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const choose = (range: TimeRange | undefined) => {
    onChange(range);
    setOpen(false);
  };
  const pickRelative = (preset: RelativePreset) =>
    choose({ type: 'relative', display: preset.display, range: preset.range });
  return (
    <DialogTrigger isOpen={open} onOpenChange={setOpen}>
      <Button className="rounded border border-border-strong bg-surface px-2 py-1 text-sm text-fg outline-none focus-visible:ring-2 focus-visible:ring-focus">
        {timeRangeLabel(value)}
      </Button>
      <Popover className="p-3">
        <Dialog aria-label="Time range" className="flex gap-4 outline-none">
          <PresetList title="Past" presets={PAST_PRESETS} onPick={pickRelative} autoFocus />
          {showFuture ? <PresetList title="Future" presets={FUTURE_PRESETS} onPick={pickRelative} /> : null}
          <section aria-label="Quick ranges" className="min-w-40">
            <h3 className="mb-1 text-xs font-semibold text-fg-subtle">Quick ranges</h3>
            <ul className="max-h-72 overflow-auto">
              {QUICK_RANGES.map((display) => (
                <li key={display}>
                  <button
                    type="button"
                    className="w-full rounded px-1 text-left text-sm hover:bg-surface-hover"
                    onClick={() => choose({ type: 'mapped', display })}
                  >
                    {display}
                  </button>
                </li>
              ))}
            </ul>
          </section>
          <section aria-label="Absolute range">
            <h3 className="mb-1 text-xs font-semibold text-fg-subtle">Absolute range</h3>
            <Suspense fallback={<Spinner label="Loading calendar…" className="size-4" />}>
              <AbsoluteRangeForm
                initial={value?.type === 'absolute' ? { from: value.from, to: value.to } : undefined}
                onApply={choose}
              />
            </Suspense>
            <button type="button" className="mt-2 text-xs text-fg-muted underline" onClick={() => choose(undefined)}>
              Clear
            </button>
          </section>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
