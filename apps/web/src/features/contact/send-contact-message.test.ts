import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendContactMessage } from './send-contact-message';

const input = { name: '  Ada ', email: ' ada@example.com ', message: '\nHello there\n', website: '' };

function answer(status: number, body: unknown) {
  const fetch = vi.fn(() => Promise.resolve(new Response(body === null ? null : JSON.stringify(body), { status })));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('sendContactMessage', () => {
  it('posts the trimmed fields and the honeypot as JSON to /api/contact', async () => {
    const fetch = answer(201, { ok: true });
    await expect(sendContactMessage({ ...input, website: 'spam.example' })).resolves.toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/contact');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      message: 'Hello there',
      website: 'spam.example',
    });
  });

  it.each([
    [400, { error: { code: 'INVALID_INPUT', message: 'name: required' } }, 'invalid'],
    [429, { error: { code: 'RATE_LIMITED', message: 'Too many messages' } }, 'rateLimited'],
    // A rate limit answered by a proxy or the framework's plugin, in its own shape.
    [429, { statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded' }, 'rateLimited'],
    [500, null, 'failed'],
    [503, { error: { code: 'UNAVAILABLE', message: '' } }, 'failed'],
  ])('turns HTTP %i into the problem of its kind', async (status, body, problem) => {
    answer(status, body);
    await expect(sendContactMessage(input)).resolves.toMatchObject({ ok: false, problem });
  });

  it('does not take an unexpected success answer for a sent message', async () => {
    answer(201, '<html>proxy page</html>');
    await expect(sendContactMessage(input)).resolves.toMatchObject({ ok: false, problem: 'failed' });
  });

  it('reports a network failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(sendContactMessage(input)).resolves.toMatchObject({ ok: false, problem: 'failed' });
  });
});
