import * as Dialog from '@radix-ui/react-dialog';
import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import type { Asking } from './use-password-prompt';

/**
 * The batch's password question (use-password-prompt.ts), loaded when first asked: Radix Dialog
 * stays out of the home page's first load.
 */
export default function PasswordPrompt({ asking }: { asking: Asking }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const id = useId();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && asking.answer(null)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          data-password-prompt
          className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl border border-border bg-card p-6 shadow-xl"
        >
          <Dialog.Title className="flex items-center gap-2 text-lg font-semibold">
            <KeyRound aria-hidden className="size-5 text-primary" />
            <span className="min-w-0 break-words">{t('integrity.password.title', { name: asking.archiveName })}</span>
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted-foreground">
            {asking.wrong ? t('integrity.password.wrong') : t('integrity.password.text')}
          </Dialog.Description>
          <form
            className="mt-4 flex flex-col gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              if (value !== '') asking.answer(value);
            }}
          >
            <label htmlFor={id} className="text-sm font-medium">
              {t('integrity.password.label')}
            </label>
            <input
              id={id}
              type="password"
              value={value}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setValue(event.target.value)}
              className="h-11 w-full rounded-md border border-input bg-background px-3 text-base focus-visible:outline-2 focus-visible:outline-ring"
            />
            <p className="text-xs text-muted-foreground">{t('integrity.password.batchNote')}</p>
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => asking.answer(null)}>
                {t('integrity.password.skip')}
              </Button>
              <Button type="submit" disabled={value === ''}>
                {t('integrity.password.submit')}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
