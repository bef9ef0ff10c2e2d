/**
 * The admin page's server state (TanStack Query, in the admin chunk only). The session lives in
 * this client's memory and nowhere else: its CSRF token is never written to storage, and a
 * reload asks the server again (the cookie is HttpOnly).
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { AdminSession } from '@archive-opener/shared/api';
import { ApiRequestError } from '../../lib/api-request-error';
import { isUnauthorized } from './admin-api';

export const adminKeys = {
  session: ['admin', 'session'] as const,
  dashboard: (timeZone: string) => ['admin', 'dashboard', timeZone] as const,
  messages: ['admin', 'messages'] as const,
};

/** Marks a mutation whose 401 means something else than an ended session (a wrong password). */
export const OWN_UNAUTHORIZED = { ownUnauthorized: true } as const;

const MAX_RETRIES = 3;

/**
 * A refusal is final; a network failure or a server error is tried again
 * (docs/product.md#interface-timings: 3 times).
 */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && error.failure !== 'unreached' && (error.failure === 'unexpected' || error.status < 500))
    return false;
  return failureCount < MAX_RETRIES;
}

export function currentSession(client: QueryClient): AdminSession | null {
  return client.getQueryData<AdminSession | null>(adminKeys.session) ?? null;
}

/** The token a state-changing call sends; without a session the call would be refused anyway. */
export function csrfToken(client: QueryClient): string {
  return currentSession(client)?.csrfToken ?? '';
}

/** Back to the login form: the session and everything fetched with it are forgotten. */
export function endSession(client: QueryClient): void {
  client.setQueryData<AdminSession | null>(adminKeys.session, null);
  client.removeQueries({ predicate: (query) => query.queryKey[1] !== adminKeys.session[1] });
}

/**
 * `onSessionEnded` runs once when a dashboard call finds the session gone (idle 30 minutes or
 * past 8 hours), after the page is already back on the login form.
 */
export function createAdminQueryClient(onSessionEnded: () => void): QueryClient {
  const sessionEnded = (error: unknown) => {
    if (!isUnauthorized(error)) return;
    // Several calls may find out at once; the admin hears it once.
    if (currentSession(client) === null) return;
    endSession(client);
    onSessionEnded();
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: sessionEnded }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.ownUnauthorized) sessionEnded(error);
      },
    }),
    defaultOptions: {
      // gcTime stays the library's default: 5 minutes in the browser, never on the server. An
      // explicit one armed a 5-minute timer per query while prerendering, and the build waited for it.
      queries: { retry: shouldRetry },
      mutations: { retry: false },
    },
  });
  return client;
}
