import { AUTH_ROUTES, AUTH_TEXTS } from '@mc/contracts';
import { Link, useSearchParams } from 'react-router';
import { browser } from '../../../lib/browser';
import { useFlow } from '../api/use-flow';
import { useSelfRegistration } from '../api/use-self-registration';
import { AuthCard, Notice } from '../components/auth-card';
import { FlowForm } from '../components/flow-form';
import { afterSignIn } from './after-sign-in';

/**
 * /login (000 §2): query flow, return_to, refresh, aal, username, password. The heading says
 * 'Confirm Action' for a refresh and 'Two-Factor Authentication' for the second factor. The
 * registration link shows only while self-registration is open (invitations work regardless).
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const { flow, notice, submitting, submit } = useFlow('login', (answer) =>
    browser.assign(afterSignIn(answer, params.get('return_to'))),
  );
  const selfRegistration = useSelfRegistration();
  const secondFactor = flow?.requested_aal === 'aal2' || params.get('aal') === 'aal2';
  const refresh = flow?.refresh ?? params.get('refresh') === 'true';
  const heading = secondFactor
    ? AUTH_TEXTS.secondFactorHeading
    : refresh
      ? AUTH_TEXTS.refreshHeading
      : AUTH_TEXTS.loginHeading;
  const prefill: Record<string, string> = {};
  const username = params.get('username');
  const password = params.get('password');
  if (username) prefill.identifier = username;
  if (password) prefill.password = password;
  return (
    <AuthCard
      heading={heading}
      footer={
        <>
          <Link to={AUTH_ROUTES.recovery} className="block text-link hover:underline">
            {AUTH_TEXTS.resetPassword}
          </Link>
          {!secondFactor && !refresh && selfRegistration && (
            <Link to={AUTH_ROUTES.registration} className="block text-link hover:underline">
              {AUTH_TEXTS.registrationHeading}
            </Link>
          )}
        </>
      }
    >
      <Notice text={notice} />
      {flow ? (
        <FlowForm flow={flow} onSubmit={(values) => void submit(values)} submitting={submitting} prefill={prefill} />
      ) : (
        <p aria-busy="true" className="text-center text-sm text-fg-subtle">
          Loading…
        </p>
      )}
    </AuthCard>
  );
}
