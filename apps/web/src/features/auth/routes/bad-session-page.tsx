import { AUTH_TEXTS } from '@mc/contracts';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../components/auth-card';

/** The bad-session page (000 §2): error_code BAD_SESSION explains; anything else is 'Unknown error'. */
export function BadSessionPage() {
  const [params] = useSearchParams();
  const text = params.get('error_code') === 'BAD_SESSION' ? AUTH_TEXTS.badSession : AUTH_TEXTS.unknownError;
  return (
    <AuthCard heading="Error">
      <p className="text-center text-sm text-fg">{text}</p>
      <p className="text-center">
        <Link to="/" className="text-sm text-link hover:underline">
          {AUTH_TEXTS.goBack}
        </Link>
      </p>
    </AuthCard>
  );
}
