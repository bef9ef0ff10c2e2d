import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';

/** The close icon in a dialog's top corner (the end side, so it follows right-to-left pages). */
export function DialogCloseButton({ label }: { label: string }) {
  return (
    <Dialog.Close
      aria-label={label}
      className="absolute end-3 top-3 rounded p-1 text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
    >
      <X aria-hidden className="size-4" />
    </Dialog.Close>
  );
}
