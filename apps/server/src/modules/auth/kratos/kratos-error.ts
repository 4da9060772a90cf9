const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  410: 'Gone',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
};

/** Kratos's generic error content: `{id, code, status, reason, message, details}`. */
export interface GenericError {
  id?: string;
  code: number;
  status: string;
  reason?: string;
  message: string;
  details?: Record<string, unknown>;
}

/**
 * An error of the identity provider, answered as Kratos answers it: `{error: {...}}` plus any
 * top-level extras (`redirect_browser_to`, `use_flow_id`, `expired_at`, `since`).
 */
export class KratosError extends Error {
  override name = 'KratosError';
  constructor(
    readonly code: number,
    readonly errorId: string | undefined,
    message: string,
    readonly reason?: string,
    readonly extra: Record<string, unknown> = {},
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }

  /** The JSON body. */
  body(): Record<string, unknown> {
    const error: GenericError = { code: this.code, status: STATUS_TEXT[this.code] ?? 'Error', message: this.message };
    if (this.errorId) error.id = this.errorId;
    if (this.reason) error.reason = this.reason;
    if (this.details) error.details = this.details;
    return { error, ...this.extra };
  }
}

/** The errors the flows raise, with Kratos's ids, reasons and messages. */
export const KRATOS_ERRORS = {
  notFound: () =>
    new KratosError(404, undefined, 'The requested resource could not be found', 'Unable to locate the resource'),
  badRequest: (reason: string) =>
    new KratosError(400, undefined, 'The request was malformed or contained invalid parameters', reason),
  csrf: () =>
    new KratosError(
      403,
      'security_csrf_violation',
      'the request was rejected to protect you from Cross-Site-Request-Forgery',
      'Please retry the flow and optionally clear your cookies. The request was rejected to protect you from Cross-Site-Request-Forgery (CSRF) which could cause account takeover, leaking personal information, and other serious security issues.',
    ),
  expired: (useFlowId: string, expiredAt: Date) =>
    new KratosError(
      410,
      'self_service_flow_expired',
      'self-service flow expired',
      'The self-service flow has expired. Please restart the flow.',
      {
        use_flow_id: useFlowId,
        expired_at: expiredAt.toISOString(),
        since: Math.max(0, Date.now() - expiredAt.getTime()) * 1_000_000,
      },
    ),
  returnToForbidden: (url: string) =>
    new KratosError(
      400,
      'self_service_flow_return_to_forbidden',
      'The request was malformed or contained invalid parameters',
      `Requested return_to URL "${url}" is not allowed.`,
    ),
  sessionAlreadyAvailable: () =>
    new KratosError(
      400,
      'session_already_available',
      'session is already available',
      'A valid session was detected and thus login is not possible. Did you forget to set `?refresh=true`?',
    ),
  registrationDisabled: (hint: string) =>
    new KratosError(
      400,
      'self_service_flow_disabled',
      'The request was malformed or contained invalid parameters',
      `Registration is not allowed because it was disabled. ${hint}`,
    ),
  sessionInactive: () =>
    new KratosError(
      401,
      'session_inactive',
      'request does not have a valid authentication session',
      'No active session was found in this request.',
    ),
  noSession: () =>
    new KratosError(
      401,
      'session_inactive',
      'The request could not be authorized',
      'No valid session credentials found in the request.',
    ),
  aal2Required: (redirectTo: string) =>
    new KratosError(
      403,
      'session_aal2_required',
      'Session does not fulfill the requested Authenticator Assurance Level',
      'An active session was found but it does not fulfill the Authenticator Assurance Level, implying that the session must (e.g.) authenticate the second authentication factor.',
      { redirect_browser_to: redirectTo },
      { redirect_browser_to: redirectTo },
    ),
  refreshRequired: (redirectTo: string) =>
    new KratosError(
      403,
      'session_refresh_required',
      'The login session is too old and thus not allowed to update these fields. Please re-authenticate.',
      'The session is too old to perform this action. Please sign in again.',
      { redirect_browser_to: redirectTo },
      { redirect_browser_to: redirectTo },
    ),
  identityMismatch: () =>
    new KratosError(
      403,
      'security_identity_mismatch',
      'the requested action was forbidden',
      'The flow was interrupted because the session identity does not match the identity of the flow.',
    ),
  locationChange: (redirectTo: string) =>
    new KratosError(
      422,
      'browser_location_change_required',
      'browser location change required',
      'In order to complete this flow please redirect the browser to the location given in redirect_browser_to.',
      { redirect_browser_to: redirectTo },
    ),
  flowTypeMismatch: () =>
    new KratosError(
      403,
      'self_service_flow_type_mismatch',
      'the requested action was forbidden',
      'The flow type does not match the request: api flows take no cookies and browser flows need them.',
    ),
  aal2WithoutSession: () =>
    new KratosError(
      401,
      'session_inactive',
      'request does not have a valid authentication session',
      'You can not requested a higher AAL (AAL2/AAL3) without an active session.',
    ),
} as const;
