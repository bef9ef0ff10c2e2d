import { Download, FolderOpen, KeyRound, PackageOpen, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { HomeSection } from './HomeSection';

type Step = 1 | 2 | 3 | 4;

const STEPS: { step: Step; Icon: LucideIcon }[] = [
  { step: 1, Icon: FolderOpen },
  { step: 2, Icon: KeyRound },
  { step: 3, Icon: PackageOpen },
  { step: 4, Icon: Download },
];

/** The four steps of using the site, as an ordered list of cards. */
export function HowToUse() {
  const { t } = useTranslation();
  return (
    <HomeSection id="how-to" title={t('home.howTo.title')} subtitle={t('home.howTo.subtitle')}>
      <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {STEPS.map(({ step, Icon }) => (
          <li key={step} className="relative rounded-xl border border-border bg-card p-5 text-card-foreground">
            <div className="flex items-center justify-between gap-3">
              <span
                aria-hidden
                className="inline-flex size-8 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
              >
                {step}
              </span>
              <Icon aria-hidden className="size-5 text-primary" />
            </div>
            <h3 className="mt-4 font-semibold">{t(`home.howTo.step${step}Title`)}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{t(`home.howTo.step${step}`)}</p>
          </li>
        ))}
      </ol>
    </HomeSection>
  );
}
