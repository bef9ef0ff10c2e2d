// The footer's Contact button. It is on every page, so it carries nothing but itself: the
// dialog's code (with zod) and its strings are fetched when a visitor points at, focuses or
// clicks it, never with the page.
import { Suspense, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn';
import type { ContactDialogProps } from './ContactDialog';

type DialogComponent = ComponentType<ContactDialogProps>;

let dialogCode: Promise<DialogComponent> | undefined;

/** Fetched once; a failed fetch (offline) is tried again on the next attempt. */
function loadDialogCode(): Promise<DialogComponent> {
  dialogCode ??= import('./ContactDialog').then(
    (module) => module.default,
    (error: unknown) => {
      dialogCode = undefined;
      throw error;
    },
  );
  return dialogCode;
}

export function ContactButton({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [Dialog, setDialog] = useState<DialogComponent | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const prepare = async () => {
    const [component] = await Promise.all([loadDialogCode(), i18n.loadNamespaces('contact')]);
    return component;
  };
  const preload = () => {
    if (!Dialog) prepare().catch(() => undefined);
  };
  const openDialog = () => {
    if (Dialog) {
      setOpen(true);
      return;
    }
    setLoading(true);
    prepare().then(
      (component) => {
        setDialog(() => component);
        setOpen(true);
        setLoading(false);
      },
      (error: unknown) => {
        setLoading(false);
        console.warn('The contact form could not be loaded', error);
      },
    );
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-busy={loading || undefined}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={openDialog}
        className={cn(className, 'cursor-pointer aria-busy:cursor-progress')}
      >
        {t('footer.contact')}
      </button>
      {Dialog && (
        // The strings are loaded before the first opening; this only covers a later change of language.
        <Suspense fallback={null}>
          <Dialog open={open} onOpenChange={setOpen} returnFocusTo={buttonRef} />
        </Suspense>
      )}
    </>
  );
}
