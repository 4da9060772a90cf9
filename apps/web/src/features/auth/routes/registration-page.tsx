import { AUTH_ROUTES, AUTH_TEXTS } from '@mc/contracts';
import { Link, useSearchParams } from 'react-router';
import { browser } from '../../../lib/browser';
import { useFlow } from '../api/use-flow';
import { AuthCard, Notice } from '../components/auth-card';
import { FlowForm } from '../components/flow-form';

/** /registration (000 §2): 'Create account' with a link to sign in; then on to verify the address. */
export function RegistrationPage() {
  const [params] = useSearchParams();
  const { flow, notice, submitting, submit } = useFlow('registration', (answer) => {
    const body = answer.body as { continue_with?: { action: string; flow?: { id: string } }[] };
    const verification = body.continue_with?.find((c) => c.action === 'show_verification_ui')?.flow?.id;
    browser.assign(
      verification ? `${AUTH_ROUTES.verification}?flow=${verification}` : (params.get('return_to') ?? '/'),
    );
  });
  return (
    <AuthCard
      heading={AUTH_TEXTS.registrationHeading}
      footer={
        <Link to={AUTH_ROUTES.login} className="text-link hover:underline">
          Already have an account? Sign in
        </Link>
      }
    >
      <Notice text={notice} />
      {flow && <FlowForm flow={flow} onSubmit={(values) => void submit(values)} submitting={submitting} />}
    </AuthCard>
  );
}
