import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DeferredToaster } from '../components/toast/DeferredToaster';
import { Footer } from './Footer';
import { Header } from './Header';

export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-card focus:px-3 focus:py-2"
      >
        {t('skipToContent')}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 outline-none">
        {/* A page whose code or strings are still loading (first visit to /about) shows this. */}
        <Suspense fallback={<p className="py-24 text-center text-muted-foreground">{t('loading')}</p>}>{children}</Suspense>
      </main>
      <Footer />
      <DeferredToaster />
    </>
  );
}
