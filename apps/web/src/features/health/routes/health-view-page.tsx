import { HealthDashboard } from '../components/health-dashboard';

/** /view/health (000 §2): the same dashboard standalone, without the sidebar, for wall screens and embedding. */
export function HealthViewPage() {
  return <HealthDashboard />;
}
