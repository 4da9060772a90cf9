import type { ReactNode } from 'react';
import { TabBar } from './ui/tabs';

/**
 * A row of tabs under a rule, the active one underlined (001 §2: dashboard tabs, resource and editor
 * tabs, detail tabs); arrow keys move between them. The caller owns which tab is active — in the URL
 * or in state — and renders the panel; `labelOf` names a tab whose id is not its text.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  active,
  onChange,
  labelOf = (tab) => tab,
}: {
  label?: string;
  tabs: readonly T[];
  active: T;
  onChange: (tab: T) => void;
  labelOf?: (tab: T) => ReactNode;
}) {
  return (
    <TabBar
      label={label}
      selected={active}
      // the keys are exactly `tabs`, so a key handed back is one of T
      onChange={(key) => onChange(key as T)}
      items={tabs.map((tab) => ({ id: tab, label: labelOf(tab) }))}
    />
  );
}
