import { NavLink, useParams } from 'react-router';
import { NotBuiltYet } from '../../../components/not-built-yet';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The tabs of a configuration item (000 §2: /catalog/{id} and its sub-routes). */
export const CONFIG_TABS = [
  { path: '', label: 'Details' },
  { path: 'changes', label: 'Changes' },
  { path: 'insights', label: 'Insights' },
  { path: 'relationships', label: 'Relationships' },
  { path: 'playbooks', label: 'Playbooks' },
  { path: 'checks', label: 'Checks' },
] as const;

/** One configuration item with its tabs; until the catalog is built each tab says so. */
export function ConfigDetailPage() {
  const { id = '' } = useParams();
  return (
    <PageShell title="Catalog">
      <nav aria-label="Configuration item" className="mb-4 flex gap-1 border-b border-gray-200">
        {CONFIG_TABS.map((tab) => (
          <NavLink
            key={tab.path}
            end
            to={`/catalog/${encodeURIComponent(id)}${tab.path ? `/${tab.path}` : ''}`}
            className={({ isActive }) =>
              isActive
                ? 'border-b-2 border-blue-600 px-3 py-1.5 text-sm text-blue-700'
                : 'px-3 py-1.5 text-sm text-gray-600'
            }
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <NotBuiltYet area="catalog" />
    </PageShell>
  );
}
