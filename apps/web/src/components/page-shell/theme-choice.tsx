import { Monitor, Moon, Sun } from 'lucide-react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { type ThemeChoice as Choice, THEME_CHOICES, useThemeChoice } from '../../lib/theme';

const OPTIONS: Record<Choice, { label: string; icon: typeof Sun }> = {
  light: { label: 'Light', icon: Sun },
  dark: { label: 'Dark', icon: Moon },
  system: { label: 'System', icon: Monitor },
};

/**
 * The Theme item of the preferences menu (beyond the spec): Light, Dark or System, which follows the
 * operating system live. The choice is the signed-in person's own (lib/theme.ts).
 */
export function ThemeChoice() {
  const [choice, setChoice] = useThemeChoice();
  return (
    <RadioGroup
      value={choice}
      onChange={(value) => setChoice(value as Choice)} // the radios' values are THEME_CHOICES
      orientation="horizontal"
      className="flex flex-col gap-1"
    >
      <Label>Theme</Label>
      <div className="grid grid-cols-3 gap-0.5 rounded-md border border-border bg-surface-muted p-0.5">
        {THEME_CHOICES.map((value) => {
          const { label, icon: Icon } = OPTIONS[value];
          return (
            <Radio
              key={value}
              value={value}
              className="flex cursor-default items-center justify-center gap-1 rounded px-2 py-1 text-xs text-fg-muted outline-none hover:text-fg data-[focus-visible]:ring-2 data-[focus-visible]:ring-focus data-[selected]:bg-surface-raised data-[selected]:font-medium data-[selected]:text-fg data-[selected]:shadow-sm"
            >
              <Icon aria-hidden="true" className="size-3.5" />
              {label}
            </Radio>
          );
        })}
      </div>
    </RadioGroup>
  );
}
