import { LoaderCircle, LogOut, RefreshCw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/toast/notify';
import { Button } from '../../components/ui/Button';
import { formatDateTime } from '../../lib/format-date';
import { MessageList } from './MessageList';
import { RecentActivity } from './RecentActivity';
import { StatsCards } from './StatsCards';
import { SystemStatus } from './SystemStatus';
import { useLogout } from './use-admin-session';
import { useDashboard } from './use-dashboard';

/**
 * The dashboard of docs/product.md#admin-page: stats cards, recent activity, system status, contact
 * messages, Logout.
 */
export function Dashboard() {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.resolvedLanguage;
  const dashboard = useDashboard();
  const logout = useLogout();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Just logged in: the form that had focus is gone, so focus starts at the top of the dashboard.
  useEffect(() => {
    if (document.activeElement === null || document.activeElement === document.body) headingRef.current?.focus();
  }, []);

  const signOut = () =>
    logout.mutate(undefined, {
      onError: () => notify.error(t('dashboard.logoutFailed')),
    });

  return (
    <div className="space-y-6 py-8 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none sm:text-3xl">
            {t('dashboard.title')}
          </h1>
          {dashboard.isSuccess && (
            <p className="mt-1 text-sm text-muted-foreground">
              {t('dashboard.updated', { time: formatDateTime(dashboard.dataUpdatedAt, locale) })}
            </p>
          )}
        </div>
        <Button variant="outline" onClick={signOut} disabled={logout.isPending} aria-busy={logout.isPending}>
          {logout.isPending ? (
            <LoaderCircle aria-hidden className="animate-spin motion-reduce:animate-none" />
          ) : (
            <LogOut aria-hidden className="rtl:-scale-x-100" />
          )}
          {logout.isPending ? t('dashboard.loggingOut') : t('dashboard.logout')}
        </Button>
      </div>

      {dashboard.isPending && (
        <p role="status" className="flex items-center gap-2 py-8 text-muted-foreground">
          <LoaderCircle aria-hidden className="size-5 animate-spin motion-reduce:animate-none" />
          {t('dashboard.loading')}
        </p>
      )}
      {dashboard.isError && !dashboard.data && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-xl border border-destructive/40 bg-destructive/10 p-4"
        >
          <p className="text-destructive">{t('dashboard.loadFailed')}</p>
          <Button variant="outline" size="sm" onClick={() => void dashboard.refetch()}>
            <RefreshCw aria-hidden />
            {t('dashboard.retry')}
          </Button>
        </div>
      )}
      {dashboard.data && (
        <>
          <StatsCards stats={dashboard.data.stats} />
          <RecentActivity activity={dashboard.data.recentActivity} now={dashboard.dataUpdatedAt} />
        </>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        {dashboard.data && <SystemStatus system={dashboard.data.system} now={dashboard.dataUpdatedAt} />}
        <MessageList />
      </div>
    </div>
  );
}
