/** Base path of the built-in identity provider's public (Kratos-compatible) API. */
export const ORY_BASE_PATH = '/api/.ory';

/** Console routes of the auth pages (spec 000 §2). */
export const AUTH_ROUTES = {
  login: '/login',
  registration: '/registration',
  recovery: '/recovery',
  verification: '/verification',
  settings: '/profile-settings',
  error: '/error',
  badSession: '/bad-session',
  authStateChecker: '/auth-state-checker',
} as const;

/** Headings and texts of the auth pages (spec 000 §2, §8). */
export const AUTH_TEXTS = {
  loginHeading: 'Sign In to your account',
  refreshHeading: 'Confirm Action',
  secondFactorHeading: 'Two-Factor Authentication',
  resetPassword: 'Reset password',
  registrationHeading: 'Create account',
  recoveryHeading: 'Recover account',
  verificationHeading: 'Verify your account',
  badSession: 'Bad Session. Please try logging out and logging in again, if the problem persist, please contact us.',
  unknownError: 'Unknown error',
  goBack: 'Go back',
  provisioning: 'Please wait, instance provisioning in-progress ...',
  settingsSections: [
    'Profile Settings',
    'Change Password',
    'Manage Social Sign In',
    'Manage 2FA Backup Recovery Codes',
    'Manage 2FA TOTP Authenticator App',
    'Manage Hardware Tokens and Biometrics',
  ],
} as const;

/** The console's messages for the provider's error ids (spec 000 §8). */
export const FLOW_ERROR_MESSAGES = {
  self_service_flow_return_to_forbidden: 'The return_to address is not allowed.',
  self_service_flow_expired: 'Your interaction expired, please fill out the form again.',
  security_csrf_violation: 'A security violation was detected, please fill out the form again.',
} as const;

/** Settings flow messages clear after this long (spec 000 §9). */
export const SETTINGS_MESSAGE_CLEAR_MS = 10_000;

/** Lifetimes and limits of the identity provider. */
export const AUTH_LIMITS = {
  flowLifespanMs: 60 * 60 * 1000,
  sessionLifespanMs: 24 * 60 * 60 * 1000,
  privilegedSessionMs: 15 * 60 * 1000,
  codeLifespanMs: 60 * 60 * 1000,
  /** How long an administrator's recovery link works (Kratos's admin recovery link default: 1 h). */
  recoveryLinkLifespanMs: 60 * 60 * 1000,
  maxFailedAttempts: 5,
  failureWindowMs: 15 * 60 * 1000,
  lockMs: 15 * 60 * 1000,
  minPasswordLength: 8,
  backupCodeCount: 12,
} as const;
