// The page's static-file reports come from every visitor, and an office behind one address is
// many visitors: its reports must all be taken, while a flood from one address still meets a limit.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../testing/helper.js';

const CHECK = {
  path: '/robots.txt',
  method: 'GET',
  userAgent: 'Mozilla/5.0 (office desktop)',
  referrer: '',
  success: true,
  status: 200,
  statusText: 'OK',
  contentType: 'text/plain; charset=utf-8',
  error: null,
};

const report = (app: FastifyInstance, remoteAddress: string, path = CHECK.path) =>
  app.inject({ method: 'POST', url: '/api/monitor-static-files', payload: { ...CHECK, path }, remoteAddress });

describe('static-file reports from one address', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build();
  });
  afterAll(() => app.close());

  it('takes every report of a busy office: 300 new tabs within minutes, two reports each', { timeout: 180_000 }, async () => {
    const statuses = new Map<number, number>();
    for (let tab = 0; tab < 300; tab++) {
      for (const path of ['/robots.txt', '/sitemap.xml']) {
        const { statusCode } = await report(app, '198.51.100.7', path);
        statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
      }
    }
    expect(Object.fromEntries(statuses)).toEqual({ 204: 600 });
  });
});

describe('a flood of static-file reports from one address', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build({
      configure: (config) => ({ ...config, rates: { ...config.rates, monitor: { max: 3, timeWindowMs: 60_000 } } }),
    });
  });
  afterAll(() => app.close());

  it('meets the limit with the usual coded 429', async () => {
    for (let i = 0; i < 3; i++) expect((await report(app, '198.51.100.8')).statusCode).toBe(204);
    const refused = await report(app, '198.51.100.8');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
  });
});
