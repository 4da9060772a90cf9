import { AUTH_ROUTES } from '@mc/contracts';
import type { RouteObject } from 'react-router';

const lazy = <T,>(load: () => Promise<T>, pick: (m: T) => React.ComponentType) => ({
  lazy: async () => ({ Component: pick(await load()) }),
});

/** The auth pages (000 §2): no sidebar, no session needed. Appended to the shell's routing table. */
export const identityAuthRoutes: RouteObject[] = [
  {
    path: AUTH_ROUTES.login,
    ...lazy(
      () => import('./routes/login-page'),
      (m) => m.LoginPage,
    ),
  },
  {
    path: AUTH_ROUTES.registration,
    ...lazy(
      () => import('./routes/registration-page'),
      (m) => m.RegistrationPage,
    ),
  },
  {
    path: AUTH_ROUTES.recovery,
    ...lazy(
      () => import('./routes/recovery-page'),
      (m) => m.RecoveryPage,
    ),
  },
  {
    path: AUTH_ROUTES.verification,
    ...lazy(
      () => import('./routes/verification-page'),
      (m) => m.VerificationPage,
    ),
  },
  {
    path: AUTH_ROUTES.settings,
    ...lazy(
      () => import('./routes/profile-settings-page'),
      (m) => m.ProfileSettingsPage,
    ),
  },
  {
    path: AUTH_ROUTES.authStateChecker,
    ...lazy(
      () => import('./routes/auth-state-checker-page'),
      (m) => m.AuthStateCheckerPage,
    ),
  },
  {
    path: AUTH_ROUTES.badSession,
    ...lazy(
      () => import('./routes/bad-session-page'),
      (m) => m.BadSessionPage,
    ),
  },
  {
    path: AUTH_ROUTES.error,
    ...lazy(
      () => import('./routes/flow-error-page'),
      (m) => m.FlowErrorPage,
    ),
  },
];
