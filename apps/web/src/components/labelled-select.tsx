import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { Suspense, useId, useState } from 'react';
import { deferred, placeholderHandlers } from './deferred-control';
import type { LabelledSelectProps } from './labelled-select-props';

// React Aria's select (listbox, popover, collections) is most of a toolbar page's script: it loads
// when a select is first reached or pressed, and until then a plain button shows the same thing.
const control = deferred<LabelledSelectProps>(() =>
  import('./labelled-select-control').then((module) => module.LabelledSelectControl),
);

// the trigger look of ui/select.tsx (FIELD_CLASS), repeated here so the placeholder imports no React Aria
const TRIGGER_CLASS =
  'inline-flex items-center justify-between gap-2 rounded border border-border-strong bg-surface px-2 py-1 text-left text-sm text-fg outline-none focus-visible:ring-2 focus-visible:ring-focus';

/**
 * A toolbar select with its name beside it (Group By, Auto refresh, Duration…); the name is also
 * its accessible label ("<value> <label>", as React Aria names it). The caller maps values to the URL
 * or state it owns. Built on the shared select primitive, so its list stays on screen and works from
 * the keyboard.
 */
export function LabelledSelect(props: LabelledSelectProps) {
  const [wanted, setWanted] = useState(false);
  const id = useId();
  const Loaded = control.loaded();
  if (Loaded && !wanted) return <Loaded {...props} />;
  const shown = props.choices.find((choice) => choice.value === props.value)?.label ?? '';
  const placeholder = (
    <div className={clsx('text-sm', 'flex items-center gap-1')}>
      <span id={`${id}-label`} className="text-fg-muted">
        {props.label}
      </span>
      <button
        type="button"
        aria-labelledby={`${id}-value ${id}-label`}
        aria-haspopup="listbox"
        aria-expanded={false}
        className={TRIGGER_CLASS}
        {...placeholderHandlers(control.preload, () => setWanted(true))}
      >
        <span id={`${id}-value`} className="truncate">
          {shown}
        </span>
        <ChevronDown aria-hidden="true" className="size-3.5 shrink-0 text-fg-subtle" />
      </button>
    </div>
  );
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <control.Lazy {...props} openOnMount />
    </Suspense>
  );
}
