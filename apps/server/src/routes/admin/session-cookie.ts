// The admin session cookie: HttpOnly (no script reads it), SameSite=Strict (no other site sends
// it), only sent to the admin API, Secure in production.
import type { CookieSerializeOptions } from '@fastify/cookie';

export const SESSION_COOKIE = 'ao_admin_session';

export function sessionCookieOptions(isProduction: boolean, maxAgeMs: number): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'strict',
    secure: isProduction,
    path: '/api/admin',
    maxAge: Math.floor(maxAgeMs / 1000),
  };
}
