import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ContactButton } from '../features/contact/ContactButton';
import { useCurrentYear } from './use-current-year';

const linkClass =
  'rounded underline-offset-4 hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring';

export function Footer() {
  const { t } = useTranslation();
  const year = useCurrentYear();
  return (
    <footer className="mt-16 border-t border-border">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-3 px-4 py-8 text-center text-sm text-muted-foreground">
        <nav aria-label={t('footer.nav')}>
          <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2">
            <li>
              <Link href="/about" className={linkClass}>
                {t('footer.about')}
              </Link>
            </li>
            <li>
              <Link href="/privacy" className={linkClass}>
                {t('footer.privacy')}
              </Link>
            </li>
            <li>
              <ContactButton className={linkClass} />
            </li>
          </ul>
        </nav>
        <p>{t('footer.localNote')}</p>
        <p>{t('footer.copyright', { year })}</p>
      </div>
    </footer>
  );
}
