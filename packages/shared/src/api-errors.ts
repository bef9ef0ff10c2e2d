/**
 * The HTTP API's own refusal codes (docs/decisions/026-errors-are-codes.md), beside the engine's
 * (errors.ts): each with the one HTTP status the server sends it with and an English message for
 * logs and API clients. The server refuses only with these; the page reads them with one error
 * type and translates the ones a visitor can meet.
 */
export const API_ERROR_CODES = [
  'BAD_REQUEST',
  'INVALID_INPUT',
  'INVALID_MULTIPART',
  'UPLOAD_INCOMPLETE',
  'TOO_MANY_PARTS',
  'TOO_MANY_FIELDS',
  'PASSWORD_TOO_LONG',
  'UNAUTHORIZED',
  'LOGIN_FAILED',
  'CSRF',
  'NOT_FOUND',
  'NOT_READY',
  'BUSY',
  'GONE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'QUEUE_FULL',
  'TOO_MANY_STREAMS',
  'LOGIN_LOCKED',
  'INTERNAL',
  'STORAGE_FULL',
  'LOGIN_BUSY',
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export const API_ERROR_STATUS: Record<ApiErrorCode, number> = {
  BAD_REQUEST: 400,
  INVALID_INPUT: 400,
  INVALID_MULTIPART: 400,
  UPLOAD_INCOMPLETE: 400,
  TOO_MANY_PARTS: 400,
  TOO_MANY_FIELDS: 400,
  PASSWORD_TOO_LONG: 400,
  UNAUTHORIZED: 401,
  LOGIN_FAILED: 401,
  CSRF: 403,
  NOT_FOUND: 404,
  NOT_READY: 409,
  BUSY: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  // "Rate limit exceeded" is what the original product's client looks for
  // (docs/decisions/025-compatibility-with-the-original-client.md).
  RATE_LIMITED: 429,
  QUEUE_FULL: 429,
  TOO_MANY_STREAMS: 429,
  LOGIN_LOCKED: 429,
  INTERNAL: 500,
  STORAGE_FULL: 503,
  LOGIN_BUSY: 503,
};

/** The message when a refusal has nothing more precise to say (routes may add the numbers). */
export const DEFAULT_API_ERROR_MESSAGES: Record<ApiErrorCode, string> = {
  BAD_REQUEST: 'The request is not valid.',
  INVALID_INPUT: 'Invalid request.',
  INVALID_MULTIPART: 'The upload is not valid multipart/form-data.',
  UPLOAD_INCOMPLETE: 'The upload ended before all of it was received.',
  TOO_MANY_PARTS: 'The upload has too many archive parts.',
  TOO_MANY_FIELDS: 'The upload has too many form fields.',
  PASSWORD_TOO_LONG: 'The password is too long.',
  UNAUTHORIZED: 'Please log in.',
  LOGIN_FAILED: 'Incorrect password',
  CSRF: 'The request is missing its security token. Please reload the page.',
  NOT_FOUND: 'Not found.',
  NOT_READY: 'The extraction has not finished.',
  BUSY: 'The extraction is running on another server; try again when it ends.',
  GONE: 'These files have expired and were deleted.',
  PAYLOAD_TOO_LARGE: 'The archive is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'The request body has a type this address does not take.',
  RATE_LIMITED: 'Rate limit exceeded: too many requests. Please try again later.',
  QUEUE_FULL: 'Too many archives are waiting. Please try again in a few minutes.',
  TOO_MANY_STREAMS: 'Too many live-progress streams are open.',
  LOGIN_LOCKED: 'Too many failed logins. Please try again later.',
  INTERNAL: 'Something went wrong on our side.',
  STORAGE_FULL: 'The server is busy and cannot take more archives right now. Please try again later, or extract in your browser.',
  LOGIN_BUSY: 'Too many logins are being checked right now. Please try again in a few seconds.',
};

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && (API_ERROR_CODES as readonly string[]).includes(value);
}

/**
 * What a refusal that names no code of the list (a framework's, a proxy's) stands for, by its
 * status. Only statuses that mean one thing whoever sends them: a proxy's 503 is not STORAGE_FULL.
 */
const GENERAL_CODES: Readonly<Record<number, ApiErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  404: 'NOT_FOUND',
  410: 'GONE',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  500: 'INTERNAL',
};

/** The general code of an HTTP status, or null when the status alone says nothing more. */
export function apiErrorCodeForStatus(status: number): ApiErrorCode | null {
  return GENERAL_CODES[status] ?? null;
}
