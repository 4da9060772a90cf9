import { Navigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PageShell } from '../../../components/page-shell/page-shell';
import { INTEGRATION_TYPES, integrationEditorPath } from '../components/integrations-query';

/**
 * /settings/integrations/{type}/{id} (000 §2): an integration opens in its own editor — a catalog
 * scraper's page, or the generic editor of topologies and log backends.
 */
export function IntegrationDetailPage() {
  const { type = '', id = '' } = useParams();
  const known = INTEGRATION_TYPES.find((entry) => entry.value === type);
  if (!known || !id) {
    return (
      <PageShell title="Integration">
        <EmptyState
          title="No such integration"
          action={{ label: 'Back to Integrations', to: '/settings/integrations' }}
        />
      </PageShell>
    );
  }
  return <Navigate to={integrationEditorPath(known.value, id)} replace />;
}
