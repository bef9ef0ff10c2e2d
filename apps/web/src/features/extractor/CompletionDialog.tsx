import * as Dialog from '@radix-ui/react-dialog';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogCloseButton } from '../../components/ui/DialogCloseButton';

const AUTO_CLOSE_MS = 3000;
const DETAILS_DELAY_MS = 500;

interface CompletionDialogProps {
  fileCount: number;
  onClose: () => void;
  /**
   * Where focus goes when the dialog closes (the file manager's heading): the Extract button that
   * had it is disabled by then, so the browser would drop it on <body>.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * "Extraction Complete!": closes itself after 3 s, its details appear after 0.5 s
 * (docs/product.md#when-extraction-ends).
 */
export default function CompletionDialog({ fileCount, onClose, returnFocusTo }: CompletionDialogProps) {
  const { t } = useTranslation();
  const [showDetails, setShowDetails] = useState(false);

  useEffect(() => {
    const details = setTimeout(() => setShowDetails(true), DETAILS_DELAY_MS);
    const close = setTimeout(onClose, AUTO_CLOSE_MS);
    return () => {
      clearTimeout(details);
      clearTimeout(close);
    };
  }, [onClose]);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo?.current;
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl border border-border bg-card p-6 text-center shadow-xl"
        >
          <CheckCircle2 aria-hidden className="mx-auto mb-3 size-12 text-success" />
          <Dialog.Title className="text-xl font-semibold">{t('extractor.complete.title')}</Dialog.Title>
          <Dialog.Description className="mt-2 text-muted-foreground">
            {t('extractor.complete.text', { count: fileCount })}
          </Dialog.Description>
          <p className={showDetails ? 'mt-1 text-sm text-success' : 'invisible mt-1 text-sm'}>
            {t('extractor.complete.details')}
          </p>
          <DialogCloseButton label={t('extractor.complete.close')} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
