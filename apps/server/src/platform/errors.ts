import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Error codes a service may raise; one handler maps each to an HTTP status. */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  too_many_requests: 429,
  /** A remote system the request needed (a log backend…) failed; the message is its own. */
  bad_gateway: 502,
  unavailable: 503,
  /** A remote part of this installation (an agent) did not answer in time, or is offline. */
  gateway_timeout: 504,
} as const satisfies Record<string, ContentfulStatusCode>;

/** A code from {@link ERROR_STATUS}. */
export type ErrorCode = keyof typeof ERROR_STATUS;

/** The one error type services throw: a code, a user-facing message and optional details. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }

  get status(): ContentfulStatusCode {
    return ERROR_STATUS[this.code];
  }
}
