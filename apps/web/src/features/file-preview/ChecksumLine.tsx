import { Check, Copy, LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button';
import type { ExtractedFile } from '../file-manager/extracted-file';
import { useFileChecksum } from '../integrity/use-checksums';

/** How long the copy button shows its check mark (docs/product.md#interface-timings). */
const COPIED_MS = 2000;

/**
 * The file card's SHA-256 line, filled in without a click: a file extracted on the server comes
 * with the checksum the server computed while extracting; a file extracted in the page is hashed
 * by the checksum worker in the background, the cards on screen first
 * (docs/decisions/035-integrity-and-safety-report.md). Not a live region: hundreds of lines
 * filling in would drown a screen reader. Button names carry the file name, as a page holds many
 * of these lines.
 */
export function ChecksumLine({ file }: { file: ExtractedFile }) {
  const { t } = useTranslation();
  const { state, retry } = useFileChecksum(file);
  return (
    <div data-checksum={state.status} className="flex min-w-0 flex-wrap items-center gap-2 text-xs text-muted-foreground">
      {state.status === 'done' ? (
        <ChecksumValue hash={state.sha256} name={file.name} />
      ) : state.status === 'failed' ? (
        <>
          <p className="text-destructive">{t('filePreview.checksum.failed')}</p>
          <Button
            variant="outline"
            size="sm"
            aria-label={t('filePreview.checksum.retryFile', { name: file.name })}
            onClick={retry}
          >
            {t('filePreview.checksum.retry')}
          </Button>
        </>
      ) : (
        <p className="flex min-h-8 items-center gap-1.5">
          <LoaderCircle aria-hidden className="size-3.5 animate-spin motion-reduce:animate-none" />
          {t('filePreview.checksum.computing')}
        </p>
      )}
    </div>
  );
}

function ChecksumValue({ hash, name }: { hash: string; name: string }) {
  const { t } = useTranslation();
  const [copiedAt, setCopiedAt] = useState<number | null>(null);

  useEffect(() => {
    if (copiedAt === null) return;
    const timer = setTimeout(() => setCopiedAt(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copiedAt]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(hash);
      setCopiedAt(Date.now());
      toast.success(t('filePreview.checksum.copiedTitle'), { description: t('filePreview.checksum.copiedDescription') });
    } catch {
      // Also reached without the Clipboard API (insecure context), where `navigator.clipboard` is undefined.
      toast.error(t('filePreview.checksum.copyFailedTitle'), { description: t('filePreview.checksum.copyFailedDescription') });
    }
  };

  return (
    <>
      <p className="min-w-0 flex-1 text-start">
        <span className="me-1">{t('filePreview.checksum.label')}</span>
        <code dir="ltr" className="font-mono break-all text-foreground">
          {hash}
        </code>
      </p>
      <Button
        variant="ghost"
        size="icon"
        className="shrink-0"
        aria-label={t('filePreview.checksum.copyFile', { name })}
        title={t('filePreview.checksum.copy')}
        onClick={() => void copy()}
      >
        {copiedAt === null ? <Copy aria-hidden /> : <Check aria-hidden className="text-success" />}
      </Button>
    </>
  );
}
