import { UI_MESSAGES } from '@mc/contracts';

/** The body of a failed answer, as the server or PostgREST sends it. */
export interface ErrorBody {
  message?: string;
  error?: string;
  code?: string;
  details?: unknown;
  hint?: string;
  /** The 500 answer names the request so people can quote it; other answers carry it as a header. */
  requestId?: string;
}

/**
 * A failed call: `status` 0 means the request never got an answer (timeout, network, offline).
 * `response.data` mirrors the shape screens read error texts from (000 §8: "response.data.error").
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly response: { status: number; data: ErrorBody };
  /** The server's X-Request-Id of the failed call, which its logs carry; absent when none answered. */
  readonly requestId?: string;

  constructor(status: number, message: string, data: ErrorBody = {}, requestId?: string) {
    super(message);
    this.status = status;
    this.response = { status, data };
    this.requestId = requestId ?? nonEmptyString(data.requestId);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * The text an error toast shows (001 §8): the error's message, else response.data.error, else
 * response.data.message, else 'An error occurred'.
 */
export function errorMessage(error: unknown): string {
  if (!isRecord(error)) return nonEmptyString(error) ?? UI_MESSAGES.anError;
  const own = nonEmptyString(error.message);
  if (own) return own;
  const response = isRecord(error.response) ? error.response : undefined;
  const data = response && isRecord(response.data) ? response.data : undefined;
  return nonEmptyString(data?.error) ?? nonEmptyString(data?.message) ?? UI_MESSAGES.anError;
}

/** Builds the ApiError for an answered request from its status and (maybe JSON) body. */
export function errorFromBody(status: number, body: unknown, requestId?: string | null): ApiError {
  const data: ErrorBody = isRecord(body) ? body : {};
  const message = nonEmptyString(data.message) ?? nonEmptyString(data.error) ?? UI_MESSAGES.anError;
  return new ApiError(status, message, data, requestId ?? undefined);
}
