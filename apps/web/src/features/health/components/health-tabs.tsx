import { Tabs } from '../../../components/tabs';

/** The tabs of the dashboard (001 §2): All plus the distinct values of the Tab By key. */
export function HealthTabs({
  tabs,
  active,
  onChange,
}: {
  tabs: readonly string[];
  active: string;
  onChange: (tab: string) => void;
}) {
  return <Tabs label="Tabs" tabs={['All', ...tabs]} active={active} onChange={onChange} />;
}
