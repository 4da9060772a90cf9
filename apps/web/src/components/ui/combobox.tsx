import { clsx } from 'clsx';
import { ChevronDown, X } from 'lucide-react';
import {
  ComboBox as AriaComboBox,
  Button,
  Input,
  type Key,
  Label,
  ListBox,
  ListBoxItem,
  Text,
} from 'react-aria-components';
import { Popover } from './popover';
import { type Choice, FIELD_CLASS, OPTION_CLASS } from './select';

const toItems = (choices: readonly Choice[]) => choices.map((choice) => ({ id: choice.value, ...choice }));

/** The listbox of choices; without `choices` it lists the ComboBox's own `items` (server search). */
function OptionList({ choices }: { choices?: readonly Choice[] }) {
  return (
    <Popover className="min-w-(--trigger-width) max-h-80 p-1">
      <ListBox<Choice & { id: string }>
        {...(choices ? { items: toItems(choices) } : {})}
        renderEmptyState={() => <p className="px-2 py-1 text-sm text-fg-subtle">No options found</p>}
        className="outline-none"
      >
        {(choice) => (
          <ListBoxItem id={choice.id} textValue={choice.label} className={OPTION_CLASS}>
            {choice.label}
          </ListBoxItem>
        )}
      </ListBox>
    </Popover>
  );
}

function Field({ label, placeholder, hideLabel }: { label: string; placeholder?: string; hideLabel?: boolean }) {
  return (
    <>
      <Label className={hideLabel ? 'sr-only' : undefined}>{label}</Label>
      <div className={clsx(FIELD_CLASS, 'flex items-center gap-1 focus-within:ring-2 focus-within:ring-focus')}>
        <Input placeholder={placeholder} className="min-w-0 flex-1 bg-transparent outline-none" />
        <Button aria-label={`Show ${label} options`} className="text-fg-subtle outline-none">
          <ChevronDown aria-hidden="true" className="size-3.5" />
        </Button>
      </div>
    </>
  );
}

/**
 * A searchable single choice (a person, a team, a timezone among hundreds): typing filters the
 * list, ArrowDown opens it, Enter picks, Escape closes. An empty `value` is no choice.
 */
export function ComboBox({
  label,
  value,
  choices,
  onChange,
  placeholder,
  className,
  hideLabel,
}: {
  label: string;
  value: string;
  choices: readonly Choice[];
  onChange: (value: string) => void;
  placeholder?: string;
  className?: string;
  /** The label is for screen readers only (a compact panel where the placeholder says it). */
  hideLabel?: boolean;
}) {
  return (
    <AriaComboBox
      value={value === '' ? null : value}
      onChange={(key: Key | null) => onChange(key === null ? '' : String(key))}
      allowsEmptyCollection
      className={clsx('flex flex-col gap-1 text-sm', className)}
    >
      <Field label={label} placeholder={placeholder} hideLabel={hideLabel} />
      <OptionList choices={choices} />
    </AriaComboBox>
  );
}

/**
 * A searchable multiple choice: the chosen ones show as removable chips; typing filters the list and
 * Enter adds or removes the focused choice while the list stays open.
 */
export function MultiComboBox({
  label,
  values,
  choices,
  onChange,
  placeholder,
  className,
}: {
  label: string;
  values: readonly string[];
  choices: readonly Choice[];
  onChange: (values: string[]) => void;
  placeholder?: string;
  className?: string;
}) {
  const labelOf = new Map(choices.map((choice) => [choice.value, choice.label]));
  return (
    <div className={clsx('flex flex-col gap-1 text-sm', className)}>
      <AriaComboBox
        selectionMode="multiple"
        value={values}
        onChange={(keys: Key[]) => onChange(keys.map(String))}
        allowsEmptyCollection
        className="flex flex-col gap-1"
      >
        <Field label={label} placeholder={placeholder} />
        <OptionList choices={choices} />
      </AriaComboBox>
      {values.length ? (
        <ul aria-label={`Chosen ${label}`} className="flex flex-wrap gap-1">
          {values.map((value) => (
            <li key={value} className="inline-flex items-center gap-1 rounded bg-primary-soft px-1.5 text-xs text-link">
              {labelOf.get(value) ?? value}
              <button
                type="button"
                aria-label={`Remove ${labelOf.get(value) ?? value}`}
                onClick={() => onChange(values.filter((item) => item !== value))}
              >
                <X aria-hidden="true" className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * A single choice searched on the server (001 §9 resource selector): what is typed goes to `onSearch`
 * (the caller debounces and fetches) and `choices` are the matches as they arrive, not filtered
 * again here. Keep the current choice in `choices` so its name stays shown.
 */
export function SearchComboBox({
  label,
  value,
  choices,
  onChange,
  onSearch,
  placeholder,
  className,
  description,
  problem,
}: {
  label: string;
  value: string;
  choices: readonly Choice[];
  onChange: (value: string) => void;
  onSearch: (text: string) => void;
  placeholder?: string;
  className?: string;
  /** A hint under the field (how to search), read with the field by screen readers. */
  description?: string;
  /** Why the typed search cannot be run, shown under the field in place of matches. */
  problem?: string;
}) {
  return (
    <AriaComboBox
      items={toItems(choices)}
      value={value === '' ? null : value}
      onChange={(key: Key | null) => onChange(key === null ? '' : String(key))}
      onInputChange={onSearch}
      allowsEmptyCollection
      isInvalid={problem !== undefined}
      className={clsx('flex flex-col gap-1 text-sm', className)}
    >
      <Field label={label} placeholder={placeholder} />
      {description ? (
        <Text slot="description" className="text-xs text-fg-subtle">
          {description}
        </Text>
      ) : null}
      {problem ? (
        <Text slot="errorMessage" className="text-xs text-status-unhealthy">
          {problem}
        </Text>
      ) : null}
      <OptionList />
    </AriaComboBox>
  );
}
