// The admin API (docs/decisions/005-admin-on-the-server.md): login and logout, then everything else
// only with a live session; state-changing calls also need the session's CSRF token. Nothing here
// is cached.
import fastifyCookie from '@fastify/cookie';
import { adminLoginSchema, CSRF_HEADER, type AdminSession } from '@archive-opener/shared/api';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sameToken, type AdminAuth } from '../../admin/admin-auth.js';
import type { StoredSession } from '../../admin/admin-sessions-repository.js';
import type { VisitorHasher } from '../../privacy/visitor-hasher.js';
import { ApiError, apiErrorHandler, parseInput, refuse } from '../api-errors.js';
import dashboard, { type DashboardRoutesOptions } from './dashboard.js';
import messages from './messages.js';
import { SESSION_COOKIE, sessionCookieOptions } from './session-cookie.js';

export interface AdminRoutesOptions extends DashboardRoutesOptions {
  auth: AdminAuth;
  visitors: VisitorHasher;
  isProduction: boolean;
  sessionIdleMs: number;
  sessionMaxMs: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    adminSession: StoredSession | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// The password checks' queue drains in about a second or two.
const LOGIN_BUSY_RETRY_S = 5;

const admin: FastifyPluginAsync<AdminRoutesOptions> = async (app, options) => {
  const { auth, visitors } = options;
  await app.register(fastifyCookie);
  app.setErrorHandler(apiErrorHandler);
  app.decorateRequest('adminSession', null);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const sessionView = (session: StoredSession): AdminSession => ({
    csrfToken: session.csrfToken,
    expiresAt: session.expiresAt.toISOString(),
    idleMinutes: options.sessionIdleMs / 60_000,
  });

  app.post('/api/admin/login', { bodyLimit: 8 * 1024 }, async (request, reply) => {
    const { password } = parseInput(adminLoginSchema, request.body);
    const result = await auth.login(password, await visitors.clientKey(request.ip));
    if (result.kind === 'locked') {
      const seconds = Math.max(1, Math.ceil((result.until.getTime() - Date.now()) / 1000));
      reply.header('retry-after', String(seconds));
      throw new ApiError('LOGIN_LOCKED');
    }
    if (result.kind === 'busy') {
      reply.header('retry-after', String(LOGIN_BUSY_RETRY_S));
      return refuse(reply, 'LOGIN_BUSY');
    }
    if (result.kind === 'failed') throw new ApiError('LOGIN_FAILED');
    request.log.info('admin logged in');
    reply.setCookie(SESSION_COOKIE, result.token, sessionCookieOptions(options.isProduction, options.sessionMaxMs));
    return sessionView(result.session);
  });

  // Everything else needs a session, unknown admin paths included: without one, no route of the
  // admin API can be told from another.
  await app.register(async (authed) => {
    authed.addHook('onRequest', async (request: FastifyRequest) => {
      request.adminSession = await auth.session(request.cookies[SESSION_COOKIE]);
      if (!request.adminSession) throw new ApiError('UNAUTHORIZED');
      if (SAFE_METHODS.has(request.method)) return;
      const given = request.headers[CSRF_HEADER];
      if (typeof given !== 'string' || !sameToken(given, request.adminSession.csrfToken)) throw new ApiError('CSRF');
    });

    authed.get('/api/admin/session', async (request) => sessionView(request.adminSession!));

    authed.post('/api/admin/logout', async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await auth.logout(token);
      reply.clearCookie(SESSION_COOKIE, { path: '/api/admin' });
      return reply.code(204).send();
    });

    await authed.register(dashboard, options);
    await authed.register(messages, options);

    authed.all('/api/admin/*', async () => {
      throw new ApiError('NOT_FOUND', 'No such admin route.');
    });
  });
};

export default admin;
