import { Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn';
import type { ThemePreference } from './theme-preference';
import { useTheme } from './use-theme';

const OPTIONS: { value: ThemePreference; Icon: typeof Sun }[] = [
  { value: 'light', Icon: Sun },
  { value: 'dark', Icon: Moon },
  { value: 'system', Icon: Monitor },
];

/** Light / dark / system as a labelled group of toggle buttons. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const [preference, choose] = useTheme();
  return (
    <div role="group" aria-label={t('theme.label')} className="inline-flex rounded-md border border-border p-0.5">
      {OPTIONS.map(({ value, Icon }) => (
        <button
          key={value}
          type="button"
          aria-pressed={preference === value}
          title={t(`theme.${value}`)}
          onClick={() => choose(value)}
          className={cn(
            'inline-flex size-8 items-center justify-center rounded text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
            preference === value && 'bg-muted text-foreground',
          )}
        >
          <Icon aria-hidden className="size-4" />
          <span className="sr-only">{t(`theme.${value}`)}</span>
        </button>
      ))}
    </div>
  );
}
