import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { HomeSection } from './HomeSection';
import { useServerSettings } from '../server-extraction/use-server-settings';
import { homeFacts } from './home-facts';

const QUESTIONS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/**
 * Ten questions as native <details>: keyboard and screen-reader support come from the browser, and
 * the answers are in the HTML for crawlers and for visitors without JavaScript.
 */
export function Faq() {
  const { t } = useTranslation();
  const facts = homeFacts(useServerSettings());
  return (
    <HomeSection id="faq" title={t('home.faq.title')} subtitle={t('home.faq.subtitle')}>
      <div className="mx-auto flex max-w-3xl flex-col gap-3">
        {QUESTIONS.map((n) => (
          <details key={n} className="group rounded-xl border border-border bg-card text-card-foreground">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
              <h3 className="font-semibold">{t(`home.faq.q${n}`)}</h3>
              <ChevronDown
                aria-hidden
                className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
              />
            </summary>
            <p className="max-w-prose px-5 pt-1 pb-5 text-sm leading-relaxed text-muted-foreground sm:text-base">
              {t(`home.faq.a${n}`, facts)}
            </p>
          </details>
        ))}
      </div>
    </HomeSection>
  );
}
