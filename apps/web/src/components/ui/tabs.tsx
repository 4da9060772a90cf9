import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
  type Key,
} from 'react-aria-components';

/**
 * Tabs on React Aria: arrow keys move between tabs and select them, Home and End jump to the ends.
 * The caller owns the selected key (URL or state). The panel is `children` when given; callers that
 * render their panel elsewhere get an empty hidden one, so the selected tab's `aria-controls` still
 * names an element.
 */
export function TabBar({
  label,
  selected,
  onChange,
  items,
  children,
}: {
  label?: string;
  selected: string;
  onChange: (key: string) => void;
  items: ReadonlyArray<{ id: string; label: ReactNode }>;
  children?: ReactNode;
}) {
  return (
    <AriaTabs selectedKey={selected} onSelectionChange={(key: Key) => onChange(String(key))}>
      <AriaTabList aria-label={label} className="flex flex-wrap gap-1 border-b border-border">
        {items.map((item) => (
          <AriaTab
            key={item.id}
            id={item.id}
            className={({ isSelected }) =>
              clsx(
                '-mb-px cursor-default border-b-2 px-3 py-1.5 text-sm outline-none focus-visible:ring-2 focus-visible:ring-focus',
                isSelected ? 'border-primary font-medium text-link' : 'border-transparent text-fg-muted hover:text-fg',
              )
            }
          >
            {item.label}
          </AriaTab>
        ))}
      </AriaTabList>
      <AriaTabPanel id={selected} className={children === undefined ? 'hidden' : 'outline-none'}>
        {children}
      </AriaTabPanel>
    </AriaTabs>
  );
}
