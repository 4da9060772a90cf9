import { AUTH_TEXTS } from '@mc/contracts';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { getFlowError } from '../api/ory';
import { AuthCard } from '../components/auth-card';

/** The flow-error page (000 §2, §8): loads the error by id; 404, 403 and 410 go to /. */
export function FlowErrorPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [text, setText] = useState<string>();
  useEffect(() => {
    getFlowError(params.get('id') ?? '').then(
      (answer) => {
        if ([403, 404, 410].includes(answer.status)) return void navigate('/', { replace: true });
        setText(answer.body.error?.reason ?? answer.body.error?.message ?? AUTH_TEXTS.unknownError);
      },
      () => setText(AUTH_TEXTS.unknownError),
    );
  }, [navigate, params]);
  return (
    <AuthCard heading="Error">
      <p className="text-center text-sm text-fg" role="alert">
        {text}
      </p>
      <p className="text-center">
        <Link to="/" className="text-sm text-link hover:underline">
          {AUTH_TEXTS.goBack}
        </Link>
      </p>
    </AuthCard>
  );
}
