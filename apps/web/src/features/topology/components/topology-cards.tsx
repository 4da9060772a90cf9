import type { TopologyComponent } from '@mc/contracts';
import { useCardWidth, useShowHiddenComponents } from '../../../lib/preferences';
import { TopologyCard } from './topology-card';
import { useHiddenComponents } from './use-hidden-components';

/**
 * Components as a wrap of cards at the width the preferences menu sets. Components this user hid are
 * left out, unless "Show hidden components" is on, when they show dimmed with Unhide.
 */
export function TopologyCards({
  components,
  linkBase,
}: {
  components: readonly TopologyComponent[];
  linkBase?: string;
}) {
  const [width] = useCardWidth();
  const [showHidden] = useShowHiddenComponents();
  const { hidden, toggle } = useHiddenComponents();
  const shown = components.filter((component) => showHidden || !hidden.has(component.id));
  return (
    <div className="flex flex-wrap gap-3" data-testid="topology-cards">
      {shown.map((component) => (
        <TopologyCard
          key={component.id}
          component={component}
          width={width}
          linkBase={linkBase}
          hidden={hidden.has(component.id)}
          onToggleHidden={toggle}
        />
      ))}
    </div>
  );
}
