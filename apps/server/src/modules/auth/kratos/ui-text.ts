/** A Kratos UI text: numeric id, type and text, with optional context (same ids as Ory Kratos). */
export interface UiText {
  id: number;
  type: 'info' | 'error' | 'success';
  text: string;
  context?: Record<string, unknown>;
}

const info = (id: number, text: string, context?: Record<string, unknown>): UiText => ({
  id,
  type: 'info',
  text,
  ...(context ? { context } : {}),
});
const error = (id: number, text: string, context?: Record<string, unknown>): UiText => ({
  id,
  type: 'error',
  text,
  ...(context ? { context } : {}),
});

/** The texts the provider emits, by Kratos's ids, so clients that switch on ids keep working. */
export const TEXT = {
  signIn: () => info(1010001, 'Sign in'),
  signInWith: (provider: string) => info(1010002, `Sign in with ${provider}`, { provider }),
  reauth: () => info(1010003, 'Please confirm this action by verifying that it is you.'),
  mfa: () => info(1010004, 'Please complete the second authentication challenge.'),
  totpLabel: () => info(1010006, 'Authentication code'),
  lookupLabel: () => info(1010007, 'Backup recovery code'),
  webauthnLogin: () => info(1010008, 'Sign in with hardware key'),
  useAuthenticator: () => info(1010009, 'Use Authenticator'),
  useLookup: () => info(1010010, 'Use backup recovery code'),
  signUp: () => info(1040001, 'Sign up'),
  signUpWith: (provider: string) => info(1040002, `Sign up with ${provider}`, { provider }),
  linkOidc: (provider: string) => info(1050002, `Link ${provider}`, { provider }),
  unlinkOidc: (provider: string) => info(1050003, `Unlink ${provider}`, { provider }),
  settingsSaved: () => ({ id: 1050001, type: 'success', text: 'Your changes have been saved!' }) satisfies UiText,
  unlinkTotp: () => info(1050004, 'Unlink TOTP Authenticator App'),
  totpQr: () => info(1050005, 'Authenticator app QR code'),
  totpSecret: (secret: string) => info(1050006, secret, { secret }),
  revealLookup: () => info(1050007, 'Reveal backup recovery codes'),
  regenerateLookup: () => info(1050008, 'Generate new backup recovery codes'),
  lookupSecrets: (codes: string[]) => info(1050015, codes.join(', '), { secrets: codes.map((text) => ({ text })) }),
  totpSecretLabel: () =>
    info(1050017, 'This is your authenticator app secret. Use it if you can not scan the QR code.'),
  confirmLookup: () => info(1050011, 'Confirm backup recovery codes'),
  addWebauthn: () => info(1050012, 'Add security key'),
  webauthnName: () => info(1050013, 'Name of the security key'),
  lookupUsed: (usedAt: string) => info(1050014, `Secret was used at ${usedAt}`, { used_at: usedAt }),
  removeWebauthn: (name: string) => info(1050018, `Remove security key "${name}"`, { display_name: name }),
  recovered: () =>
    info(
      1060001,
      'You successfully recovered your account. Please change your password or set up an alternative login method (e.g. social sign in) within the next 15 minutes.',
    ),
  recoveryCodeSent: () =>
    info(
      1060003,
      'An email containing a recovery code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.',
    ),
  password: () => info(1070001, 'Password'),
  generated: (title: string) => info(1070002, title, { title }),
  save: () => info(1070003, 'Save'),
  id: () => info(1070004, 'ID'),
  submit: () => info(1070005, 'Submit'),
  verifyCode: () => info(1070006, 'Verify code'),
  email: () => info(1070007, 'Email'),
  resendCode: () => info(1070008, 'Resend code'),
  continue: () => info(1070009, 'Continue'),
  recoveryCode: () => info(1070010, 'Recovery code'),
  verificationCode: () => info(1070011, 'Verification code'),
  verifiedEmail: () =>
    ({ id: 1080002, type: 'success', text: 'You successfully verified your email address.' }) satisfies UiText,
  verificationCodeSent: () =>
    info(
      1080003,
      'An email containing a verification code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.',
    ),
  validation: (reason: string) => error(4000001, reason, { reason }),
  required: (property: string) => error(4000002, `Property ${property} is missing.`, { property }),
  passwordPolicy: (reason: string) => error(4000005, `The password can not be used because ${reason}.`, { reason }),
  invalidCredentials: () =>
    error(
      4000006,
      'The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.',
    ),
  inviteInvalid: () =>
    error(4000001, 'This invitation link is invalid, used or expired. Ask an administrator for a new invitation.', {
      reason: 'invitation',
    }),
  inviteForOtherAddress: (email: string) =>
    error(4000001, `This invitation is for ${email}; register with that address.`, { reason: 'invitation' }),
  inviteUsed: () =>
    error(4000001, 'This invitation link has already been used or has expired. Ask an administrator for a new one.', {
      reason: 'invitation',
    }),
  duplicate: () => error(4000007, 'An account with the same identifier (email, phone, username, ...) exists already.'),
  invalidTotp: () => error(4000008, 'The provided authentication code is invalid, please try again.'),
  webauthnFailed: () =>
    error(4000001, 'The hardware key could not be verified, please try again.', {
      reason: 'webauthn',
    }),
  oidcDuplicate: () =>
    error(
      4000027,
      'An account with the same identifier (email, phone, username, ...) exists already. Please sign in to your existing account and link your social profile in the settings page.',
    ),
  invalidLookup: () => error(4000016, 'The backup recovery code is not valid.'),
  lookupAlreadyUsed: () => error(4000012, 'This backup recovery code has already been used.'),
  tooManyAttempts: () => error(4000034, 'Too many failed attempts. Please wait a few minutes and try again.'),
  loginExpired: (minutes: number) =>
    error(4010001, `The login flow expired ${minutes} minutes ago, please try again.`, {
      expired_at_unix_since_minutes: minutes,
    }),
  noLoginStrategy: () =>
    error(4010002, 'Could not find a strategy to log you in with. Did you fill out the form correctly?'),
  registrationExpired: (minutes: number) =>
    error(4040001, `The registration flow expired ${minutes} minutes ago, please try again.`),
  settingsExpired: (minutes: number) =>
    error(4050001, `The settings flow expired ${minutes} minutes ago, please try again.`),
  recoveryExpired: (minutes: number) =>
    error(4060005, `The recovery flow expired ${minutes} minutes ago, please try again.`),
  invalidRecoveryCode: () => error(4060006, 'The recovery code is invalid or has already been used. Please try again.'),
  invalidRecoveryLink: () =>
    error(4060004, 'The recovery token is invalid or has already been used. Please retry the flow.'),
  verificationExpired: (minutes: number) =>
    error(4070005, `The verification flow expired ${minutes} minutes ago, please try again.`),
  invalidVerificationCode: () =>
    error(4070006, 'The verification code is invalid or has already been used. Please try again.'),
} as const;
