import { AAL2_REQUIRED_STATUSES, AUTH_ROUTES } from '@mc/contracts';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { whoamiSession } from '../api/ory';

/**
 * The route a 401 lands on with return_to (000 §8): checks the session; signed in → back to
 * return_to; 401 → /login with return_to; 403 or 422 → /login?aal=aal2 with return_to.
 */
export function AuthStateCheckerPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  useEffect(() => {
    const raw = params.get('return_to') ?? '/';
    const returnTo = raw.startsWith('/') && !raw.startsWith('//') ? raw : '/';
    const back = `return_to=${encodeURIComponent(returnTo)}`;
    whoamiSession().then(
      (answer) => {
        if (answer.status === 200) void navigate(returnTo, { replace: true });
        else if (AAL2_REQUIRED_STATUSES.includes(answer.status))
          void navigate(`${AUTH_ROUTES.login}?aal=aal2&${back}`, { replace: true });
        else void navigate(`${AUTH_ROUTES.login}?${back}`, { replace: true });
      },
      () => void navigate(`${AUTH_ROUTES.login}?${back}`, { replace: true }),
    );
  }, [navigate, params]);
  return <div className="flex min-h-screen items-center justify-center text-sm text-fg-subtle" aria-busy="true" />;
}
