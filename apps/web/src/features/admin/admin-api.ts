/**
 * The admin API as the admin page uses it (docs/decisions/005-admin-on-the-server.md): same-origin
 * calls that carry the HttpOnly session cookie, the CSRF token on every state-changing call, and
 * every answer checked against the shared schemas, since a proxy or an older server may answer
 * something else.
 */
import {
  adminMessageSchema,
  adminMessagesSchema,
  adminSessionSchema,
  CSRF_HEADER,
  dashboardSchema,
  type AdminMessage,
  type AdminMessages,
  type AdminSession,
  type Dashboard,
} from '@archive-opener/shared/api';
import { ApiRequestError, fetchApi } from '../../lib/api-request-error';

export const ADMIN_API = '/api/admin';

/** No valid session (never logged in, idle for 30 minutes, or past the 8-hour limit). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiRequestError && error.code === 'UNAUTHORIZED';
}

/** Every call fails with the page's one API error type (lib/api-request-error.ts). */
function call(path: string, init: RequestInit = {}): Promise<Response> {
  return fetchApi(`${ADMIN_API}${path}`, { credentials: 'same-origin', ...init });
}

/** What this module needs of a zod schema (the web app does not depend on zod itself). */
interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

async function parsed<T>(response: Response, schema: Schema<T>): Promise<T> {
  const result = schema.safeParse(await response.json().catch(() => null));
  if (!result.success) throw ApiRequestError.unexpected(response.status);
  return result.data;
}

const jsonHeaders = (csrfToken?: string): Record<string, string> => ({
  'Content-Type': 'application/json',
  ...(csrfToken ? { [CSRF_HEADER]: csrfToken } : {}),
});

/** The current session, or null when there is none (the login form is shown). */
export async function fetchSession(): Promise<AdminSession | null> {
  try {
    return await parsed(await call('/session'), adminSessionSchema);
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}

export async function login(password: string): Promise<AdminSession> {
  const response = await call('/login', { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ password }) });
  return parsed(response, adminSessionSchema);
}

export async function logout(csrfToken: string): Promise<void> {
  await call('/logout', { method: 'POST', headers: { [CSRF_HEADER]: csrfToken } });
}

/** `timeZone` decides which day "today" is: the admin's own. */
export async function fetchDashboard(timeZone: string): Promise<Dashboard> {
  return parsed(await call(`/dashboard?tz=${encodeURIComponent(timeZone)}`), dashboardSchema);
}

export async function fetchMessages(): Promise<AdminMessages> {
  return parsed(await call('/messages'), adminMessagesSchema);
}

export async function markMessageRead(id: string, csrfToken: string): Promise<AdminMessage> {
  const response = await call(`/messages/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    headers: jsonHeaders(csrfToken),
    body: JSON.stringify({ isRead: true }),
  });
  return parsed(response, adminMessageSchema);
}

export async function deleteMessage(id: string, csrfToken: string): Promise<void> {
  await call(`/messages/${encodeURIComponent(id)}`, { method: 'DELETE', headers: { [CSRF_HEADER]: csrfToken } });
}
