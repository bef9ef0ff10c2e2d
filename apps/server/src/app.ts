// Builds the Fastify application from a validated config: cross-cutting plugins first (they apply
// to every response), then the database and what uses it, then the routes. server.ts listens;
// tests call buildApp and use inject().
import { API_ERROR_STATUS, type ApiErrorCode } from '@archive-opener/shared';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { AdminAuth } from './admin/admin-auth.js';
import { resolveAdminPassword } from './admin/admin-password.js';
import { PasswordVerifier } from './admin/password-verifier.js';
import { systemStatus } from './admin/system-status.js';
import type { Config } from './config.js';
import { openDatabase } from './db/open-database.js';
import { redactJobIds } from './logging/job-id-redaction.js';
import { compression } from './plugins/compression.js';
import { requestTimeouts, serverTimeouts } from './plugins/request-timeouts.js';
import { securityHeaders } from './plugins/security-headers.js';
import { serverExtraction } from './plugins/server-extraction.js';
import { VisitorHasher } from './privacy/visitor-hasher.js';
import admin from './routes/admin/index.js';
import serverSettings from './routes/config/index.js';
import contact from './routes/contact/index.js';
import health from './routes/health/index.js';
import reports from './routes/reports/index.js';
import seo from './routes/seo/index.js';
import site from './routes/site/index.js';
import { SERVER_VERSION } from './version.js';

export interface BuildAppOptions {
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

export async function buildApp(config: Config, { logStream }: BuildAppOptions = {}): Promise<FastifyInstance> {
  const { trustProxy } = config;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      // Request logs without the client's address: the privacy page promises no stored IP.
      serializers: { req: (request) => ({ method: request.method, url: request.url }) },
      // Nor a whole job id, the only key to a job's files.
      hooks: { streamWrite: redactJobIds },
    },
    // A hop count trusts that many proxies in front of the server.
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    ...serverTimeouts(config.http),
  });
  requestTimeouts(app, config.http);

  await securityHeaders(app, { isProduction: config.isProduction });
  await compression(app);
  await app.register(rateLimit, {
    global: false,
    // Thrown as an error with a code, which each API's error handler turns into its one shape; the
    // words "rate limit" are what the original product's client looks for.
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`Rate limit exceeded: too many requests. Please try again in ${context.after}.`), {
        statusCode: API_ERROR_STATUS.RATE_LIMITED,
        code: 'RATE_LIMITED' satisfies ApiErrorCode,
      }),
  });

  const db = await openDatabase({ ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}), dataDir: config.dataDir });
  // onClose hooks run in reverse order: added first, the database closes after everything using it.
  app.addHook('onClose', () => db.close());
  const visitors = new VisitorHasher(db);
  const adminPassword = await resolveAdminPassword(db, config.admin);
  if (adminPassword.generated)
    app.log.warn(
      `No ADMIN_PASSWORD was set, so one was generated for the admin page. It is shown only this once: ${adminPassword.generated}`,
    );

  const verifier = new PasswordVerifier();
  app.addHook('onClose', () => verifier.close());

  await app.register(health);
  await app.register(serverSettings, {
    settings: {
      retentionMinutes: config.retentionMs / 60_000,
      maxUploadMb: config.maxUploadBytes / (1024 * 1024),
      extractConcurrency: config.extractConcurrency,
    },
  });
  const { runner, storage } = await serverExtraction(app, config, { db, visitors });
  await app.register(contact, { db, rate: config.rates.contact });
  await app.register(reports, { db, visitors, rates: config.rates });
  await app.register(admin, {
    db,
    visitors,
    auth: new AdminAuth({ ...config.admin, db, verifier, passwordHash: adminPassword.hash }),
    system: systemStatus({
      db,
      storageRoot: storage.root,
      workers: () => ({ busy: runner.runningCount, capacity: config.extractConcurrency }),
      version: SERVER_VERSION,
    }),
    isProduction: config.isProduction,
    sessionIdleMs: config.admin.sessionIdleMs,
    sessionMaxMs: config.admin.sessionMaxMs,
  });
  await app.register(seo, { publicUrl: config.publicUrl, webRoot: config.webRoot });
  // Last: the site owns the catch-all 404 page.
  await app.register(site, { webRoot: config.webRoot, publicUrl: config.publicUrl });
  return app;
}
