/**
 * Stable error codes shared by the engine, the server and the web app. Callers switch on `code`;
 * `message` is English for logs and API clients, the UI translates by code.
 */
export const ERROR_CODES = [
  'PASSWORD_REQUIRED',
  'WRONG_PASSWORD',
  'UNSUPPORTED_FORMAT',
  'CORRUPT_ARCHIVE',
  'MISSING_VOLUME',
  'LIMIT_EXCEEDED',
  'CANCELLED',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Which safety limit stopped an extraction (`details.limit` of LIMIT_EXCEEDED). */
export type LimitName =
  | 'totalBytes'
  | 'entryCount'
  | 'expansionRatio'
  | 'kdfCost'
  | 'nestingDepth'
  | 'archiveSize'
  | 'time'
  | 'memory'
  | 'nameLength'
  /** The output would not fit in the storage the browser grants the site (details: `needed`, `available` bytes). */
  | 'storage';

export interface ErrorShape {
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
}

export const DEFAULT_ERROR_MESSAGES: Record<ErrorCode, string> = {
  PASSWORD_REQUIRED: 'This archive is password-protected. Please provide the password.',
  WRONG_PASSWORD: 'The password is wrong.',
  UNSUPPORTED_FORMAT: 'This file is not an archive in a format we can open.',
  CORRUPT_ARCHIVE: 'The archive is damaged or incomplete.',
  MISSING_VOLUME: 'A part of this multi-volume archive is missing.',
  LIMIT_EXCEEDED: 'The archive exceeds a safety limit.',
  CANCELLED: 'The operation was cancelled.',
  INTERNAL: 'An internal error occurred.',
};

/** The password is missing or wrong: the visitor is asked for it, and another try with the same one would fail alike. */
export function isPasswordProblem(code: ErrorCode): code is 'PASSWORD_REQUIRED' | 'WRONG_PASSWORD' {
  return code === 'PASSWORD_REQUIRED' || code === 'WRONG_PASSWORD';
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
