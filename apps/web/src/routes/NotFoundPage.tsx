import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { usePageHead } from '../app/head/use-page-head';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageHead(null, 'notFound');
  return (
    <section className="flex flex-col items-center gap-6 py-24 text-center">
      <p aria-hidden className="text-6xl font-bold text-primary">
        404
      </p>
      <h1 className="text-2xl font-semibold">{t('notFound.title')}</h1>
      <p className="text-muted-foreground">{t('notFound.text')}</p>
      <Link href="/" className="text-primary underline underline-offset-4 hover:no-underline">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
