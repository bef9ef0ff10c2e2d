import { CONTACT_MESSAGE_RETENTION_DAYS } from '@archive-opener/shared';
import { CONTACT_HONEYPOT_FIELD, CONTACT_LIMITS, type ContactField as Field } from '@archive-opener/shared/api';
import { Loader2, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../components/ui/Button';
import { useHydrated } from '../../lib/use-hydrated';
import { ContactField } from './ContactField';
import type { ContactFormState } from './use-contact-form';

/** The message's character counter appears once this share of the limit is used. */
const COUNTER_FROM = 0.9;

interface ContactFormProps {
  form: ContactFormState;
  /** Shown as a Cancel button when given (the dialog). */
  onCancel?: () => void;
  /** Called when the visitor follows the privacy link (the dialog closes). */
  onNavigate?: () => void;
}

/**
 * The contact form of the footer's dialog and of the about page. The about page is prerendered,
 * so it renders the same on the server and in the browser, and cannot be sent before the page is
 * hydrated (the browser would otherwise submit it as a plain HTML form).
 */
export function ContactForm({ form, onCancel, onNavigate }: ContactFormProps) {
  const { t } = useTranslation('contact');
  const hydrated = useHydrated();
  const { values, problems, fieldRefs, setValue, sending } = form;

  const problemText = (field: Field) => {
    const problem = problems[field];
    if (problem === 'tooLong') return t('problems.tooLong', { count: CONTACT_LIMITS[field] });
    return problem ? t(`problems.${problem}`) : undefined;
  };

  const length = values.message.length;
  const max = CONTACT_LIMITS.message;
  const counter =
    length >= max * COUNTER_FROM ? (
      <>
        <span aria-hidden>{t('counter', { length, max })}</span>
        <span className="sr-only">{t('counterLabel', { length, count: max })}</span>
      </>
    ) : undefined;

  return (
    <form noValidate onSubmit={form.submit} className="space-y-4">
      <ContactField label={t('fields.name')} problem={problemText('name')}>
        {(control) => (
          <input
            {...control}
            ref={fieldRefs.name}
            name="name"
            type="text"
            dir="auto"
            autoComplete="name"
            required
            maxLength={CONTACT_LIMITS.name}
            value={values.name}
            onChange={(event) => setValue('name', event.target.value)}
            className={`${control.className} h-10`}
          />
        )}
      </ContactField>
      <ContactField label={t('fields.email')} problem={problemText('email')}>
        {(control) => (
          <input
            {...control}
            ref={fieldRefs.email}
            name="email"
            type="email"
            dir="ltr"
            autoComplete="email"
            spellCheck={false}
            required
            maxLength={CONTACT_LIMITS.email}
            value={values.email}
            onChange={(event) => setValue('email', event.target.value)}
            className={`${control.className} h-10`}
          />
        )}
      </ContactField>
      <ContactField label={t('fields.message')} problem={problemText('message')} note={counter}>
        {(control) => (
          <textarea
            {...control}
            ref={fieldRefs.message}
            name="message"
            dir="auto"
            rows={4}
            required
            maxLength={max}
            value={values.message}
            onChange={(event) => setValue('message', event.target.value)}
            className={`${control.className} min-h-24 resize-y py-2`}
          />
        )}
      </ContactField>
      {/* A trap for bots, which fill in every field: out of sight, out of the tab order and of the
          accessibility tree, but not display:none (some bots skip hidden fields). */}
      <div aria-hidden className="sr-only">
        <label>
          {t('fields.website')}
          <input
            type="text"
            name={CONTACT_HONEYPOT_FIELD}
            tabIndex={-1}
            autoComplete="off"
            value={values[CONTACT_HONEYPOT_FIELD]}
            onChange={(event) => setValue(CONTACT_HONEYPOT_FIELD, event.target.value)}
          />
        </label>
      </div>
      <p className="text-xs leading-relaxed text-muted-foreground">
        {t('privacy.text', { count: CONTACT_MESSAGE_RETENTION_DAYS })}{' '}
        <Link href="/privacy" onClick={onNavigate} className="text-primary underline underline-offset-4 hover:no-underline">
          {t('privacy.link')}
        </Link>
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="outline" onClick={onCancel}>
            {t('cancel')}
          </Button>
        )}
        <Button type="submit" disabled={!hydrated || sending}>
          {sending ? <Loader2 aria-hidden className="animate-spin" /> : <Send aria-hidden className="rtl:-scale-x-100" />}
          {sending ? t('sending') : t('submit')}
        </Button>
      </div>
    </form>
  );
}
