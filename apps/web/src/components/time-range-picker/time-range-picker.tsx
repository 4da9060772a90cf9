import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { type TimeRange, timeRangeFromParams, timeRangeLabel, timeRangeToParams } from '../../lib/time-range';
import { FUTURE_PRESETS, PAST_PRESETS, QUICK_RANGES, type RelativePreset } from '../../lib/time-range-presets';
import { useUrlParams } from '../../lib/url-state';
import { AbsoluteRangeForm } from './absolute-range-form';
import { useFloatingPanel } from './use-floating-panel';

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
}: {
  title: string;
  presets: readonly RelativePreset[];
  onPick: (preset: RelativePreset) => void;
}) {
  return (
    <section aria-label={title} className="min-w-36">
      <h3 className="mb-1 text-xs font-semibold text-gray-500">{title}</h3>
      <ul className="max-h-72 overflow-auto">
        {presets.map((preset) => (
          <li key={preset.range}>
            <button
              type="button"
              className="w-full rounded px-1 text-left text-sm hover:bg-gray-100"
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
 * quick ranges and an absolute from/to. A preset applies and closes; Clear removes the range. The
 * panel stays inside the window; Escape or a click outside closes it and focus returns to the button.
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
  const trigger = useRef<HTMLButtonElement>(null);
  const { anchor, panel, style } = useFloatingPanel(open);
  const close = useCallback(() => {
    setOpen(false);
    trigger.current?.focus();
  }, []);
  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('button, input')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target;
      if (target instanceof Node && !anchor.current?.contains(target) && !panel.current?.contains(target))
        setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, close, anchor, panel]);
  const choose = (range: TimeRange | undefined) => {
    onChange(range);
    close();
  };
  const pickRelative = (preset: RelativePreset) =>
    choose({ type: 'relative', display: preset.display, range: preset.range });
  return (
    <div ref={anchor} className="relative inline-block">
      <button
        ref={trigger}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen((current) => !current)}
        className="rounded border border-gray-300 bg-white px-2 py-1 text-sm"
      >
        {timeRangeLabel(value)}
      </button>
      {open
        ? createPortal(
            <div
              ref={panel}
              role="dialog"
              aria-label="Time range"
              style={style}
              className="z-50 flex gap-4 rounded-md border border-gray-200 bg-white p-3 shadow-xl"
            >
              <PresetList title="Past" presets={PAST_PRESETS} onPick={pickRelative} />
              {showFuture ? <PresetList title="Future" presets={FUTURE_PRESETS} onPick={pickRelative} /> : null}
              <section aria-label="Quick ranges" className="min-w-40">
                <h3 className="mb-1 text-xs font-semibold text-gray-500">Quick ranges</h3>
                <ul className="max-h-72 overflow-auto">
                  {QUICK_RANGES.map((display) => (
                    <li key={display}>
                      <button
                        type="button"
                        className="w-full rounded px-1 text-left text-sm hover:bg-gray-100"
                        onClick={() => choose({ type: 'mapped', display })}
                      >
                        {display}
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
              <section aria-label="Absolute range">
                <h3 className="mb-1 text-xs font-semibold text-gray-500">Absolute range</h3>
                <AbsoluteRangeForm
                  initial={value?.type === 'absolute' ? { from: value.from, to: value.to } : undefined}
                  onApply={choose}
                />
                <button
                  type="button"
                  className="mt-2 text-xs text-gray-600 underline"
                  onClick={() => choose(undefined)}
                >
                  Clear
                </button>
              </section>
            </div>,
            document.body,
          )
        : null}
    </div>
  );
}
