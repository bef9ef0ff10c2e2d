import { API_ERROR_STATUS, apiErrorCodeForStatus, isApiErrorCode, type ApiErrorCode } from '@archive-opener/shared';

/**
 * How a call to the server's API went wrong: `refused` with an HTTP status and one of the API's
 * codes (packages/shared/src/api-errors.ts), `unreached` when no answer came (offline, connection
 * cut), `unexpected` when the answer was not what the API's schema says (a proxy, an older server).
 */
export type ApiFailure = 'refused' | 'unreached' | 'unexpected';

/**
 * The page's one error type for its calls to the API: extraction, file bytes, contact and admin
 * alike. Callers decide by `code`, never by status or message (docs/decisions/026-errors-are-codes.md).
 */
export class ApiRequestError extends Error {
  constructor(
    readonly failure: ApiFailure,
    /** The HTTP status; 0 when no answer came. */
    readonly status: number,
    /**
     * The refusal's code: the one the answer named, else the list's general code for its status
     * (a proxy's 413 is still PAYLOAD_TOO_LARGE); null when neither says anything (a 502).
     */
    readonly code: ApiErrorCode | null,
    /** From `Retry-After`, in seconds, when the answer gave one. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(failure === 'unreached' ? 'The server could not be reached' : `The API answered ${status}${code ? ` ${code}` : ''}`);
    this.name = 'ApiRequestError';
  }

  /** The same refusal the server sends for `code`, for a verdict the page reaches itself (a job known to be expired). */
  static of(code: ApiErrorCode): ApiRequestError {
    return new ApiRequestError('refused', API_ERROR_STATUS[code], code);
  }

  static unreached(): ApiRequestError {
    return new ApiRequestError('unreached', 0, null);
  }

  static unexpected(status: number): ApiRequestError {
    return new ApiRequestError('unexpected', status, null);
  }
}

/** The code a refusal's body `{ error: { code } }` names, when it is on the list. */
function namedCode(body: unknown): ApiErrorCode | null {
  if (typeof body !== 'object' || body === null) return null;
  const { error } = body as { error?: unknown };
  if (typeof error !== 'object' || error === null) return null;
  const { code } = error as { code?: unknown };
  return isApiErrorCode(code) ? code : null;
}

function seconds(header: string | null): number | null {
  const value = Number(header);
  return header !== null && Number.isFinite(value) && value > 0 ? value : null;
}

/** A refusal from its status, its parsed body and its `Retry-After` header. */
export function refusal(status: number, body: unknown, retryAfter: string | null = null): ApiRequestError {
  return new ApiRequestError('refused', status, namedCode(body) ?? apiErrorCodeForStatus(status), seconds(retryAfter));
}

/** A refused fetch answer (its body is read here). */
export async function refusalOf(response: Response): Promise<ApiRequestError> {
  const body: unknown = await response.json().catch(() => null);
  return refusal(response.status, body, response.headers.get('Retry-After'));
}

/** `fetch`, with "not reached" as an ApiRequestError and a refusal (not 2xx) thrown as one. */
export async function fetchApi(input: string, init?: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(input, init);
  } catch (error) {
    if (init?.signal?.aborted) throw error;
    throw ApiRequestError.unreached();
  }
  if (!response.ok) throw await refusalOf(response);
  return response;
}
