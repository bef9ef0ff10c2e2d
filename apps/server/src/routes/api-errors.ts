// The one shape of every API refusal, `{ error: { code, message } }`, for all API route groups:
// unexpected failures are logged and never show their details to the client.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ApiRefusal } from '@archive-opener/shared/api';

export function apiError(code: string, message: string): ApiRefusal {
  return { error: { code, message } };
}

/** An expected refusal thrown from a handler, rendered by apiErrorHandler. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function apiErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error(error);
    return reply.code(500).send(apiError('INTERNAL', 'Something went wrong on our side.'));
  }
  return reply.code(status).send(apiError(error.code ?? 'BAD_REQUEST', error.message));
}

/** The request part checked by `schema`, or a 400 INVALID_INPUT naming what is wrong. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`);
  throw new ApiError(400, 'INVALID_INPUT', `Invalid request. ${problems.join('; ')}`);
}
