import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_MESSAGES_PER_HOUR,
  contactProblems,
  type ContactField,
  type ContactFieldProblem,
} from '@archive-opener/shared/api';
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/toast/notify';
import { sendContactMessage, type ContactSendProblem } from './send-contact-message';

export const CONTACT_FIELDS = ['name', 'email', 'message'] as const satisfies readonly ContactField[];

export type ContactValues = Record<ContactField | typeof CONTACT_HONEYPOT_FIELD, string>;

const EMPTY: ContactValues = { name: '', email: '', message: '', [CONTACT_HONEYPOT_FIELD]: '' };

export interface ContactFormState {
  values: ContactValues;
  setValue: (field: keyof ContactValues, value: string) => void;
  /** The first problem of each field; empty until the visitor first tries to send. */
  problems: Partial<Record<ContactField, ContactFieldProblem>>;
  sending: boolean;
  fieldRefs: {
    name: RefObject<HTMLInputElement | null>;
    email: RefObject<HTMLInputElement | null>;
    message: RefObject<HTMLTextAreaElement | null>;
  };
  submit: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * The contact form's state, shared by the footer's dialog and the about page: checks the fields
 * with the server's own schema when the visitor sends (then again as they correct them), sends,
 * and tells the outcome with the original product's toasts. `onSent` runs after a successful
 * send, once the fields are cleared (the dialog closes).
 */
export function useContactForm(onSent?: () => void): ContactFormState {
  const { t } = useTranslation('contact');
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [checked, setChecked] = useState(false);
  const [sending, setSending] = useState(false);
  const fieldRefs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    message: useRef<HTMLTextAreaElement>(null),
  };

  const showRefusal = (problem: ContactSendProblem) => {
    if (problem === 'rateLimited') {
      notify.error(t('toast.rateLimitedTitle'), {
        description: t('toast.rateLimitedText', { count: CONTACT_MESSAGES_PER_HOUR }),
      });
    } else {
      notify.error(t('toast.errorTitle'), { description: t('toast.failedText') });
    }
  };

  const send = async () => {
    setSending(true);
    const result = await sendContactMessage(values);
    setSending(false);
    if (!result.ok) {
      console.warn(`Contact message not sent (${result.detail})`);
      showRefusal(result.problem);
      return;
    }
    notify.success(t('toast.sentTitle'), { description: t('toast.sentText') });
    setValues(EMPTY);
    setChecked(false);
    onSent?.();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setChecked(true);
    const found = contactProblems(values);
    const firstInvalid = CONTACT_FIELDS.find((field) => found[field]);
    if (!firstInvalid) {
      void send();
      return;
    }
    if (Object.values(found).includes('required')) {
      notify.error(t('toast.errorTitle'), { description: t('toast.emptyText') });
    }
    fieldRefs[firstInvalid].current?.focus();
  };

  return {
    values,
    setValue: (field, value) => setValues((current) => ({ ...current, [field]: value })),
    problems: checked ? contactProblems(values) : {},
    sending,
    fieldRefs,
    submit,
  };
}
