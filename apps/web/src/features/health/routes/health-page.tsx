import { HealthDashboard } from '../components/health-dashboard';

/** /health (001 §2): the health dashboard inside the sidebar layout. */
export function HealthPage() {
  return <HealthDashboard />;
}
