import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogCloseButton } from '../../components/ui/DialogCloseButton';
import { ContactForm } from './ContactForm';
import { useContactForm } from './use-contact-form';

export interface ContactDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the dialog: focus goes back to it when the dialog closes. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/**
 * The footer's contact dialog (docs/product.md#contact): closes on Cancel, the close icon, Escape or after
 * a successful send. It stays mounted while closed, so a visitor who closes it by mistake finds
 * their text again. Loaded (with its strings) only when a visitor first wants it.
 *
 * While a message is on its way it cannot be dismissed: a close then (a stray Escape, a second
 * click landing on the overlay) hid the form before the outcome, so the dialog was gone with no
 * "Message sent!" yet, and leaving the page before the answer lost the toast for a message the
 * server had stored. It closes itself once the answer is in and the toast is on its way.
 */
export default function ContactDialog({ open, onOpenChange, returnFocusTo }: ContactDialogProps) {
  const { t } = useTranslation('contact');
  const form = useContactForm(() => onOpenChange(false));
  const changeOpen = (next: boolean) => {
    if (!next && form.sending) return;
    onOpenChange(next);
  };
  const close = () => changeOpen(false);
  // Following the privacy link closes the dialog; focus then belongs to the new page, not the footer.
  const leaving = useRef(false);

  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!leaving.current) returnFocusTo.current?.focus();
            leaving.current = false;
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[min(calc(100vw-2rem),500px)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-border bg-card p-6 text-card-foreground shadow-xl"
        >
          <Dialog.Title className="pe-8 text-xl font-semibold">{t('dialog.title')}</Dialog.Title>
          <Dialog.Description className="mt-1.5 mb-5 text-sm text-muted-foreground">{t('dialog.description')}</Dialog.Description>
          <ContactForm
            form={form}
            onCancel={close}
            onNavigate={() => {
              leaving.current = true;
              close();
            }}
          />
          <DialogCloseButton label={t('dialog.close')} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
