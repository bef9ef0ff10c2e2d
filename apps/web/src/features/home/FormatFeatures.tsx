import { Archive, FileArchive, Package, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { HomeSection } from './HomeSection';

type FeatureFormat = 'rar' | 'zip' | '7z';

const FEATURES: { format: FeatureFormat; Icon: LucideIcon }[] = [
  { format: 'rar', Icon: Archive },
  { format: 'zip', Icon: FileArchive },
  { format: '7z', Icon: Package },
];

/** What we do for the three formats visitors bring most: RAR, ZIP and 7Z. */
export function FormatFeatures() {
  const { t } = useTranslation();
  return (
    <HomeSection id="features" title={t('home.features.title')} subtitle={t('home.features.subtitle')}>
      <ul className="grid gap-4 md:grid-cols-3">
        {FEATURES.map(({ format, Icon }) => (
          <li key={format} className="rounded-xl border border-border bg-card p-6 text-card-foreground">
            <span className="inline-flex rounded-lg bg-accent p-2.5 text-accent-foreground">
              <Icon aria-hidden className="size-6" />
            </span>
            <h3 className="mt-4 text-lg font-semibold">{t(`home.features.${format}.title`)}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{t(`home.features.${format}.description`)}</p>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
