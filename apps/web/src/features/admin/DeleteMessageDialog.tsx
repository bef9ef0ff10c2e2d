import * as Dialog from '@radix-ui/react-dialog';
import type { AdminMessage } from '@archive-opener/shared/api';
import { LoaderCircle, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogCloseButton } from '../../components/ui/DialogCloseButton';
import { Button } from '../../components/ui/Button';
import { useDeleteMessage } from './use-messages';

interface DeleteMessageDialogProps {
  message: AdminMessage;
  onDeleted: () => void;
}

/** Delete, after a confirmation: a message cannot be brought back. */
export function DeleteMessageDialog({ message, onDeleted }: DeleteMessageDialogProps) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const remove = useDeleteMessage();
  // Set once the server confirms: focus then goes to the list, the trigger button being gone.
  const deleted = useRef(false);

  const confirm = () =>
    remove.mutate(message.id, {
      onSuccess: () => {
        deleted.current = true;
        setOpen(false);
      },
    });

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <Dialog.Trigger asChild>
        <Button
          size="sm"
          variant="outline"
          className="text-destructive"
          aria-label={t('messages.deleteLabel', { name: message.name })}
        >
          <Trash2 aria-hidden />
          {t('messages.delete')}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            if (!deleted.current) return;
            event.preventDefault();
            onDeleted();
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl border border-border bg-card p-6 text-card-foreground shadow-xl"
        >
          <Dialog.Title className="pe-8 text-lg font-semibold">{t('messages.confirmTitle')}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted-foreground">
            {t('messages.confirmText', { name: message.name })}
          </Dialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="outline" disabled={remove.isPending}>
                {t('messages.cancel')}
              </Button>
            </Dialog.Close>
            <Button variant="destructive" onClick={confirm} disabled={remove.isPending} aria-busy={remove.isPending}>
              {remove.isPending ? (
                <LoaderCircle aria-hidden className="animate-spin motion-reduce:animate-none" />
              ) : (
                <Trash2 aria-hidden />
              )}
              {t('messages.confirmDelete')}
            </Button>
          </div>
          <DialogCloseButton label={t('messages.close')} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
