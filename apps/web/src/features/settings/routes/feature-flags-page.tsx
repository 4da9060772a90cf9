import { EmptyState } from '../../../components/empty-state';
import { PageShell } from '../../../components/page-shell/page-shell';

/** The page of the feature flags (properties); its area's issue fills it, until then it shows the honest empty state. */
export function FeatureFlagsPage() {
  return (
    <PageShell title="Feature Flags">
      <EmptyState />
    </PageShell>
  );
}
