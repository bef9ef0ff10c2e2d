// Test support for the admin API: logging in from a given address and calling with the session's
// cookie and CSRF token, as the admin page does.
import { adminSessionSchema, CSRF_HEADER, type AdminSession } from '@archive-opener/shared/api';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

export const ADMIN_PASSWORD = 'correct horse battery staple';

export interface AdminClient {
  session: AdminSession;
  cookie: string;
  /** A call with the session cookie and, unless `csrf: false`, the CSRF token. */
  call(options: InjectOptions & { csrf?: boolean | string }): Promise<LightMyRequestResponse>;
}

export function login(app: FastifyInstance, password: string, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/admin/login', payload: { password }, remoteAddress });
}

export async function loggedIn(app: FastifyInstance, remoteAddress = '127.0.0.1'): Promise<AdminClient> {
  const res = await login(app, ADMIN_PASSWORD, remoteAddress);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const session = adminSessionSchema.parse(res.json());
  const cookie = res.cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
  return {
    session,
    cookie,
    call: ({ csrf = true, headers, ...options }) =>
      app.inject({
        ...options,
        headers: {
          ...headers,
          cookie,
          ...(csrf === false ? {} : { [CSRF_HEADER]: typeof csrf === 'string' ? csrf : session.csrfToken }),
        },
      }),
  };
}

export function sendContact(app: FastifyInstance, payload: Record<string, unknown>, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress });
}
