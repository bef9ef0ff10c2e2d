import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/toast/notify';
import { createAdminQueryClient } from './admin-query-client';
import { AdminPanel } from './AdminPanel';

/**
 * The admin page's own query client: TanStack Query lives in this chunk only, and everything it
 * holds (the session's CSRF token included) is gone with the page.
 */
export function AdminApp() {
  const { i18n } = useTranslation('admin');
  const [client] = useState(() => createAdminQueryClient(() => notify.info(i18n.t('session.ended', { ns: 'admin' }))));
  return (
    <QueryClientProvider client={client}>
      <AdminPanel />
    </QueryClientProvider>
  );
}
