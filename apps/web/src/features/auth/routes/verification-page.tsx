import { AUTH_TEXTS } from '@mc/contracts';
import { Link, useSearchParams } from 'react-router';
import { useFlow } from '../api/use-flow';
import { AuthCard, Notice } from '../components/auth-card';
import { FlowForm } from '../components/flow-form';

/** /verification (000 §2): 'Verify your account' with the emailed code (prefilled from ?code=). */
export function VerificationPage() {
  const [params] = useSearchParams();
  const { flow, notice, submitting, submit } = useFlow('verification');
  const code = params.get('code');
  return (
    <AuthCard
      heading={AUTH_TEXTS.verificationHeading}
      footer={
        <Link to="/" className="text-link hover:underline">
          {AUTH_TEXTS.goBack}
        </Link>
      }
    >
      <Notice text={notice} />
      {flow && (
        <FlowForm
          flow={flow}
          onSubmit={(values) => void submit(values)}
          submitting={submitting}
          prefill={code ? { code } : undefined}
        />
      )}
    </AuthCard>
  );
}
