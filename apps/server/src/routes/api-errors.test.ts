// Every refusal goes out with its code's status from the one list (packages/shared/src/api-errors.ts),
// including Fastify's own refusals, which get the list's general code of their status.
import { API_ERROR_STATUS } from '@archive-opener/shared';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, apiErrorHandler, refuse } from './api-errors.js';

const app = Fastify({ logger: false });

beforeAll(async () => {
  app.setErrorHandler(apiErrorHandler);
  app.get('/refuse', async (_request, reply) => refuse(reply, 'LOGIN_BUSY'));
  app.get('/throw', async () => {
    throw new ApiError('GONE');
  });
  app.get('/crash', async () => {
    throw new Error('a secret path /var/data');
  });
  app.post('/json', async () => ({ ok: true }));
  await app.ready();
});
afterAll(() => app.close());

describe('API refusals', () => {
  it('answer a refused code with its status from the list and its default message', async () => {
    const busy = await app.inject('/refuse');
    expect(busy.statusCode).toBe(API_ERROR_STATUS.LOGIN_BUSY);
    expect(busy.json()).toEqual({
      error: { code: 'LOGIN_BUSY', message: 'Too many logins are being checked right now. Please try again in a few seconds.' },
    });
    const gone = await app.inject('/throw');
    expect([gone.statusCode, gone.json<{ error: { code: string } }>().error.code]).toEqual([410, 'GONE']);
  });

  it("turn Fastify's own refusals into the list's general code, and hide our failures", async () => {
    const badJson = await app.inject({
      method: 'POST',
      url: '/json',
      payload: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect([badJson.statusCode, badJson.json<{ error: { code: string } }>().error.code]).toEqual([400, 'BAD_REQUEST']);
    const media = await app.inject({ method: 'POST', url: '/json', payload: 'x', headers: { 'content-type': 'text/x-made-up' } });
    expect([media.statusCode, media.json<{ error: { code: string } }>().error.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const crash = await app.inject('/crash');
    expect(crash.statusCode).toBe(500);
    expect(crash.json()).toEqual({ error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } });
  });
});
