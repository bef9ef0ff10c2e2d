import { useTranslation } from 'react-i18next';
import { ArticleSection } from '../pages/ArticleSection';
import { ContactForm } from './ContactForm';
import { useContactForm } from './use-contact-form';

/** The about page's last section: the footer dialog's form, in the page. */
export function ContactSection() {
  const { t } = useTranslation('contact');
  const form = useContactForm();
  return (
    <ArticleSection id="contact" title={t('section.title')}>
      <p>{t('section.text')}</p>
      <div className="rounded-xl border border-border bg-card p-5 text-card-foreground sm:p-6">
        <ContactForm form={form} />
      </div>
    </ArticleSection>
  );
}
