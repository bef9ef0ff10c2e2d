import { DEFAULT_ERROR_MESSAGES, isErrorCode, type ErrorCode, type ErrorShape } from '@archive-opener/shared';

/** The only error the engine throws on purpose: a stable code, an English message, details for logs. */
export class EngineError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown>;

  constructor(code: ErrorCode, message?: string, details: Record<string, unknown> = {}) {
    super(message ?? DEFAULT_ERROR_MESSAGES[code]);
    this.name = 'EngineError';
    this.code = code;
    this.details = details;
  }

  toJSON(): ErrorShape {
    return Object.keys(this.details).length > 0
      ? { code: this.code, message: this.message, details: this.details }
      : { code: this.code, message: this.message };
  }
}

/** Anything thrown becomes an EngineError; unknown failures are INTERNAL, keeping their text in details. */
export function toEngineError(error: unknown): EngineError {
  if (error instanceof EngineError) return error;
  if (isErrorShape(error)) return new EngineError(error.code, error.message, error.details ?? {});
  const text = error instanceof Error ? error.message : String(error);
  return new EngineError('INTERNAL', undefined, {
    cause: text,
    stack: error instanceof Error ? error.stack : undefined,
    raw: error,
  });
}

/** Errors cross worker boundaries as plain objects; this recognises them on the other side. */
export function isErrorShape(value: unknown): value is ErrorShape {
  return (
    typeof value === 'object' &&
    value !== null &&
    isErrorCode((value as { code?: unknown }).code) &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}
