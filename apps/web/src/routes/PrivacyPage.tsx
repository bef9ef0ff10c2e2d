import { PRIVACY_POLICY_UPDATED } from '@archive-opener/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { usePageHead } from '../app/head/use-page-head';
import { ArticlePage, ArticleSection, BulletList } from '../features/pages/ArticleSection';
import { policyNumbers } from '../features/pages/policy-numbers';
import { useServerSettings } from '../features/server-extraction/use-server-settings';

const COLLECTED = ['browser', 'server', 'statistics', 'checks', 'contact', 'technical'] as const;
const RETENTION = ['browser', 'upload', 'files', 'jobs', 'statistics', 'checks', 'messages'] as const;

export function PrivacyPage() {
  const { t, i18n } = useTranslation('privacy');
  usePageHead('/privacy', 'privacy');
  const numbers = policyNumbers(i18n.resolvedLanguage, useServerSettings());
  // Noon UTC, so the calendar day is the same in every time zone the page is rendered in.
  const updated = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${PRIVACY_POLICY_UPDATED}T12:00:00Z`),
  );
  return (
    <ArticlePage
      title={t('title')}
      lead={
        <>
          <p className="text-sm text-muted-foreground">
            <time dateTime={PRIVACY_POLICY_UPDATED}>{t('lastUpdated', { date: updated })}</time>
          </p>
          <p className="text-lg text-pretty text-muted-foreground">{t('intro')}</p>
        </>
      }
    >
      <ArticleSection id="overview" title={t('overview.title')}>
        <p>{t('overview.text')}</p>
      </ArticleSection>
      <ArticleSection id="collected" title={t('collected.title')}>
        <BulletList items={COLLECTED.map((key) => ({ key, text: t(`collected.${key}`) }))} />
      </ArticleSection>
      <ArticleSection id="processing" title={t('processing.title')}>
        <p>{t('processing.text1')}</p>
        <p>{t('processing.text2', numbers)}</p>
        <p>{t('processing.text3')}</p>
        <p>{t('processing.visitors', numbers)}</p>
      </ArticleSection>
      <ArticleSection id="retention" title={t('retention.title')}>
        <BulletList items={RETENTION.map((key) => ({ key, text: t(`retention.${key}`, numbers) }))} />
      </ArticleSection>
      <ArticleSection id="legal" title={t('legal.title')}>
        <p>{t('legal.text1')}</p>
        <p>{t('legal.text2')}</p>
      </ArticleSection>
      <ArticleSection id="cookies" title={t('cookies.title')}>
        <p>{t('cookies.text')}</p>
      </ArticleSection>
      <ArticleSection id="changes" title={t('changes.title')}>
        <p>{t('changes.text')}</p>
      </ArticleSection>
      <ArticleSection id="questions" title={t('questions.title')}>
        <p>
          {t('questions.text')}{' '}
          <Link href="/about" className="text-primary underline underline-offset-4 hover:no-underline">
            {t('footer.about', { ns: 'translation' })}
          </Link>
        </p>
      </ArticleSection>
    </ArticlePage>
  );
}

export default PrivacyPage;
