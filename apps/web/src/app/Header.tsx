import { FileArchive } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LanguageSwitcher } from '../features/language/LanguageSwitcher';
import { ThemeToggle } from '../features/theme/ThemeToggle';

export function Header() {
  const { t } = useTranslation();
  return (
    <header className="border-b border-border bg-card/60 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link href="/" className="flex min-w-0 items-center gap-3 rounded focus-visible:outline-2 focus-visible:outline-ring">
          <FileArchive aria-hidden className="size-8 shrink-0 text-primary" />
          <span className="min-w-0">
            <span className="block text-lg leading-tight font-bold">{t('header.title')}</span>
            <span className="hidden text-xs text-muted-foreground sm:block">{t('header.subtitle')}</span>
          </span>
        </Link>
        <div className="flex items-center gap-2">
          <LanguageSwitcher />
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}
