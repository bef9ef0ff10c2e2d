import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, fetchApi, refusal, refusalOf } from './api-request-error';

afterEach(() => vi.unstubAllGlobals());

describe('ApiRequestError, the page’s one error type for API calls', () => {
  it('takes the code the refusal names, when it is on the list', () => {
    const error = refusal(503, { error: { code: 'LOGIN_BUSY', message: 'busy' } }, '5');
    expect([error.failure, error.status, error.code, error.retryAfterSeconds]).toEqual(['refused', 503, 'LOGIN_BUSY', 5]);
  });

  it('falls back on the general code of the status for a refusal in another shape', () => {
    expect(refusal(429, { statusCode: 429, error: 'Too Many Requests' }).code).toBe('RATE_LIMITED');
    expect(refusal(413, '<html>Request Entity Too Large</html>').code).toBe('PAYLOAD_TOO_LARGE');
    expect(refusal(401, { error: { code: 'MADE_UP', message: '' } }).code).toBe('UNAUTHORIZED');
    expect(refusal(502, null).code).toBeNull();
    expect(refusal(429, null, 'soon').retryAfterSeconds).toBeNull();
  });

  it('reads a fetch answer’s body and Retry-After', async () => {
    const response = Response.json(
      { error: { code: 'LOGIN_LOCKED', message: '' } },
      { status: 429, headers: { 'Retry-After': '900' } },
    );
    expect(await refusalOf(response)).toMatchObject({ code: 'LOGIN_LOCKED', retryAfterSeconds: 900 });
  });

  it('fetchApi: answers pass, refusals and no answer are thrown as ApiRequestError', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('ok', { status: 200 })));
    expect(await (await fetchApi('/api/x')).text()).toBe('ok');
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ error: { code: 'GONE', message: '' } }, { status: 410 })));
    await expect(fetchApi('/api/x')).rejects.toMatchObject({ failure: 'refused', code: 'GONE' });
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(fetchApi('/api/x')).rejects.toMatchObject({ failure: 'unreached', status: 0, code: null });
    expect(ApiRequestError.of('GONE').status).toBe(410);
  });

  it('lets a cancellation through as itself', async () => {
    const controller = new AbortController();
    controller.abort();
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => Promise.reject(init.signal?.reason as Error));
    await expect(fetchApi('/api/x', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});
