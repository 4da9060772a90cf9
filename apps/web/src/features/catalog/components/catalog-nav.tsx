import { clsx } from 'clsx';
import { NavLink, useSearchParams } from 'react-router';
import { carriedFilters } from './catalog-filter-params';

const PAGES = [
  { to: '/catalog', label: 'Catalog', carries: true },
  { to: '/catalog/changes', label: 'Changes', carries: true },
  { to: '/catalog/insights', label: 'Insights', carries: true },
  { to: '/catalog/scrapers', label: 'Scrapers', carries: false },
] as const;

/** The catalog's pages; the list, changes and insights links carry the current filters along. */
export function CatalogNav() {
  const [params] = useSearchParams();
  const carried = carriedFilters(params);
  return (
    <nav aria-label="Catalog" className="flex gap-1 border-b border-border">
      {PAGES.map((page) => (
        <NavLink
          key={page.to}
          end
          to={`${page.to}${page.carries ? carried : ''}`}
          className={({ isActive }) =>
            clsx(
              '-mb-px border-b-2 px-3 py-1.5 text-sm',
              isActive ? 'border-primary font-medium text-link' : 'border-transparent text-fg-muted',
            )
          }
        >
          {page.label}
        </NavLink>
      ))}
    </nav>
  );
}
