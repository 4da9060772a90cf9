import { AUTH_ROUTES, AUTH_TEXTS } from '@mc/contracts';
import { Link } from 'react-router';
import { useFlow } from '../api/use-flow';
import { AuthCard, Notice } from '../components/auth-card';
import { FlowForm } from '../components/flow-form';

/** /recovery (000 §2): email → code by mail → on to the settings page to set a new password. */
export function RecoveryPage() {
  const { flow, notice, submitting, submit } = useFlow('recovery');
  return (
    <AuthCard
      heading={AUTH_TEXTS.recoveryHeading}
      footer={
        <Link to={AUTH_ROUTES.login} className="text-link hover:underline">
          Back to sign in
        </Link>
      }
    >
      <Notice text={notice} />
      {flow && <FlowForm flow={flow} onSubmit={(values) => void submit(values)} submitting={submitting} />}
    </AuthCard>
  );
}
