// Builds the Fastify application from a validated config: cross-cutting plugins first (they apply
// to every response), then the routes. server.ts listens; tests call buildApp and use inject().
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { compression } from './plugins/compression.js';
import { securityHeaders } from './plugins/security-headers.js';
import { serverExtraction } from './plugins/server-extraction.js';
import health from './routes/health/index.js';
import seo from './routes/seo/index.js';
import site from './routes/site/index.js';

export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: config.logLevel } });

  await securityHeaders(app, { isProduction: config.isProduction });
  await compression(app);

  await app.register(health);
  await serverExtraction(app, config);
  await app.register(seo, { publicUrl: config.publicUrl });
  // Last: the site owns the catch-all 404 page.
  await app.register(site, { webRoot: config.webRoot, publicUrl: config.publicUrl });
  return app;
}
