// The one shape of every API refusal, `{ error: { code, message } }`, for all API route groups,
// with codes and statuses from the one list (packages/shared/src/api-errors.ts): unexpected
// failures are logged and never show their details to the client.
import {
  API_ERROR_STATUS,
  apiErrorCodeForStatus,
  DEFAULT_API_ERROR_MESSAGES,
  isApiErrorCode,
  type ApiErrorCode,
} from '@archive-opener/shared';
import type { ApiRefusal } from '@archive-opener/shared/api';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

export function apiError(code: ApiErrorCode, message: string = DEFAULT_API_ERROR_MESSAGES[code]): ApiRefusal {
  return { error: { code, message } };
}

/** An expected refusal thrown from a handler, rendered by apiErrorHandler with its code's status. */
export class ApiError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ApiErrorCode,
    message: string = DEFAULT_API_ERROR_MESSAGES[code],
  ) {
    super(message);
    this.statusCode = API_ERROR_STATUS[code];
  }
}

/** Answers the refusal `code` with its status from the list. */
export function refuse(reply: FastifyReply, code: ApiErrorCode, message?: string): FastifyReply {
  return reply.code(API_ERROR_STATUS[code]).send(apiError(code, message));
}

export function apiErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error(error);
    return refuse(reply, 'INTERNAL');
  }
  // Fastify's and its plugins' own refusals (FST_ERR_…) as the list's general code of their status.
  const code = isApiErrorCode(error.code) ? error.code : (apiErrorCodeForStatus(status) ?? 'BAD_REQUEST');
  return refuse(reply, code, error.message);
}

/** The request part checked by `schema`, or a 400 INVALID_INPUT naming what is wrong. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`);
  throw new ApiError('INVALID_INPUT', `Invalid request. ${problems.join('; ')}`);
}
