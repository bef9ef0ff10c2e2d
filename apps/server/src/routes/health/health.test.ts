import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../testing/helper.js';

describe('GET /healthz', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build();
  });
  afterAll(() => app.close());

  it('answers ok with the uptime, never cached', async () => {
    const res = await app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<{ status: string; uptimeSeconds: number }>();
    expect(body.status).toBe('ok');
    expect(Number.isInteger(body.uptimeSeconds)).toBe(true);
  });
});
