import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSession } from '@archive-opener/shared/api';
import { fetchSession, isUnauthorized, login, logout } from './admin-api';
import { adminKeys, csrfToken, endSession, OWN_UNAUTHORIZED } from './admin-query-client';

/**
 * Whether the admin is logged in: asked once on load (the HttpOnly cookie is invisible to the
 * page); afterwards only login, logout and a refused dashboard call change it.
 */
export function useAdminSession() {
  return useQuery({
    queryKey: adminKeys.session,
    queryFn: fetchSession,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: login,
    meta: OWN_UNAUTHORIZED,
    onSuccess: (session) => client.setQueryData<AdminSession | null>(adminKeys.session, session),
  });
}

export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await logout(csrfToken(client));
      } catch (error) {
        // Already logged out on the server: the page only has to follow.
        if (!isUnauthorized(error)) throw error;
      }
    },
    meta: OWN_UNAUTHORIZED,
    onSuccess: () => endSession(client),
  });
}
