import { useQuery } from '@tanstack/react-query';
import { fetchDashboard } from './admin-api';
import { adminKeys } from './admin-query-client';

export const DASHBOARD_REFRESH_MS = 30_000;

/** The admin's own time zone decides which day "today" is. */
function timeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Statistics, recent activity and system status: fresh every 30 s and whenever the tab is focused again. */
export function useDashboard() {
  const zone = timeZone();
  return useQuery({
    queryKey: adminKeys.dashboard(zone),
    queryFn: () => fetchDashboard(zone),
    refetchInterval: DASHBOARD_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}
