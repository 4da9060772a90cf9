import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import {
  Select as AriaSelect,
  Button,
  type Key,
  Label,
  ListBox,
  ListBoxItem,
  SelectValue,
} from 'react-aria-components';
import { Popover } from './popover';

/** One choice of a select or combobox: the value it stores and the text it shows. */
export interface Choice {
  value: string;
  label: string;
}

/** The trigger look shared by selects and comboboxes. */
export const FIELD_CLASS =
  'rounded border border-border-strong bg-surface px-2 py-1 text-sm text-fg outline-none focus-visible:ring-2 focus-visible:ring-focus';

/** The look of one option in a listbox. */
export const OPTION_CLASS =
  'flex cursor-default items-center gap-2 rounded px-2 py-1 text-sm text-fg outline-none data-[focused]:bg-surface-hover data-[selected]:font-medium data-[selected]:text-link';

/**
 * A single-choice select on React Aria: a button showing the chosen label and a listbox in a
 * popover that stays on screen; Enter, Space or ArrowDown opens it, typing jumps to a choice,
 * Escape closes it and focus returns to the button. `inline` puts the label beside the button
 * (toolbars) instead of above it (forms).
 */
export function Select({
  label,
  value,
  choices,
  onChange,
  inline = false,
  className,
  isDisabled,
  hideLabel = false,
  isInvalid,
  describedBy,
  onBlur,
}: {
  label: string;
  value: string;
  choices: readonly Choice[];
  onChange: (value: string) => void;
  inline?: boolean;
  className?: string;
  isDisabled?: boolean;
  /** The label is for screen readers only (a compact row where the context names the choice). */
  hideLabel?: boolean;
  /** A form field whose value is refused: the button says so (aria-invalid) and is described by `describedBy`. */
  isInvalid?: boolean;
  /** The id of the field's message, read with the button. */
  describedBy?: string | undefined;
  onBlur?: () => void;
}) {
  return (
    <AriaSelect
      value={value}
      onChange={(key: Key | null) => {
        if (key !== null) onChange(String(key));
      }}
      isDisabled={isDisabled}
      isInvalid={isInvalid}
      {...(describedBy ? { 'aria-describedby': describedBy } : {})}
      {...(onBlur ? { onBlur } : {})}
      className={clsx('text-sm', inline ? 'flex items-center gap-1' : 'flex flex-col gap-1', className)}
    >
      <Label className={hideLabel ? 'sr-only' : inline ? 'text-fg-muted' : undefined}>{label}</Label>
      <Button
        className={clsx(
          FIELD_CLASS,
          'inline-flex items-center justify-between gap-2 text-left data-[disabled]:bg-surface-hover data-[disabled]:text-fg-subtle',
          isInvalid && 'border-status-unhealthy',
        )}
      >
        <SelectValue className="truncate" />
        <ChevronDown aria-hidden="true" className="size-3.5 shrink-0 text-fg-subtle" />
      </Button>
      <Popover className="min-w-(--trigger-width) max-h-80 p-1">
        <ListBox items={choices.map((choice) => ({ id: choice.value, ...choice }))} className="outline-none">
          {(choice) => (
            <ListBoxItem id={choice.id} textValue={choice.label} className={OPTION_CLASS}>
              {choice.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
