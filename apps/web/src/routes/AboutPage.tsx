import { Cpu, Download, FolderTree, KeyRound, Languages, Layers, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { usePageHead } from '../app/head/use-page-head';
import { ContactSection } from '../features/contact/ContactSection';
import { ArticlePage, ArticleSection, BulletList } from '../features/pages/ArticleSection';
import { policyNumbers } from '../features/pages/policy-numbers';
import { useServerSettings } from '../features/server-extraction/use-server-settings';

const FEATURES: { key: 'formats' | 'passwords' | 'volumes' | 'manager' | 'downloads' | 'languages'; Icon: LucideIcon }[] = [
  { key: 'formats', Icon: Layers },
  { key: 'passwords', Icon: KeyRound },
  { key: 'volumes', Icon: Cpu },
  { key: 'manager', Icon: FolderTree },
  { key: 'downloads', Icon: Download },
  { key: 'languages', Icon: Languages },
];

const COMMITMENTS = ['local', 'password', 'deletion', 'tracking'] as const;
const DEVICES = ['desktop', 'mobile', 'limits'] as const;

export function AboutPage() {
  const { t, i18n } = useTranslation('about');
  usePageHead('/about', 'about');
  const numbers = policyNumbers(i18n.resolvedLanguage, useServerSettings());
  return (
    <ArticlePage title={t('title')} lead={<p className="text-lg text-pretty text-muted-foreground">{t('intro')}</p>}>
      <ArticleSection id="mission" title={t('mission.title')}>
        <p>{t('mission.text')}</p>
      </ArticleSection>
      <ArticleSection id="story" title={t('story.title')}>
        <p>{t('story.text1')}</p>
        <p>{t('story.text2')}</p>
      </ArticleSection>
      <ArticleSection id="features" title={t('features.title')}>
        <ul className="grid gap-4 pt-2 sm:grid-cols-2">
          {FEATURES.map(({ key, Icon }) => (
            <li key={key} className="rounded-xl border border-border bg-card p-5 text-card-foreground">
              <Icon aria-hidden className="size-5 text-primary" />
              <h3 className="mt-3 font-semibold">{t(`features.${key}.title`)}</h3>
              <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{t(`features.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </ArticleSection>
      <ArticleSection id="commitments" title={t('commitments.title')}>
        <BulletList items={COMMITMENTS.map((key) => ({ key, text: t(`commitments.${key}`, numbers) }))} />
        <p>
          <Link href="/privacy" className="text-primary underline underline-offset-4 hover:no-underline">
            {t('commitments.more')}
          </Link>
        </p>
      </ArticleSection>
      <ArticleSection id="devices" title={t('devices.title')}>
        <p>{t('devices.text')}</p>
        <BulletList items={DEVICES.map((key) => ({ key, text: t(`devices.${key}`, numbers) }))} />
      </ArticleSection>
      <ContactSection />
    </ArticlePage>
  );
}

export default AboutPage;
