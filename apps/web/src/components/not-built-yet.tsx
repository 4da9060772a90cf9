import { Link } from 'react-router';
import { EmptyState } from './empty-state';

/** The areas whose pages exist (title, breadcrumb, guard) but whose feature is not built yet. */
export const NOT_BUILT_AREAS = {
  integrations: {
    title: 'Integrations are not built yet.',
    detail: 'Scrapers, topologies and log backends as integrations arrive with a later release.',
  },
} as const;

/** One area that is not built yet. */
export type NotBuiltArea = keyof typeof NOT_BUILT_AREAS;

/**
 * Says in plain words, on the page, that its area is not built yet — instead of an empty table that
 * would pretend to be real data — and points to what works today.
 */
export function NotBuiltYet({ area }: { area: NotBuiltArea }) {
  const { title, detail } = NOT_BUILT_AREAS[area];
  return (
    <div data-testid="not-built-yet" data-area={area}>
      <EmptyState title={title}>
        <p className="max-w-md text-sm">{detail}</p>
        <p className="text-sm">
          Working today:{' '}
          <Link to="/health" className="text-link underline">
            Health
          </Link>
          {', '}
          <Link to="/incidents" className="text-link underline">
            Incidents
          </Link>
          {' and Settings.'}
        </p>
      </EmptyState>
    </div>
  );
}
