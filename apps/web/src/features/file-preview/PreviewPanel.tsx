import { Info, LoaderCircle, ShieldAlert, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn';
import { isGone } from '../file-manager/files-expiry';

/**
 * The preview area under a file card: notices stay above, the content scrolls within ~24rem
 * (docs/product.md#previews). Focusable and labelled so keyboard users can scroll it with arrow
 * keys.
 */
export function PreviewPanel({ name, notices, children }: { name: string; notices?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mt-2 space-y-2">
      {notices}
      <div
        role="region"
        tabIndex={0}
        aria-label={t('filePreview.panelLabel', { name })}
        className="max-h-96 overflow-auto rounded-md border border-border bg-muted/50 focus-visible:outline-2 focus-visible:outline-ring"
      >
        {children}
      </div>
    </div>
  );
}

const NOTICE_TONES = {
  info: { Icon: Info, className: 'text-muted-foreground' },
  warning: { Icon: TriangleAlert, className: 'text-amber-700 dark:text-amber-400' },
  danger: { Icon: ShieldAlert, className: 'text-destructive' },
} as const;

export function PreviewNotice({ tone, children }: { tone: keyof typeof NOTICE_TONES; children: ReactNode }) {
  const { Icon, className } = NOTICE_TONES[tone];
  return (
    <p className={cn('flex items-start gap-1.5 text-start text-xs', className)}>
      <Icon aria-hidden className="mt-px size-3.5 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

export function PreviewLoading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="flex items-center gap-2 p-3 text-sm text-muted-foreground">
      <LoaderCircle aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
      {t('filePreview.loading')}
    </p>
  );
}

export function PreviewMessage({ children, error = false }: { children: ReactNode; error?: boolean }) {
  return <p className={cn('p-3 text-start text-sm', error ? 'text-destructive' : 'text-muted-foreground')}>{children}</p>;
}

/** A preview that failed: said as expired when the server has deleted the file, else `fallback`. */
export function PreviewFailure({ error, fallback }: { error: unknown; fallback: string }) {
  const { t } = useTranslation();
  return <PreviewMessage error>{isGone(error) ? t('extractor.server.errors.expired.text') : fallback}</PreviewMessage>;
}
