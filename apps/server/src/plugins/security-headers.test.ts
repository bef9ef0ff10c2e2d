import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../testing/helper.js';

const EXPECTED_CSP =
  "default-src 'self';script-src 'self' 'wasm-unsafe-eval';worker-src 'self' blob:;style-src 'self' 'unsafe-inline';" +
  "img-src 'self' blob: data:;media-src 'self' blob:;frame-src 'self' blob:;object-src 'self' blob:;connect-src 'self';" +
  "font-src 'self';base-uri 'self';form-action 'self';frame-ancestors 'none'";

describe('security headers (development)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build();
  });
  afterAll(() => app.close());

  it.each(['/', '/es/about', '/assets/app-abc123.js', '/7zz.wasm', '/no-such-page', '/missing.js', '/healthz'])(
    'are sent on %s',
    async (url) => {
      const res = await app.inject(url);
      expect(res.headers['content-security-policy']).toBe(EXPECTED_CSP);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['permissions-policy']).toContain('camera=()');
      expect(res.headers['permissions-policy']).toContain('microphone=()');
      expect(res.headers['permissions-policy']).toContain('geolocation=()');
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['server']).toBeUndefined();
    },
  );

  it('sends no HSTS and no upgrade-insecure-requests outside production (plain http://localhost)', async () => {
    const res = await app.inject('/');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});

describe('security headers (production)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build({ env: { NODE_ENV: 'production' } });
  });
  afterAll(() => app.close());

  it('adds HSTS and upgrade-insecure-requests', async () => {
    const res = await app.inject('/');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['content-security-policy']).toBe(`${EXPECTED_CSP};upgrade-insecure-requests`);
  });
});
