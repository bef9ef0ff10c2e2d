import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { Dashboard } from './Dashboard';
import { LoginForm } from './LoginForm';
import { useAdminSession } from './use-admin-session';

/**
 * Login form or dashboard, as the server says. Until it has answered (and in the prerendered
 * HTML) a neutral "Checking your session…": a logged-in admin never sees the form flash.
 */
export function AdminPanel() {
  const { t } = useTranslation('admin');
  const session = useAdminSession();

  if (session.isPending) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-24 text-muted-foreground">
        <LoaderCircle aria-hidden className="size-5 animate-spin motion-reduce:animate-none" />
        {t('checkingSession')}
      </p>
    );
  }
  if (session.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-4 py-24 text-center">
        <p>{t('sessionError.title')}</p>
        <Button variant="outline" onClick={() => void session.refetch()}>
          {t('sessionError.retry')}
        </Button>
      </div>
    );
  }
  return session.data ? <Dashboard /> : <LoginForm />;
}
