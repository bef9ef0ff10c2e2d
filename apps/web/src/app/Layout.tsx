import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Toaster } from 'sonner';
import { Footer } from './Footer';
import { useIsDark } from '../features/theme/use-is-dark';
import { Header } from './Header';

export function Layout() {
  const { t } = useTranslation();
  const dark = useIsDark();
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-card focus:px-3 focus:py-2"
      >
        {t('skipToContent')}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 outline-none">
        <Outlet />
      </main>
      <Footer />
      {/* The spec's toaster: 3 visible, 4 s, bottom-right. */}
      <Toaster position="bottom-right" visibleToasts={3} duration={4000} closeButton theme={dark ? 'dark' : 'light'} />
    </>
  );
}
