import type { ReactNode } from 'react';
import { Switch as AriaSwitch } from 'react-aria-components';

/** An on/off setting that applies at once (a preference, a feature toggle); Space flips it. */
export function Switch({
  children,
  isSelected,
  onChange,
  isDisabled,
}: {
  children: ReactNode;
  isSelected: boolean;
  onChange: (value: boolean) => void;
  isDisabled?: boolean;
}) {
  return (
    <AriaSwitch
      isSelected={isSelected}
      onChange={onChange}
      isDisabled={isDisabled}
      className="group flex cursor-default items-center justify-between gap-2 text-sm text-fg data-[disabled]:opacity-50"
    >
      {children}
      <span
        aria-hidden="true"
        className="flex h-5 w-9 shrink-0 items-center rounded-full bg-surface-strong px-0.5 transition-colors group-data-[selected]:bg-primary group-data-[focus-visible]:ring-2 group-data-[focus-visible]:ring-focus"
      >
        <span className="size-4 rounded-full bg-surface shadow transition-transform group-data-[selected]:translate-x-4" />
      </span>
    </AriaSwitch>
  );
}
